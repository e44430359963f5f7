import { describe, expect, it } from 'vitest';
import { unwrap } from '@chu/rules';
import { bestMove } from '../src/index.ts';
import { fromSfen } from './helpers.ts';

// Lion tactics at a fixed depth (deterministic). A Lion's double capture is a capture, so the
// quiescence search plays it and sees the opponent's; a quiet move that only threatens one is seen a
// ply before the horizon, not on it (at depth 1 the reply stands pat in the quiescence search). The
// searches share one hash table, in this order.

describe('the engine sees the Lion double capture', () => {
  it.each([
    // Lion on 6h, White Rook 6g and Gold 6f in line, each protected by the other
    ['k11/12/12/12/12/6g5/6r5/6N5/12/12/11G/5K6 b - 1', 1, ['6h6g6f']], // double capture in line
    // White Rook 6g protected by Golds 7f and 5f, neither protecting the other: the Lion takes the Rook and a Gold
    ['11k/12/10pp/12/12/5g1g4/6r5/6N5/12/12/GG10/KG10 b - 1', 1, ['6h6g7f', '6h6g5f']], // off the line
    // White Lances 6e and 5e side by side, stuck behind their Pawns: from 7d or 7e the Lion threatens
    // both, and White saves one at most
    ['11k/12/3N6pp/12/6ll4/6pp4/12/12/12/12/GG10/KG10 b - 1', 2, ['9c7d', '9c7e']], // threat, a ply in
    ['11k/12/3N6pp/12/6ll4/6pp4/12/12/12/12/GG10/KG10 b - 1', 3, ['9c7d', '9c7e']],
  ] as const)('%s at depth %i: %j', (sfen, depth, moves) => {
    const r = bestMove(fromSfen(sfen), { depth, timeMs: 60_000 });
    expect(moves).toContain(r.move);
  });
});

describe('the engine defends against a Lion double capture', () => {
  it.each([
    // White Lion on 6i next to Black's Gold 7h, the Gold 8h next to it: 6i7h8h would take both
    ['10gk/10gg/12/12/12/12/12/4GG6/6n5/PP10/1N10/K11 b - 1', 1], // threatened now
    ['10gk/10gg/12/12/12/12/12/4GG6/6n5/PP10/1N10/K11 b - 1', 3],
    // the White Lion on 4j goes to 6i next move and threatens the same
    ['10gk/10gg/12/12/12/12/12/4GG6/12/PP6n3/1N10/K11 b - 1', 2], // threatened next move
  ] as const)('%s at depth %i', (sfen, depth) => {
    const game = fromSfen(sfen);
    const r = bestMove(game, { depth, timeMs: 60_000 });
    unwrap(game.play(r.move));
    // White gains no Gold from here (a double capture would be +600)
    expect(bestMove(game, { depth: 4, timeMs: 60_000 }).score).toBeLessThan(250);
  });

  it('the check separates: not defending loses the Golds', () => {
    const game = fromSfen('10gk/10gg/12/12/12/12/12/4GG6/6n5/PP10/1N10/K11 b - 1');
    unwrap(game.play('12j12i'));
    expect(bestMove(game, { depth: 4, timeMs: 60_000 }).score).toBeGreaterThan(450);
  });
});
