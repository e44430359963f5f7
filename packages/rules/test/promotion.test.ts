import { describe, expect, it } from 'vitest';
import { KINGS, at, destsOf, gameOf, legal, playAll, verdict } from './helpers.ts';

// RULES.md §3. Black's zone is ranks a–d, White's ranks i–l.
const ASSOCIATION = { promotion: 'association' } as const;
const SHOGI = { promotion: 'shogi' } as const;

describe("promotion under 'association' (default)", () => {
  it.each([
    // [what, pieces, usi, may promote]
    ['entering the zone from outside', { '6e': 'S' }, '6e6d', true],
    ['entering the zone with a capture', { '6e': 'S', '6d': 'p' }, '6e6d', true],
    ['moving inside the zone without capturing', { '6d': 'S' }, '6d6c', false],
    ['capturing inside the zone', { '6d': 'S', '6c': 'p' }, '6d6c', true],
    ['capturing while leaving the zone', { '6d': 'S', '7e': 'p' }, '6d7e', true],
    ['leaving the zone without capturing', { '6d': 'S' }, '6d7e', false],
    ['capturing outside the zone', { '6g': 'S', '6f': 'p' }, '6g6f', false],
    ['a range entering the zone from afar', { '6k': 'R' }, '6k6b', true],
    ['a White piece entering its zone (ranks i–l)', { '7h': 's' }, '7h7i', true],
    ['a White piece moving inside its zone', { '7i': 's' }, '7i7j', false],
  ] as const)('%s: promotion %s', (_what, pieces, usi, may) => {
    const white = usi === '7h7i' || usi === '7i7j';
    const game = gameOf({ ...KINGS, ...pieces }, ASSOCIATION, white ? 'w' : 'b');
    expect(verdict(game, usi)).toBe(`ok:${usi}`); // declining is always allowed
    expect(verdict(game, `${usi}+`)).toBe(may ? `ok:${usi}+` : 'no-promotion-here');
  });

  it('a piece that entered without promoting must capture, or leave and re-enter', () => {
    const game = gameOf({ ...KINGS, '6e': 'S' }, ASSOCIATION);
    playAll(game, '6e6d', '2a3a'); // entered, declined
    expect(verdict(game, '6d6c+')).toBe('no-promotion-here');
    playAll(game, '6d7e', '3a2a'); // left the zone
    expect(verdict(game, '7e7d+')).toBe('ok:7e7d+'); // re-enters
  });

  it('promotion is permanent: the promoted piece moves as its promoted form', () => {
    const game = gameOf({ ...KINGS, '6e': 'S' }, ASSOCIATION);
    playAll(game, '6e6d+');
    expect(at(game, '6d')).toBe('+S');
    playAll(game, '2a3a');
    expect(destsOf(game, '6d')).toContain('6l'); // Vertical Mover range backwards
  });
});

describe("promotion under 'shogi'", () => {
  it.each([
    ['entering the zone', { '6e': 'S' }, '6e6d', true],
    ['moving inside the zone without capturing', { '6d': 'S' }, '6d6c', true],
    ['leaving the zone without capturing', { '6d': 'S' }, '6d7e', true],
    ['moving outside the zone', { '6g': 'S' }, '6g6f', false],
    ['capturing outside the zone', { '6g': 'S', '6f': 'p' }, '6g6f', false],
  ] as const)('%s: promotion %s', (_what, pieces, usi, may) => {
    const game = gameOf({ ...KINGS, ...pieces }, SHOGI);
    expect(verdict(game, usi)).toBe(`ok:${usi}`);
    expect(verdict(game, `${usi}+`)).toBe(may ? `ok:${usi}+` : 'no-promotion-here');
  });
});

describe('Pawn and Lance on the last rank', () => {
  it.each([
    ['association', 'Pawn', { '6b': 'P' }, '6b6a'],
    ['association', 'Lance', { '6c': 'L' }, '6c6a'],
    ['shogi', 'Pawn', { '6b': 'P' }, '6b6a'],
    ['shogi', 'Lance', { '6c': 'L' }, '6c6a'],
  ] as const)("under '%s' a %s moving onto the last rank may promote without a capture", (promotion, _name, pieces, usi) => {
    const game = gameOf({ ...KINGS, ...pieces }, { promotion });
    expect(verdict(game, `${usi}+`)).toBe(`ok:${usi}+`);
    expect(verdict(game, usi)).toBe(`ok:${usi}`);
  });

  it('a Pawn in the zone short of the last rank gets no second chance', () => {
    const game = gameOf({ ...KINGS, '6c': 'P' }, ASSOCIATION);
    expect(verdict(game, '6c6b+')).toBe('no-promotion-here');
  });

  it('declining leaves a dead piece that can never move', () => {
    const pawn = gameOf({ ...KINGS, '6b': 'P' });
    playAll(pawn, '6b6a', '2a3a');
    expect(at(pawn, '6a')).toBe('P');
    expect(destsOf(pawn, '6a')).toEqual([]);
    expect(verdict(pawn, '6a5a')).toBe('unreachable');

    const lance = gameOf({ ...KINGS, '6d': 'L' });
    playAll(lance, '6d6a', '2a3a');
    expect(destsOf(lance, '6a')).toEqual([]);
  });

  it('a White Pawn dies on rank l', () => {
    const game = gameOf({ ...KINGS, '7k': 'p' }, {}, 'w');
    expect(legal(game, '7k7l+')).toBe(true);
    playAll(game, '7k7l', '11l10l');
    expect(destsOf(game, '7l')).toEqual([]);
  });

  it('a promoted Pawn (Gold) on the last rank still moves', () => {
    const game = gameOf({ ...KINGS, '6b': 'P' });
    playAll(game, '6b6a+', '2a3a');
    expect(destsOf(game, '6a')).toEqual(['5a', '6b', '7a']);
  });
});
