import { describe, expect, it } from 'vitest';
import { EXERCISES, STAGES, begin, play, replay } from '../src/index.ts';

// Every lesson is a fixture: its solution must still solve it through @chu/rules, and its listed wrong
// move must not (refused by the rules, refused as wrong, or not enough on its own).
describe.each(EXERCISES.map((e) => [e.id, e] as const))('%s', (_id, exercise) => {
  it('starts from a legal position (its prelude played) with Black to move, the game on', () => {
    const attempt = begin(exercise);
    expect(attempt.ok && attempt.value.game.turn).toBe('black');
    expect(attempt.ok && attempt.value.game.outcome()).toBeUndefined();
  });

  it('is solved by its solution, with three stars', () => {
    const r = replay(exercise, exercise.solution);
    expect(r.ok ? r.value.stars : r.error).toBe(3);
  });

  it(`is not solved by ${exercise.wrong}`, () => {
    const r = replay(exercise, [exercise.wrong]);
    expect(r.ok).toBe(false);
  });

  it('is solved move by move, each move taken', () => {
    let attempt = begin(exercise);
    if (!attempt.ok) throw new Error('bad sfen');
    let a = attempt.value;
    for (const usi of exercise.solution) {
      const r = play(a, usi);
      expect(r.ok).toBe(true);
      if (r.ok) a = r.value.attempt;
    }
    expect(a.solved).toBe(true);
  });
});

describe('the catalogue', () => {
  it('has unique exercise ids and no empty lesson or stage', () => {
    expect(new Set(EXERCISES.map((e) => e.id)).size).toBe(EXERCISES.length);
    for (const s of STAGES) {
      expect(s.lessons.length).toBeGreaterThan(0);
      for (const l of s.lessons) expect(l.exercises.length).toBeGreaterThan(0);
    }
  });
});
