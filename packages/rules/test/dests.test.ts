import { describe, expect, it } from 'vitest';
import { Game, destinations, secondSteps } from '../src/index.ts';
import { KINGS, gameOf, sorted } from './helpers.ts';

// dests.ts: what a rules-agnostic board is fed, computed from Game.legalMoves().
describe('destinations()', () => {
  it('lists the first-click targets of an ordinary piece', () => {
    const game = Game.start();
    expect(sorted(destinations(game.legalMoves(), '7i'))).toEqual(['7h']);
    expect(destinations(game.legalMoves(), '6j')).toEqual([]); // Queen, not yet free
    game.play('7i7h');
    game.play('6d6e');
    expect(sorted(destinations(game.legalMoves(), '6j'))).toEqual(['10f', '11e', '12d', '7i', '8h', '9g']);
    expect(destinations(game.legalMoves(), '7l')).toEqual([]); // King boxed in
    expect(destinations(game.legalMoves(), '6f')).toEqual([]); // empty square
    expect(destinations(game.legalMoves(), '6d')).toEqual([]); // White's piece, Black to move
  });

  it("includes a Lion's midpoints of double moves (each once)", () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '6h': 'P' });
    const dests = destinations(game.legalMoves(), '6f');
    expect(new Set(dests).size).toBe(dests.length);
    expect(dests).toContain('6e');
    expect(dests).not.toContain('6h'); // own piece
    expect(dests).toHaveLength(23);
  });
});

describe('secondSteps()', () => {
  it('after a capturing first step: every square around it, the start square meaning igui', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '5d': 'P' });
    expect(sorted(secondSteps(game.legalMoves(), '6f', '6e'))).toEqual(['5e', '5f', '6d', '6f', '7d', '7e', '7f']);
  });

  it("offers the pass from the pass's midpoint", () => {
    const game = gameOf({ ...KINGS, '6f': 'N' });
    const pass = game.legalMoves().find((u) => /^6f\d+[a-l]6f$/.test(u))!;
    expect(secondSteps(game.legalMoves(), '6f', pass.slice(2, -2))).toEqual(['6f']);
  });

  it('Horned Falcon: igui and the second step straight on', () => {
    const game = gameOf({ ...KINGS, '6f': '+H', '6e': 'p', '6d': 'p' });
    expect(sorted(secondSteps(game.legalMoves(), '6f', '6e'))).toEqual(['6d', '6f']);
    expect(secondSteps(game.legalMoves(), '6f', '5e')).toEqual([]);
  });

  it('nothing for a non-lion piece or a first step without a capture', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6g': 'G', '6h': 'p' });
    expect(secondSteps(game.legalMoves(), '6g', '6h')).toEqual([]);
    expect(secondSteps(game.legalMoves(), '6f', '5e').filter((s) => s !== '6f')).toEqual([]);
  });

  it('respects the trading rules: a refused second step is not offered', () => {
    // 7c×6d×6e is legal, 7c×6e alone is not (the Pawn on 6d protects 6e)
    const game = gameOf({ ...KINGS, '7c': 'N', '6d': 'p', '6e': 'n' });
    expect(secondSteps(game.legalMoves(), '7c', '6d')).toContain('6e');
    expect(destinations(game.legalMoves(), '7c')).not.toContain('6e');
  });
});

describe('Game.secondSteps()', () => {
  it('offers a pass to every Lion that can pass, not only the one in the canonical move', () => {
    const game = gameOf({ ...KINGS, '7g': 'N', '4g': 'N' });
    expect(game.legalMoves().filter((m) => m.length > 4 && m.startsWith('4g') && m.endsWith('4g'))).toEqual(['4g3f4g']);
    expect(game.secondSteps('7g', '7f')).toContain('7g');
    expect(game.secondSteps('4g', '4f')).toContain('4g');
  });

  it("offers igui to each piece that can make it, and nothing off a Falcon's line", () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '5f': '+H', '5e': 'p' });
    expect(game.secondSteps('6f', '5e')).toContain('6f');
    expect(game.secondSteps('5f', '5e')).toEqual(expect.arrayContaining(['5f', '5d']));
    expect(game.secondSteps('5f', '4e')).toEqual([]);
  });
});
