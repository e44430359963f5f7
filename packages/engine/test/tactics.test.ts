import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { bestMove } from '../src/index.ts';
import { fromSfen } from './helpers.ts';

/** Whether the side to move can take the opponent's last royal right now. */
const canTakeLastRoyal = (game: Game): boolean =>
  game.legalMoves().some((m) => {
    const g = game.clone();
    return unwrap(g.play(m)).outcome?.reason === 'royal-capture';
  });

describe('tactics', () => {
  it.each([1, 4, 8])('level %i takes the enemy king when it can', (level) => {
    // Rook on 7h, White's only royal on 7a, the file open between them
    const game = fromSfen('5k6/12/12/11p/12/12/12/5R6/12/12/11G/5K6 b - 1');
    const r = bestMove(game, { level, timeMs: 500, seed: 1 });
    expect(r.move).toMatch(/^7h7a\+?$/);
    expect(r.mate).toBe(1);
  });

  it('takes the enemy king with a Lion double move (igui) when that is the way', () => {
    // Black Lion on 6d next to White's King on 6c; the King is White's only royal
    const game = fromSfen('12/12/6k5/6N5/12/12/12/12/12/12/11G/5K6 b - 1');
    const r = bestMove(game, { timeMs: 500 });
    const g = game.clone();
    expect(unwrap(g.play(r.move)).outcome).toEqual({ winner: 'black', reason: 'royal-capture' });
  });

  it.each([4, 8])('level %i takes a hanging Lion', (level) => {
    // White Lion on 4e, nothing protects it; Black Rook on 4j sees it up the open file
    const game = fromSfen('5k6/12/12/11p/8n3/12/12/12/12/8R3/11G/5K6 b - 1');
    expect(bestMove(game, { level, timeMs: 500, seed: 2 }).move).toBe('4j4e');
  });

  it('wins material with a Lion double capture', () => {
    // Black Lion on 6h, White Rook on 6g and Gold on 6f in line: 6h6g6f takes both
    const game = fromSfen('k11/12/12/12/12/6g5/6r5/6N5/12/12/11G/5K6 b - 1');
    const r = bestMove(game, { timeMs: 500 });
    expect(r.move).toBe('6h6g6f');
  });

  it.each([3, 5, 8])('level %i does not leave its last royal en prise (depth 2)', (level) => {
    // White Rook on 7c attacks Black's only royal on 7l down the open file; a pawn hangs on 11j as bait
    const game = fromSfen('11k/12/5r6/12/12/12/12/12/12/1p10/1G10/5K6 b - 1');
    const r = bestMove(game, { level, depth: 2, timeMs: 5000, seed: 3 });
    const after = game.clone();
    unwrap(after.play(r.move));
    expect(canTakeLastRoyal(after)).toBe(false);
  });

  it('does not leave its Lion en prise to grab a pawn', () => {
    // Black Lion on 6h attacked by a White Rook on 6a down the open file; a White pawn on 7i is within reach
    const game = fromSfen('k5r5/12/12/12/12/12/12/6N5/5p6/12/11G/5K6 b - 1');
    const r = bestMove(game, { timeMs: 500 });
    const after = game.clone();
    unwrap(after.play(r.move));
    const lionLost = after.legalMoves().some((m) => {
      const g = after.clone();
      g.play(m);
      return !g.board().some((p) => p?.color === 'black' && p.code === 'n');
    });
    expect(lionLost).toBe(false);
  });

  it('bares the enemy king to win (RULES.md §6), and sees the win coming', () => {
    // White has its King (6a) and one Gold (1d); Black's Rook on 1h takes the Gold and White's one reply can't reach Black's King
    const game = fromSfen('6k5/12/12/11g/12/12/12/11R/12/12/12/5K6 b - 1');
    const r = bestMove(game, { timeMs: 500 });
    expect(r.move).toMatch(/^1h1d\+?$/);
    expect(r.mate).toBeGreaterThan(0);
  });

  it('counts material as the rules do: a dead Pawn does not save the bared king', () => {
    // White's Pawn on 5l stayed unpromoted on its last rank; taking the one on 6f bares White's King
    const game = fromSfen('11k/12/12/12/12/6p5/6G5/12/12/12/12/K6p4 b - 1');
    const r = bestMove(game, { timeMs: 500 });
    expect(r.move).toBe('6g6f');
    expect(r.mate).toBe(3); // the claim at once, not after hunting the dead Pawn down (mate 9 when it counted)
  });

  it('takes the last counting piece back when bared: a draw beats a loss', () => {
    // Black (to move) has only its King; White's Gold on 6k stands next to it and is White's last non-royal piece
    const game = fromSfen('k11/12/12/12/12/12/12/12/12/12/6g5/6K5 b - 1');
    const r = bestMove(game, { timeMs: 500 });
    expect(r.move).toBe('6l6k');
  });
});
