import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { STAGES } from '@chu/learn';
import { RoyalHunt } from '../src/royal-hunt.ts';

// Issue 49: the lessons' royal hunts are what they say: a forced capture of White's King in as many moves as
// the exercise's solution, and none by forcing moves in fewer. The proof's depth cap counts the hunter's
// forcing moves: with `maxPlies` m, every hunter move at a ply below m is searched and the capture that ends
// the line is not, so a capture on the player's n-th move needs m = 2n - 3.
const HUNTS = STAGES.find((s) => s.id === 'royal-hunt')!.lessons.flatMap((l) => l.exercises);
const hunt = new RoyalHunt();
const capWithin = (moves: number) => 2 * moves - 3;

describe.each(HUNTS.map((e) => [e.id, e] as const))('royal hunt %s', (_id, exercise) => {
  const game = unwrap(Game.fromSfen(exercise.sfen, { bareKing: false }));
  const moves = exercise.solution.length;

  it(`is a forced capture of the King in ${moves} moves`, () => {
    const r = hunt.prove(game.position.clone(), { maxNodes: 1_000_000, maxPlies: capWithin(moves) });
    expect(r.verdict).toBe('win');
    expect(r.plies).toBe(2 * moves - 1);
  });

  it('has no forced capture in fewer moves', () => {
    const atOnce = game.legalMoves().filter((m) => {
      const g = game.clone();
      unwrap(g.play(m));
      return g.outcome()?.winner === 'black';
    });
    expect(atOnce).toEqual([]);
    if (moves > 2) expect(hunt.prove(game.position.clone(), { maxNodes: 1_000_000, maxPlies: capWithin(moves - 1) }).verdict).toBe('none');
  });
});
