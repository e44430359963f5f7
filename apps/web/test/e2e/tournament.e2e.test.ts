// A round-robin (issue 38) in real browsers against the real server, to its final table: Ana (desktop)
// organises a league through the create form (once round, 10 min + 30 s byoyomi, starting in a minute,
// one CPU entrant at level 1) and joins it; Ben (a phone) finds it in the list and joins from its page.
// It starts on the server at its time; each round's "your game is ready" opens the game at once, and the
// game's room says which tournament and round it belongs to. Three entrants, three rounds (the circle
// method: one sits out each round, the CPU seeded first): CPU–Ana (Ana resigns after a move), Ana–Ben
// (a draw offered and accepted), Ben–CPU (Ben resigns after a move); the CPU plays its own moves. Both
// pages show the final table, whose ranks, points and Sonneborn–Berger are recomputed from the results
// it lists. Screenshots at 1280 and 390 px: the list, the page before the start (its countdown) and while
// it runs (round, cross-table, who sits out, the game in play), a game, and the final table.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { accessibilityViolations, ARTIFACTS, DESKTOP, move, PHONE, registerAccount, sees, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;
const NAME = 'Liga de diciembre';
const CPU = 'CPU 1';

// each screen photographed is also checked by axe-core (WCAG 2.1 AA): its violations by screenshot name
const violations: Record<string, string[]> = {};
async function shot(p: Page, name: string) {
  await p.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
  violations[name] = await accessibilityViolations(p);
}

/** Through the header's link and the list, as a person finds the tournament again. */
async function openFromList(p: Page, section: 'upcoming' | 'running' | 'finished') {
  await p.click('header a[href="#/tournaments"]');
  await p.waitForSelector(`ul.tournaments[data-status="${section}"] a:text("${NAME}")`);
  await p.click(`ul.tournaments[data-status="${section}"] a:text("${NAME}")`);
  await p.waitForSelector('[data-tournament]');
}

