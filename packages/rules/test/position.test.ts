import { describe, expect, it } from 'vitest';
import { Game, makeSfen, parseSfen, unwrap, usiOf, type Position } from '../src/index.ts';
import { KINGS, sfenOf } from './helpers.ts';

const state = (pos: Position) => [...pos.board, pos.hashLo, pos.hashHi, pos.lionSq, pos.turnBit, pos.ply, ...pos.royals];

/** Plays the move `usi` (any spelling), checks it against a fresh parse, takes it back. */
function roundTrip(sfen: string, usi: string): string {
  const pos = unwrap(parseSfen(sfen));
  const before = state(pos);
  const game = unwrap(Game.fromSfen(sfen));
  const canonical = unwrap(game.check(usi));
  const move = game.legalPacked().find((m) => usiOf(m) === canonical)!;
  pos.make(move);
  const after = makeSfen(pos);
  const fresh = unwrap(parseSfen(after));
  expect(pos.key).toBe(fresh.key);
  expect([...pos.royals]).toEqual([...fresh.royals]);
  pos.unmake();
  expect(state(pos)).toEqual(before);
  return after;
}

describe('Position.make/unmake', () => {
  it.each([
    ['a step', { '6f': 'G' }, '6f6e'],
    ['a capture', { '6f': 'G', '6e': 'p' }, '6f6e'],
    ['a promotion', { '6e': 'S' }, '6e6d+'],
    ['a double capture', { '6f': 'N', '6e': 'p', '6d': 'p' }, '6f6e6d'],
    ['igui', { '6f': 'N', '6e': 'p' }, '6f6e6f'],
    ['a pass', { '6f': 'N' }, '6f6e6f'],
    ['a royal capture', { '6f': 'G', '6e': '+e' }, '6f6e'],
    ['a Lion taken by a non-Lion', { '6f': 'G', '6e': 'n' }, '6f6e'],
  ] as const)('%s is taken back exactly', (_what, pieces, usi) => {
    roundTrip(sfenOf({ ...KINGS, ...pieces }), usi);
  });

  // Skipped until Position.make/unmake count a royal made by promotion (see outcome.test.ts).
  it('an Elephant promoting to Prince adds a royal, and unmake removes it', () => {
    roundTrip(sfenOf({ ...KINGS, '6e': 'E' }), '6e6d+');
  });
});
