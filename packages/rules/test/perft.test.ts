import { describe, expect, it } from 'vitest';
import { parseSfen, perft, START_SFEN, unwrap } from '../src/index.ts';
import { oracle } from './oracle.ts';

describe('perft over distinct moves', () => {
  it.each([
    [1, 36], // oracle start position, lishogi-equivalent
    [2, 1_296],
    [3, 48_315],
    [4, 1_801_639],
  ])('start position depth %i = %i', (depth, nodes) => {
    expect(perft(unwrap(parseSfen(START_SFEN)), depth)).toBe(nodes);
  });

  it.each(oracle.perft_distinct.random.flatMap((r) => Object.entries(r.depths).map(([d, n]) => [r.id, Number(d), n, r.sfen] as const)))(
    '%s depth %i = %i',
    (_id, depth, nodes, sfen) => {
      const pos = parseSfen(sfen);
      expect(pos.ok && perft(pos.value, depth)).toBe(nodes);
    },
  );

  it('leaves the position as it found it', () => {
    const pos = parseSfen(START_SFEN);
    if (!pos.ok) throw new Error(pos.error);
    const before = [pos.value.hashLo, pos.value.hashHi, ...pos.value.board];
    perft(pos.value, 3);
    expect([pos.value.hashLo, pos.value.hashHi, ...pos.value.board]).toEqual(before);
  });
});
