// Issue 49, lessons: a new player, on a phone (390×844) and in Spanish, goes from Home to Learn and plays every
// lesson by clicking (the pieces, the Lion, promotion, lion trading, endings, Heisei drops, dai's pieces), meets
// refusals in words, and finds the stars kept by the server after a reload. axe-core finds no violation on the
// lesson screens.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXERCISES, begin, play, type Attempt, type Exercise } from '@chu/learn';
import { VARIANT_INFO, boardFeed, parseUsi } from '@chu/rules';
import { join } from 'node:path';
import { DESKTOP, PHONE, REPO, accessibilityViolations, sees, sq, useSession } from './harness';

const session = useSession();
const shot = (p: Page, name: string) => p.screenshot({ path: join(REPO, 'docs/screenshots', name) });
const notice = (page: Page) => page.textContent('[data-notice]');

/**
 * The clicks a player makes for a move, as the board takes them: from and to; a Lion's double move or igui
 * through its midpoint; a capture a Lion could go on from clicked twice to stop there; the pass by its button;
 * a drop from the stand (Heisei).
 */
function gesture(exercise: Exercise, attempt: Attempt, usi: string): { drop?: string; squares: string[]; pass: boolean; promote: boolean | null } {
  const m = parseUsi(usi, exercise.variant)!;
  const feed = boardFeed(attempt.game);
  if (m.drop) return { drop: m.drop, squares: [m.to], pass: false, promote: feed.dropPromotion(m.drop, m.to) === 'optional' ? m.promote : null };
  const promotion = feed.promotion(m.from, m.to, m.mid);
  const promote = promotion === 'optional' ? m.promote : null;
  const empty = (sq: string) => !attempt.game.board()[VARIANT_INFO[exercise.variant].squareNames.indexOf(sq)];
  if (m.mid && m.to === m.from && empty(m.mid)) return { squares: [m.from], pass: true, promote };
  if (m.mid) return { squares: [m.from, m.mid, m.to], pass: false, promote };
  const stopsThere = feed.gestures(m.from).first.get(m.to) === 'midpoint';
  return { squares: stopsThere ? [m.from, m.to, m.to] : [m.from, m.to], pass: false, promote };
}

async function clicks(page: Page, ...squares: string[]) {
  for (const s of squares) await page.click(sq(s));
}

/** Plays an exercise's solution on the screen, click by click, and waits for it to be solved with three stars. */
async function solve(page: Page, id: string) {
  const exercise = EXERCISES.find((e) => e.id === id)!;
  await page.waitForSelector(`[data-exercise-screen="${id}"][data-solved="false"]`);
  let attempt = (begin(exercise) as { ok: true; value: Attempt }).value;
  for (const [i, usi] of exercise.solution.entries()) {
    const g = gesture(exercise, attempt, usi);
    if (g.drop) await page.click(`[data-stand="black"] [data-reserve="${g.drop}"]`);
    await clicks(page, ...g.squares);
    if (g.pass) await page.click('[data-pass]');
    if (g.promote !== null) await page.click(`[data-promote="${g.promote}"]`);
    await page.waitForSelector(`[data-moves="${i + 1}"]`);
    const r = play(attempt, usi);
    if (!r.ok) throw new Error(`${id}: ${usi} refused`);
    attempt = r.value.attempt;
  }
  await page.waitForSelector(`[data-exercise-screen="${id}"][data-solved="true"]`);
  expect(await notice(page)).toBe('¡Resuelto!');
  await page.waitForSelector('.row [data-stars="3"]');
}

describe('lessons on a phone, in Spanish (issue 49)', () => {
  it('Home → Learn → every lesson by clicking, refusals in words, stars kept by the server', async () => {
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

      for (const [n, exercise] of EXERCISES.entries()) {
        if (n > 0) await page.click('[data-action="next"]');
        await page.waitForSelector(`[data-exercise-screen="${exercise.id}"]`);
        if (exercise.id === 'lion-igui') {
          // a plain capture is legal, but the exercise asks for igui
          await clicks(page, '6f', '6e', '6e');
          expect(await notice(page)).toBe('Es legal, pero no es lo que pide el ejercicio.');
        }
        if (exercise.id === 'trade-protected') {
          // the protected Lion two squares away is refused with the rule's reason
          await clicks(page, '6g', '6e');
          expect(await notice(page)).toBe('No es legal: un león no puede capturar un león protegido a dos casillas.');
          found['lion trading'] = await accessibilityViolations(page);
          await shot(page, 'learn-exercise-390.png');
        }
        if (exercise.id === 'heisei-lance') {
          // a Lance dropped where it could never move
          await page.click('[data-stand="black"] [data-reserve="l"]');
          await clicks(page, '6a');
          expect(await notice(page)).toBe('No es legal: no se puede soltar una pieza donde nunca podría moverse (una lanza en la última fila).');
          found.heisei = await accessibilityViolations(page);
        }
        if (exercise.id === 'repetition') {
          await clicks(page, '6g', '6h');
          expect(await notice(page)).toBe('No es legal: no se puede repetir una posición por cuarta vez.');
        }
        if (exercise.id === 'dai-knight') found.dai = await accessibilityViolations(page);
        await solve(page, exercise.id);
        if (n === 0) found.solved = await accessibilityViolations(page);
      }
      await page.waitForSelector('[data-exercise-screen][data-solved="true"] >> text=Has terminado todas las lecciones.');

      // the stars are the server's: a reload shows them all on the stage list
      await page.click('[data-action="lessons"]');
      await page.reload();
      await page.waitForSelector('[data-exercise="pawn"] [data-stars="3"]');
      expect(await page.locator('[data-exercise] [data-stars="3"]').count()).toBe(EXERCISES.length);
      found['learn with stars'] = await accessibilityViolations(page);
      await shot(page, 'learn-390.png');

      expect(found).toEqual({ learn: [], exercise: [], solved: [], 'lion trading': [], heisei: [], dai: [], 'learn with stars': [] });
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'learn');
    }
  });

  it('on a desktop (1280 px): the stage list and an exercise solved, without violations', async () => {
    const page = await session.page('escritorio', DESKTOP);
    try {
      await page.addInitScript(() => localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es' })));
      await page.goto(session.server.url + '/#/learn');
      await page.waitForSelector('[data-exercise="pawn"] [data-stars="0"]');
      expect(await accessibilityViolations(page)).toEqual([]);
      await shot(page, 'learn-1280.png');
      await page.click('[data-exercise="lion-double"]');
      await solve(page, 'lion-double');
      expect(await accessibilityViolations(page)).toEqual([]);
      await shot(page, 'learn-exercise-1280.png');
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'learn-desktop');
    }
  });
});
