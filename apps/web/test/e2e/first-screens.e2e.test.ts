// The screens a lishogi player looks at first, at 1280×800 and 390×844, in Spanish (issue 47 items 4, 6, 8,
// 13): Home leads with play; a timed game shows the player's own clock inside the window; the recovery codes
// do not overlap on a phone; the profile's archive and a league's table fit a phone's width. The screenshots
// go to docs/screenshots/ (home-*, game-clock-*, archive-*, league-*, and issues 49–50's puzzles-*, api-tokens-*, friends-*).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, move, PHONE, REPO, registerAccount, sees, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;
const SHOTS = join(REPO, 'docs/screenshots');
const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, name) });

const spanish = async (p: Page) => {
  await p.selectOption('header select', 'es');
  await p.waitForSelector('html[lang="es"]');
};
/** How far the page reaches past the window's right edge, in px (0: nothing to scroll sideways). */
const overflowX = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** How far any part of `selector` reaches past the window's right edge, in px (0 or less: inside). */
const pastRight = (p: Page, selector: string) =>
  p.$$eval(`${selector}, ${selector} *`, (els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)) - window.innerWidth);
/** The bottom of an element, in px from the window's top (the page scrolled to its top). */
const bottomOf = (p: Page, selector: string) =>
  p.evaluate((s) => {
    window.scrollTo(0, 0);
    return document.querySelector(s)!.getBoundingClientRect().bottom;
  }, selector);

