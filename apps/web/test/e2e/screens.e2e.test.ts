// Issue 48 in a real browser: a first visit fetches Home and one language's messages; every other
// screen is a chunk fetched when its URL is opened, and draws. Picking another language fetches its
// messages then, and the page speaks it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSession } from './harness';

// a room, replay, profile or tournament that does not exist answers 404: the screen says so in words
const session = useSession({ expected: /404|Failed to load resource/ });

/** The assets a page fetches, by file name ('Settings-Ab12Cd34.js'), as they are requested. */
function fetched(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/([^/?]+)$/.exec(new URL(r.url()).pathname);
    if (m) files.push(m[1]);
  });
  return files;
}

/** The screen at `hash` drew: its chunk was fetched, "Loading…" is gone, nothing failed, `main` has words. */
async function opens(page: Page, files: string[], hash: string, chunk: string) {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => !document.querySelector('[data-loading-screen]') && (document.querySelector('main')?.textContent ?? '').trim().length > 0);
  expect([hash, await page.locator('[data-screen-failed]').count()]).toEqual([hash, 0]);
  expect([hash, files.some((f) => f.startsWith(`${chunk}-`) && f.endsWith('.js'))]).toEqual([hash, true]);
}

const LAZY: [hash: string, chunk: string][] = [
  ['#/settings', 'Settings'],
  ['#/pieces', 'Pieces'],
  ['#/local', 'Local'],
  ['#/account', 'Account'],
  ['#/leaderboard', 'Leaderboard'],
  ['#/player/nobody-here', 'Profile'],
  ['#/friends', 'Friends'],
  ['#/tournaments', 'Tournaments'],
  ['#/tournament/no-such-tournament', 'Tournament'],
  ['#/replay/no-such-game', 'Replay'],
  ['#/learn', 'Learn'],
  ['#/learn/no-such-exercise', 'Exercise'],
];

describe('the web split by screen', () => {
  it('a first visit loads Home and its language only; each other screen loads when opened and draws', async () => {
    const page = await session.page('visitor', { viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
    const files = fetched(page);
    try {
      await page.goto(`${session.server.url}/`);
      await page.waitForSelector('[data-action="create-room"]');
      expect(await page.title()).toBe('Chu Shogi Online');
      const messages = () => files.filter((f) => f.startsWith('messages-')).map((f) => f.split('-')[1]);
      expect(messages()).toEqual(['es']);
      // none of the screens opened below came with Home
      expect(LAZY.filter(([, chunk]) => files.some((f) => f.startsWith(`${chunk}-`)))).toEqual([]);

      for (const [hash, chunk] of LAZY) await opens(page, files, hash, chunk);

      // the room, where games are played: made from Home, drawn with its code
      await page.evaluate(() => (location.hash = '#/'));
      await page.click('[data-action="create-room"]:not([disabled])');
      await page.waitForSelector('[data-room-code]');
      expect(files.some((f) => f.startsWith('Room-'))).toBe(true);

      // another language: its messages are fetched when picked, and the page speaks it
      expect(messages()).toEqual(['es']);
      await page.selectOption('header select', 'ja');
      await page.waitForFunction(() => document.title === '中将棋オンライン');
      expect(messages()).toEqual(['es', 'ja']);
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'screens');
    }
  });
});