/** The game this page was sent to by "your game is ready": a new room, where this page's player may resign (the last game, over, offers no such button). */
async function gameOpens(p: Page, room: string | null = null): Promise<string> {
  await p.waitForURL((u) => /#\/room\/[A-Z0-9]{6}$/.test(u.hash) && u.hash !== room, { timeout: 90_000 });
  await p.waitForSelector('[data-action="resign"]', { timeout: 20_000 });
  return new URL(p.url()).hash;
}

/** Wait until the game's move list has `n` moves. */
async function plies(p: Page, n: number) {
  await p.waitForSelector(`.movelist[data-moves="${n}"]`, { state: 'attached', timeout: 30_000 });
}

/** Resigns (the next round's game may take the page away at once, so nothing more is clicked here). */
async function resign(p: Page) {
  await p.click('[data-action="resign"]');
  await p.click('[data-action="confirm-resign"]');
}

/** The table as the page shows it: each row's rank, name, cross-table cells (against each row in order), points and tie-breaks. */
async function standings(p: Page) {
  return p.$$eval('[data-testid="standings"] tbody tr', (rows) => rows.map((r) => {
    const cell = (sel: string) => r.querySelector(sel)!.textContent!.trim();
    return {
      rank: Number(cell('td.rank')), name: cell('td.name .who'),
      cross: [...r.querySelectorAll('td.cross')].map((c) => (c.classList.contains('self') ? 'x' : c.textContent!.trim())),
      points: cell('td.score'), sb: cell('td.sb'), h2h: cell('td.h2h'),
    };
  }));
}

/** Each game as the results table lists it: round, Black, White, result. */
async function results(p: Page) {
  return p.$$eval('[data-testid="results"] tbody tr[data-game-round]', (rows) => rows.map((r) =>
    [...r.querySelectorAll('td')].map((c) => (c.querySelector('.who') ?? c).textContent!.trim())));
}

/** A figure as the page writes it ("1½", "¼") as a number. */
const QUARTERS: Record<string, number> = { '¼': 0.25, '½': 0.5, '¾': 0.75 };
const value = (text: string) => {
  const part = QUARTERS[text.slice(-1)];
  return part === undefined ? Number(text) : Number(text.slice(0, -1) || 0) + part;
};

/**
 * The standings recomputed from the results table alone: a win 1, a draw ½; Sonneborn–Berger; the rank
 * of each, 1 + those strictly ahead on points, then Sonneborn–Berger, then head-to-head (as shown).
 */
function recomputed(games: string[][], h2h: Map<string, number>) {
  const points = new Map<string, number>();
  const scored: { me: string; them: string; got: number }[] = [];
  for (const [, black, white, result] of games) {
    const b = result === '1–0' ? 1 : result === '0–1' ? 0 : 0.5;
    scored.push({ me: black, them: white, got: b }, { me: white, them: black, got: 1 - b });
  }
  for (const s of scored) points.set(s.me, (points.get(s.me) ?? 0) + s.got);
  const sb = new Map([...points.keys()].map((n) => [n, scored.filter((s) => s.me === n).reduce((a, s) => a + s.got * points.get(s.them)!, 0)]));
  const key = (n: string) => [points.get(n)!, sb.get(n)!, h2h.get(n)!];
  const ahead = (a: string, b: string) => {
    const [x, y] = [key(a), key(b)];
    return x[0] > y[0] || (x[0] === y[0] && (x[1] > y[1] || (x[1] === y[1] && x[2] > y[2])));
  };
  return new Map([...points.keys()].map((n) => [n, { points: points.get(n)!, sb: sb.get(n)!, rank: 1 + [...points.keys()].filter((o) => ahead(o, n)).length }]));
}

describe('a round-robin with a CPU entrant', () => {
  it('two people and CPU 1 play it to the final table', async () => {
    const ana = await session.page('ana', DESKTOP);
    const ben = await session.page('ben', PHONE);
    try {
      await registerAccount(ana, url(), 'ana_rr');
      await registerAccount(ben, url(), 'ben_rr');

      // Ana organises it through the form, and joins it
      await ana.click('header a[href="#/tournaments"]');
      await ana.waitForSelector('form[data-form="tournament"]');
      await ana.click('fieldset.kind label:has(input[value="round-robin"])');
      await ana.fill('input[name="name"]', NAME);
      await ana.selectOption('select[name="startIn"]', { label: 'in 1 min' });
      await ana.selectOption('select[name="cycles"]', { index: 0 });
      await ana.selectOption('select[name="preset"]', { label: '10 min + 30 s byoyomi' });
      await ana.fill('input[name="cpuCount"]', '1');
      await ana.selectOption('select[name="cpuLevel"]', { index: 0 });
      await ana.click('[data-action="create-tournament"]');
      await ana.waitForSelector('[data-tournament][data-status="upcoming"]');
      await ana.click('[data-action="tournament-join"]');
      await ana.waitForSelector('[data-standing="ana_rr"]');

      // Ben finds it in the list and joins from its page
      await ben.goto(url('/#/'));
      await openFromList(ben, 'upcoming');
      await ben.click('[data-action="tournament-join"]');
      await ben.waitForSelector('[data-action="tournament-leave"]');
      for (const p of [ana, ben]) await p.waitForSelector('[data-standing="ben_rr"]'); // Ana's page hears it live
      await shot(ben, 'tournament-upcoming-390.png');
      await shot(ana, 'tournament-upcoming-1280.png');
      await ana.click('header a[href="#/tournaments"]');
      await ana.waitForSelector(`ul.tournaments[data-status="upcoming"] a:text("${NAME}")`);
      await shot(ana, 'tournament-list-1280.png');
      await ben.click('header a[href="#/tournaments"]');
      await ben.waitForSelector(`ul.tournaments[data-status="upcoming"] a:text("${NAME}")`);
      await shot(ben, 'tournament-list-390.png');
      await openFromList(ana, 'upcoming');
      await openFromList(ben, 'upcoming');

      // round 1: the CPU (Black) and Ana; Ben sits out and watches the standings
      const r1 = await gameOpens(ana);
      await ben.waitForSelector('[data-tournament][data-status="running"]', { timeout: 90_000 });
      await ben.waitForSelector('[data-testid="results"] [data-game-round="1"][data-result="pending"] td.res a');
      await shot(ben, 'tournament-running-390.png');
      await plies(ana, 1); // the CPU has moved
      await move(ana, '6d', '6e');
      await sees(ana, '6e', 'white p');
      await plies(ana, 3); // and answered
      await resign(ana);

      // round 2: Ana (Black) and Ben, in the same room; a move each, a draw offered and accepted
      const r2 = await gameOpens(ana, r1);
      await gameOpens(ben);
      expect(new URL(ben.url()).hash).toBe(r2);
      await ana.waitForSelector('[data-your-turn]');
      await move(ana, '7i', '7h');
      await sees(ben, '7h', 'black p');
      await ben.waitForSelector('[data-your-turn]');
      await move(ben, '6d', '6e');
      await sees(ana, '6e', 'white p');
      for (const p of [ana, ben]) await p.waitForSelector('[data-tournament-strip] :text("round 2 of 3")'); // the game says where it belongs
      await shot(ana, 'tournament-game-1280.png');
      await shot(ben, 'tournament-game-390.png');
      await ana.click('[data-action="offer-draw"]');
      await ben.click('[data-draw-offer] [data-action="accept-draw"]');
      // Ana sits out the next round: she reads the draw; Ben's next game opens at once
      await ana.waitForSelector('[data-result-dialog="draw"]');
      await ana.click('[data-action="close-result"]');
      await ana.waitForSelector('.result-line[data-result="draw"]');
      expect(await ana.$('[data-next-game]')).toBeNull(); // no rematch: the tournament pairs the next game
      // a reload (a tab that never heard "your game is ready"): the room still says it is the tournament's,
      // from the server's view of it, with no rematch and nobody to invite
      await ana.reload();
      await ana.waitForSelector('[data-tournament-strip] :text("round 2 of 3")');
      await ana.waitForSelector('[data-result-dialog="draw"]');
      expect(await ana.$('[data-next-game]')).toBeNull();
      await ana.click('[data-action="close-result"]');
      await ana.waitForSelector('.result-line[data-result="draw"]');
      expect(await ana.$('[data-next-game]')).toBeNull();
      expect(await ana.$('[data-action="copy-invite"]')).toBeNull();

      // round 3: Ben (Black) and the CPU; Ana goes back to the tournament's page from her game, and watches it run
      await gameOpens(ben, r2);
      await ana.click('[data-tournament-strip]');
      await ana.waitForSelector('[data-tournament][data-status="running"]');
      await ana.waitForSelector('[data-testid="results"] [data-game-round="3"][data-result="pending"] td.res a');
      await shot(ana, 'tournament-running-1280.png');
      await ben.waitForSelector('[data-your-turn]');
      await move(ben, '7i', '7h');
      await sees(ben, '7h', 'black p');
      await plies(ben, 2); // the CPU has answered
      await resign(ben);
      await ben.waitForSelector('[data-result-dialog="white"]');
      await ben.click('[data-action="close-result"]');

      // the final table, on both pages: Ana's hears it live, Ben comes from the list
      await ana.waitForSelector('[data-tournament][data-status="finished"]', { timeout: 30_000 });
      await openFromList(ben, 'finished');
      for (const p of [ana, ben]) {
        expect(await results(p)).toEqual([
          ['1', CPU, 'ana_rr', '1–0'],
          ['2', 'ana_rr', 'ben_rr', '½–½'],
          ['3', 'ben_rr', CPU, '0–1'],
        ]);
        const shown = await standings(p);
        const again = recomputed(await results(p), new Map(shown.map((r) => [r.name, value(r.h2h)])));
        expect(shown.map((r) => ({ name: r.name, rank: r.rank, points: value(r.points), sb: value(r.sb) })))
          .toEqual(shown.map((r) => ({ name: r.name, ...again.get(r.name)! })));
        // CPU 1: two wins; Ana and Ben: a draw each, level on Sonneborn–Berger (½ × ½) and head-to-head: they share second
        expect(await standings(p)).toEqual([
          { rank: 1, name: CPU, cross: ['x', '1', '1'], points: '2', sb: '1', h2h: '0' },
          { rank: 2, name: 'ana_rr', cross: ['0', 'x', '½'], points: '½', sb: '¼', h2h: '½' },
          { rank: 2, name: 'ben_rr', cross: ['0', '½', 'x'], points: '½', sb: '¼', h2h: '½' },
        ]);
      }
      await shot(ana, 'tournament-final-1280.png');
      await shot(ben, 'tournament-final-390.png');
      expect(Object.keys(violations)).toHaveLength(10);
      expect(Object.fromEntries(Object.entries(violations).filter(([, v]) => v.length))).toEqual({});
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'tournament');
    }
  });
});
