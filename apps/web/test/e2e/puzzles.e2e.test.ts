// Issue 49 §3 in a phone's Chromium (390 px) against the real server: a guest opens the daily puzzle from
// Home, solves one puzzle move by move (the server answers each move with the opponent's reply), and
// fails another: the wrong move stays on the board with the engine's refutation, and the solution replays.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Game, boardFeed, unwrap } from '@chu/rules';
import { ARTIFACTS, PHONE, REPO, move, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;

interface ShippedPuzzle { id: string; sfen: string; moves: string[] }
const puzzles = (JSON.parse(readFileSync(join(REPO, 'packages/puzzles/data/puzzles.json'), 'utf8')) as { puzzles: ShippedPuzzle[] }).puzzles;

/** A move two clicks make on the board, no question asked: the first click's target is the whole move, with no promotion to choose. */
function clickable(game: Game, usi: string): boolean {
  const m = /^(\d+[a-l])(\d+[a-l])$/.exec(usi);
  const gesture = m && boardFeed(game).gestures(m[1]).first.get(m[2]);
  return !!gesture && gesture !== 'midpoint' && gesture.promotion === 'none';
}
const playerMoves = (p: ShippedPuzzle) => p.moves.filter((_, i) => i % 2 === 0);
/** every player move of its line clickable where it is played */
function solvable(p: ShippedPuzzle): boolean {
  const g = unwrap(Game.fromSfen(p.sfen));
  return p.moves.every((m, i) => (i % 2 === 1 || clickable(g, m)) && g.play(m).ok);
}
const toSolve = puzzles.find((p) => playerMoves(p).length >= 2 && solvable(p)) ?? puzzles.find(solvable)!;
const toFail = puzzles.find((p) => p !== toSolve && unwrap(Game.fromSfen(p.sfen)).legalMoves().some((m) => m !== p.moves[0] && clickable(unwrap(Game.fromSfen(p.sfen)), m)))!;

const squares = (usi: string) => usi.match(/\d+[a-l]/g)!;
const status = (page: Page, s: string, plies: number) => page.waitForSelector(`[data-puzzle-status="${s}"][data-plies="${plies}"]`, { timeout: 30_000 });

describe('the puzzle trainer on a phone', () => {
  it('opens the daily puzzle from Home, solves a puzzle, fails another with its refutation and replays the solution', async () => {
    const page = await session.page('solver', PHONE);
    await page.addInitScript(() => localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es' })));
    try {
      await page.goto(url());
      await page.click('[data-action="daily-puzzle"]');
      await page.waitForSelector('[data-puzzle-status="solving"][data-plies="0"]:not([data-puzzle-id=""])');
      expect(await page.textContent('h1')).toContain('Problema del día');

      // solved: each right move is answered by the line's reply, the last one solves it
      await page.goto(url(`/#/puzzles/${toSolve.id}`));
      await page.waitForSelector(`[data-puzzle-id="${toSolve.id}"][data-puzzle-status="solving"]`);
      await page.screenshot({ path: join(ARTIFACTS, 'puzzle-390x844.png') });
      const mine = playerMoves(toSolve);
      for (const [k, m] of mine.entries()) {
        const [from, to] = squares(m);
        await move(page, from, to);
        if (k < mine.length - 1) await status(page, 'solving', 2 * k + 2);
      }
      await status(page, 'solved', toSolve.moves.length);
      expect(await page.textContent('[data-prompt]')).toContain('¡Resuelto!');
      expect(await page.textContent('.puzzles')).toContain('Sin puntuación'); // a guest: unrated

      // failed: a wrong move, refuted by the engine's answer, then the solution from its start
      await page.goto(url(`/#/puzzles/${toFail.id}`));
      await page.waitForSelector(`[data-puzzle-id="${toFail.id}"][data-puzzle-status="solving"]`);
      const start = unwrap(Game.fromSfen(toFail.sfen));
      const wrong = start.legalMoves().find((m) => m !== toFail.moves[0] && clickable(start, m))!;
      const [from, to] = squares(wrong);
      await move(page, from, to);
      await page.waitForSelector('[data-puzzle-status="failed"]');
      expect(await page.textContent('[data-prompt]')).toContain('No es la jugada.');
      expect(await page.textContent('[data-prompt]')).toMatch(/La respuesta: \d+[a-l]/);
      await page.screenshot({ path: join(ARTIFACTS, 'puzzle-failed-390x844.png') });
      await page.click('[data-action="replay-start"]');
      await page.waitForSelector('[data-replay="0"]');
      await page.click('[data-action="replay-forward"]');
      await page.waitForSelector('[data-replay="1"]');
      const [, landing] = squares(toFail.moves[0]).slice(-2);
      await page.waitForSelector(`[data-square="${landing ?? squares(toFail.moves[0])[0]}"] [data-piece]`);
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'puzzles');
    }
  });
});
