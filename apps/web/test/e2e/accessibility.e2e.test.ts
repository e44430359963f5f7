// Accessibility, checked by a tool: axe-core's WCAG 2.1 A/AA rules on every screen, at 1280 and 390 px,
// in the states people meet them (a guest and an account, a room waiting for players, a game in play
// with its chat, the result, the replay, Home with a finished game listed). Each screen has 0 violations.
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE, accessibilityViolations, move, sees, useSession } from './harness';

const session = useSession();
const url = (path: string) => session.server.url + path;

/** Every screen, visited in order by one person; `found` gets each screen's violations by name. */
async function tour(page: Page, username: string, found: Record<string, string[]>) {
  const check = async (screen: string) => {
    found[screen] = await accessibilityViolations(page);
  };

  await page.goto(url('/#/account'));
  await page.waitForSelector('form[data-mode]');
  await check('account (guest)');
  if ((await page.getAttribute('form[data-mode]', 'data-mode')) === 'login') await page.click('[data-action="switch-mode"]');
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', 'password123');
  await page.click('[data-action="register"]');
  await page.waitForSelector(`[data-account="${username}"]`); // registered: Home
  await page.waitForSelector('[data-action="create-room"]:not([disabled])');
  await check('home');

  await page.goto(url('/#/account'));
  await page.waitForSelector(`[data-logged-in="${username}"]`);
  await check('account');

  // a room waiting for its players: seats, options, chat
  await page.goto(url('/'));
  await page.click('[data-action="create-room"]:not([disabled])');
  await page.waitForSelector('[data-room-code]');
  await page.click('[data-seat="black"] [data-action="sit"]');
  await page.waitForSelector('[data-seat="black"][data-kind="human"]');
  await check('room');

  // a game in play against the CPU, with a chat line and a piece picked up
  await page.goto(url('/'));
  await page.selectOption('select[name="cpuLevel"]', '1');
  await page.click('[data-action="play-cpu"]:not([disabled])');
  await sees(page, '7j', 'black n');
  await page.waitForSelector('[data-your-turn]');
  await move(page, '7i', '7h');
  await page.waitForSelector('.movelist[data-moves="2"]', { timeout: 30_000 });
  await page.fill('[data-chat-form] input', 'hola');
  await page.press('[data-chat-form] input', 'Enter');
  await page.waitForSelector('[data-chat-log] [data-chat-message]');
  await page.click('[data-square="8i"]');
  await check('game');

  // "Leave" in a live game asks first
  await page.click('[data-action="leave"]');
  await page.waitForSelector('[role="alertdialog"][data-leave-dialog]');
  await check('leave question');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-leave-dialog]', { state: 'detached' });

  await page.click('[data-action="resign"]');
  await page.click('[data-action="confirm-resign"]');
  await page.waitForSelector('[data-result-dialog]');
  await check('game result');

  await page.click('[data-result-dialog] a.btn');
  await page.waitForSelector('[data-action="prev"]');
  await check('replay');

  await page.goto(url('/'));
  await page.waitForSelector('[data-action="create-room"]:not([disabled])');
  await check('home after a game');

  // screens reached by their address: [screen, path, what it shows once loaded]
  const screens: [string, string, string][] = [
    ['leaderboard', '/#/leaderboard', 'table.leaderboard, [data-empty]'],
    ['profile', `/#/player/${username}`, `[data-profile="${username}"]`],
    ['analysis', '/#/local', '[data-square="7j"] [data-piece]'],
    ['pieces', '/#/pieces', '[data-piece-card]'],
    ['settings', '/#/settings', 'main select, main input'],
    ['puzzles', '/#/puzzles', '[data-puzzle-status="solving"]:not([data-puzzle-id=""])'],
  ];
  for (const [screen, path, loaded] of screens) {
    await page.goto(url(path));
    await page.waitForSelector(loaded);
    await check(screen);
  }
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const sizes: [string, BrowserContextOptions, string][] = [
    ['1280 px', DESKTOP, 'axe_wide'],
    ['390 px', PHONE, 'axe_phone'],
  ];
  for (const [size, options, username] of sizes) {
    it(`every screen at ${size} has no violations`, async () => {
      const page = await session.page(username, options);
      const found: Record<string, string[]> = {};
      try {
        await tour(page, username, found);
      } catch (e) {
        console.log(found); // what the screens seen so far had
        await session.failed(e, `axe-${username}`);
      }
      expect(Object.keys(found)).toHaveLength(15);
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
      expect(session.problems).toEqual([]);
    });
  }
});
