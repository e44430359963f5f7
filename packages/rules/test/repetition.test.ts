import { describe, expect, it } from 'vitest';
import { gameOf, playAll, verdict } from './helpers.ts';

// RULES.md §5: a move that would make the same position (board, side to move) occur for the
// fourth time is illegal, unless its player is in check (their last royal is attacked).
const SHUFFLE = ['12l12k', '1a1b', '12k12l', '1b1a'];

describe('repetition', () => {
  const quiet = { '12l': 'K', '1a': 'k', '6i': 'G', '6c': 'g' };

  it('the fourth occurrence of a position is refused', () => {
    const game = gameOf(quiet);
    playAll(game, ...SHUFFLE, ...SHUFFLE); // start position now seen 3 times
    playAll(game, '12l12k', '1a1b', '12k12l');
    expect(verdict(game, '1b1a')).toBe('repetition');
    expect(game.legalMoves()).not.toContain('1b1a');
    expect(game.legalMoves()).toContain('1b2a'); // other moves stay legal
    expect(game.play('1b1a')).toEqual({ ok: false, error: 'repetition' });
  });

  it('the third occurrence is still allowed', () => {
    const game = gameOf(quiet);
    playAll(game, ...SHUFFLE, '12l12k', '1a1b', '12k12l');
    expect(verdict(game, '1b1a')).toBe('ok:1b1a');
  });

  it('the same board with the other side to move is a different position', () => {
    // Black's Lion passes: same board, White to move; it never repeats the start position
    const game = gameOf({ ...quiet, '6g': 'N' });
    for (let i = 0; i < 4; i++) playAll(game, '6g6f6g', i % 2 ? '1b1a' : '1a1b');
    expect(game.outcome()).toBeUndefined();
  });

  it('a player in check may repeat', () => {
    // Black's Rook on 1f attacks White's King on 1b and on 1a
    const game = gameOf({ ...quiet, '1f': 'R' });
    playAll(game, ...SHUFFLE, ...SHUFFLE, '12l12k', '1a1b', '12k12l');
    expect(verdict(game, '1b1a')).toBe('ok:1b1a');
    playAll(game, '1b1a');
    expect(verdict(game, '12l12k')).toBe('repetition'); // Black is not in check
  });

  it('a player with a second royal is not in check when one royal is attacked', () => {
    const game = gameOf({ ...quiet, '1f': 'R', '6a': '+e' });
    playAll(game, ...SHUFFLE, ...SHUFFLE, '12l12k', '1a1b', '12k12l');
    expect(verdict(game, '1b1a')).toBe('repetition');
  });
});
