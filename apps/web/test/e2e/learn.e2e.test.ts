// Issue 49, lessons: a new player, on a phone (390×844) and in Spanish, goes from Home to Learn, finishes
// the first piece lessons and Lion lessons by clicking, meets refusals in words, and finds the stars kept by
// the server after a reload. axe-core finds no violation on the lesson screens.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, accessibilityViolations, sees, sq, useSession } from './harness';

const session = useSession();

/** Clicks squares in order: a move is its squares (a Lion's double move three, igui back on its own square). */
async function clicks(page: Page, ...squares: string[]) {
  for (const s of squares) await page.click(sq(s));
}
const notice = (page: Page) => page.textContent('[data-notice]');

/** Opens an exercise from where the page is, plays its moves, and waits for it to be solved with three stars. */
async function solve(page: Page, id: string, moves: string[][]) {
  await page.waitForSelector(`[data-exercise-screen="${id}"][data-solved="false"]`);
  for (const [i, m] of moves.entries()) {
    await clicks(page, ...m);
    await page.waitForSelector(`[data-moves="${i + 1}"]`);
  }
  await page.waitForSelector(`[data-exercise-screen="${id}"][data-solved="true"]`);
  expect(await notice(page)).toBe('¡Resuelto!');
  await page.waitForSelector('.row [data-stars="3"]');
}

describe('lessons on a phone, in Spanish (issue 49)', () => {
  it('Home → Learn → the steppers and a Lion lesson, refusals in words, stars kept', async () => {
    const page = await session.page('nueva', PHONE);
    const found: Record<string, string[]> = {};
    try {
      await page.addInitScript(() => localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es' })));
      await page.goto(session.server.url + '/');
      await page.click('[data-action="learn"]');
      await page.waitForSelector('[data-stage="steppers"] [data-exercise="pawn"] [data-stars="0"]');
      expect(await page.textContent('h1')).toBe('Aprende chu shogi');
      found.learn = await accessibilityViolations(page);

      await page.click('[data-exercise="pawn"]');
      await page.waitForSelector('[data-exercise-screen="pawn"]');
      expect(await page.textContent('[data-task]')).toContain('Peón');
      found.exercise = await accessibilityViolations(page);
      // the Pawn cannot go diagonally: refused, in words, and nothing is played
      await clicks(page, '6h', '5g');
      expect(await notice(page)).toBe('No es legal: esa pieza no puede ir ahí.');
      await sees(page, '6h', 'black p');
      await solve(page, 'pawn', [['6h', '6g'], ['6g', '6f'], ['6f', '6e']]);
      found.solved = await accessibilityViolations(page);

      const steppers: [string, string[][]][] = [
        ['go-between', [['6g', '6h'], ['6h', '6i']]],
        ['gold', [['6g', '5f'], ['5f', '5e']]],
        ['silver', [['6g', '5h'], ['5h', '6i']]],
        ['copper', [['6g', '6h'], ['6h', '6i']]],
        ['leopard', [['6g', '5f']]],
        ['tiger', [['6g', '6h']]],
        ['elephant', [['6g', '7g'], ['7g', '6f']]],
      ];
      for (const [id, moves] of steppers) {
        await page.click('[data-action="next"]');
        await solve(page, id, moves);
      }

      // the Lion: a double capture, then igui (back to its own square); a plain capture there is legal but not asked
      await page.goto(session.server.url + '/#/learn/lion-double');
      await solve(page, 'lion-double', [['6f', '6e', '5d']]);
      await page.click('[data-action="next"]');
      await page.waitForSelector('[data-exercise-screen="lion-igui"]');
      await clicks(page, '6f', '6e', '6e');
      expect(await notice(page)).toBe('Es legal, pero no es lo que pide el ejercicio.');
      await solve(page, 'lion-igui', [['6f', '6e', '6f']]);

      // lion trading: the protected Lion two squares away is refused with the rule's reason
      await page.goto(session.server.url + '/#/learn/trade-protected');
      await page.waitForSelector('[data-exercise-screen="trade-protected"]');
      await clicks(page, '6g', '6e');
      expect(await notice(page)).toBe('No es legal: un león no puede capturar un león protegido a dos casillas.');
      await solve(page, 'trade-protected', [['6g', '8i']]);

      // the stars are the server's: a reload shows them on the stage list
      await page.click('[data-action="lessons"]');
      await page.reload();
      for (const id of ['pawn', 'elephant', 'lion-double', 'lion-igui', 'trade-protected']) {
        await page.waitForSelector(`[data-exercise="${id}"] [data-stars="3"]`);
      }
      await page.waitForSelector('[data-exercise="lion-jump"] [data-stars="0"]');
      found['learn with stars'] = await accessibilityViolations(page);

      expect(found).toEqual({ learn: [], exercise: [], solved: [], 'learn with stars': [] });
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'learn');
    }
  });
});