describe('the first screens, in a desktop and a phone', () => {
  it('lead with play, keep the clock in view and fit a phone', async () => {
    const ana = await session.page('ana', DESKTOP);
    const ben = await session.page('ben', PHONE);
    try {
      // Ben registers on his phone: his recovery codes sit in one column, none over another
      await ben.goto(url('/#/account'));
      await spanish(ben);
      await ben.waitForSelector('form[data-mode]');
      if ((await ben.getAttribute('form[data-mode]', 'data-mode')) === 'login') await ben.click('[data-action="switch-mode"]');
      await ben.fill('input[name="username"]', 'ben_scr');
      await ben.fill('input[name="password"]', 'password123');
      await ben.click('[data-action="register"]');
      await ben.waitForSelector('[data-recovery-codes] code');
      const boxes = await ben.$$eval('[data-recovery-codes] li', (lis) => lis.map((li) => {
        const r = li.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }));
      const overlaps = boxes.filter((a, i) => boxes.some((b, j) => j !== i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
      expect(overlaps).toEqual([]);
      await ben.waitForSelector('[data-action="codes-copy"]');
      await ben.waitForSelector('[data-action="codes-download"]');
      await ben.screenshot({ path: join(SHOTS, 'recovery-codes-390.png') });
      await ben.click('[data-action="codes-kept"]');
      await registerAccount(ana, url(), 'ana_scr');
      await spanish(ana);

      // Home: the play buttons on a phone's first screen, "Crear una sala" above a desktop's fold
      for (const [p, height, name] of [[ana, 800, 'home-1280.png'], [ben, 844, 'home-390.png']] as const) {
        await p.click('header a.brand');
        await p.waitForSelector('[data-action="quick-cpu"]:not([disabled])');
        for (const b of ['quick-create', 'quick-friend', 'quick-cpu']) expect(await bottomOf(p, `[data-action="${b}"]`)).toBeLessThanOrEqual(height);
        expect(await overflowX(p)).toBe(0);
        await shot(p, name);
      }

      // a timed game (10 min + 30 s byoyomi): Ana's own clock, below the board, inside an 800 px window
      await ana.selectOption('select[name="timeControl"]', 'byoyomi');
      await ana.click('[data-action="create-room"]:not([disabled])');
      await ana.waitForSelector('[data-room-code]');
      const code = (await ana.textContent('[data-room-code]'))!.trim();
      await ana.click('[data-seat="black"] [data-action="sit"]');
      await ben.goto(url(`/r/${code}`));
      await ben.click('[data-seat="white"] [data-action="sit"]');
      await ana.click('[data-action="start"]:not([disabled])');
      await ana.waitForSelector('[data-your-turn]');
      await move(ana, '7i', '7h');
      await sees(ben, '7h', 'black p');
      await ben.waitForSelector('[data-your-turn]');
      for (const [p, own, height] of [[ana, 'black', 800], [ben, 'white', 844]] as const) {
        await p.waitForSelector(`[data-clock="${own}"]`);
        if (p === ana) expect(await bottomOf(p, `[data-player="${own}"]`)).toBeLessThanOrEqual(height);
        expect(await overflowX(p)).toBe(0);
      }
      await shot(ana, 'game-clock-1280.png');
      await shot(ben, 'game-clock-390.png');
      await ben.click('[data-action="resign"]');
      await ben.click('[data-action="confirm-resign"]');
      await ben.waitForSelector('[data-result-dialog]');

      // the profile's archive, on both
      for (const [p, name] of [[ana, 'archive-1280.png'], [ben, 'archive-390.png']] as const) {
        await p.goto(url('/#/player/ana_scr'));
        await p.waitForSelector('[data-archive] li, [data-archive] tr');
        expect(await overflowX(p)).toBe(0);
        expect(await pastRight(p, '[data-archive]')).toBeLessThanOrEqual(0);
        await p.evaluate(() => document.querySelector('[data-archive]')!.scrollIntoView());
        await shot(p, name);
      }

      // a league with a CPU entrant, under way: its table fits a phone's width whole
      await ana.click('header a[href="#/tournaments"]');
      await ana.waitForSelector('form[data-form="tournament"]');
      await ana.click('fieldset.kind label:has(input[value="round-robin"])');
      await ana.fill('input[name="name"]', 'Liga de diciembre');
      await ana.selectOption('select[name="startIn"]', { index: 0 });
      await ana.selectOption('select[name="cycles"]', { index: 0 });
      await ana.fill('input[name="cpuCount"]', '2');
      await ana.click('[data-action="create-tournament"]');
      await ana.waitForSelector('[data-tournament][data-status="upcoming"]');
      await ana.click('[data-action="tournament-join"]');
      const league = new URL(ana.url()).hash;
      await ben.goto(url('/' + league));
      await ben.click('[data-action="tournament-join"]');
      await ben.waitForSelector('[data-action="tournament-leave"]');
      // watched by guests (the players' own pages go to their games)
      const wide = await session.page('watcher-1280', DESKTOP);
      const narrow = await session.page('watcher-390', PHONE);
      for (const [p, name] of [[wide, 'league-1280.png'], [narrow, 'league-390.png']] as const) {
        await p.goto(url('/' + league));
        await spanish(p);
        await p.waitForSelector('[data-tournament][data-status="running"]', { timeout: 120_000 });
        await p.waitForSelector('[data-testid="standings"] th.num');
        const clipped = await p.$eval('[data-testid="standings"]', (t) => t.scrollWidth - t.parentElement!.clientWidth);
        expect(clipped).toBeLessThanOrEqual(0);
        expect(await overflowX(p)).toBe(0);
        await p.evaluate(() => document.querySelector('[data-testid="standings"]')!.scrollIntoView());
        await shot(p, name);
      }

      // issues 49 and 50: the puzzle trainer, the API tokens in Settings and the bot preference on Friends fit a phone
      for (const [p, size] of [[ana, '1280'], [ben, '390']] as const) {
        await p.goto(url('/#/puzzles'));
        await p.waitForSelector('[data-puzzle-status="solving"]:not([data-puzzle-id=""])');
        expect(await overflowX(p)).toBe(0);
        await shot(p, `puzzles-${size}.png`);
        await p.goto(url('/#/settings'));
        await p.waitForSelector('[data-api-tokens]');
        expect(await pastRight(p, '[data-api-tokens]')).toBeLessThanOrEqual(0);
        expect(await overflowX(p)).toBe(0);
        await p.evaluate(() => document.querySelector('[data-api-tokens]')!.scrollIntoView());
        await shot(p, `api-tokens-${size}.png`);
        await p.goto(url('/#/friends'));
        await p.waitForSelector('input[name="botChallenges"]');
        expect(await overflowX(p)).toBe(0);
        await shot(p, `friends-${size}.png`);
      }
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'screens');
    }
  });
});
