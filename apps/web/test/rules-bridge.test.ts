// The board is fed from the rules' legal moves: MoveIndex must agree with @chu/rules' own helpers.
import { describe, expect, it } from 'vitest';
import { Game, destinations, secondSteps } from '@chu/rules';
import { MoveIndex } from '../src/lib/moves';
import { toKif, replay } from '../src/lib/chu';
import { ALL_SQUARES } from '../src/lib/squares';

const LINE = ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h', '1d1e', '7k7i', '2d2e', '7i7g', '3d3e', '7g7e', '12d12e'];

describe('MoveIndex agrees with the rules library', () => {
  it.each([0, 3, 6, 7, 13, 14])('after %i plies of the test line', (n) => {
    const r = Game.replay(LINE.slice(0, n));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const moves = r.value.legalMoves();
    const idx = new MoveIndex(moves);
    for (const from of ALL_SQUARES) {
      const mine = [...(idx.dests.get(from) ?? [])].sort();
      expect(mine, from).toEqual([...destinations(moves, from)].sort());
      for (const mid of mine) expect([...idx.secondSteps(from, mid)].sort(), `${from} ${mid}`).toEqual([...secondSteps(moves, from, mid)].sort());
    }
  });

  it('offers the promotion choice for the kirin taking the queen', () => {
    const r = Game.replay(LINE);
    if (!r.ok) throw new Error(r.error.reason);
    const idx = new MoveIndex(r.value.legalMoves());
    expect(idx.promotion('7e', '7c')).toBe('optional');
    expect(idx.promotion('7e', '7f')).toBe('none');
  });

  it('writes a KIF record', () => {
    const kif = toKif(replay(undefined, LINE), { black: 'Ana', white: 'Ben', result: '先手の勝ち' });
    expect(kif).toContain('先手：Ana');
    expect(kif.split('\r\n').filter((l) => /^\s+\d+ /.test(l))).toHaveLength(LINE.length);
  });
});
