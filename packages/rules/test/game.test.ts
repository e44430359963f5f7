import { describe, expect, it } from 'vitest';
import { Game } from '../src/index.ts';

describe('Game.clone()', () => {
  it('copies position, moves, repetition counts and outcome, and stays independent', () => {
    const game = Game.start();
    // shuffle a Go-Between back and forth: the start position occurs a third time
    for (const usi of ['9h9g', '9e9f', '9g9h', '9f9e', '9h9g', '9e9f', '9g9h', '9f9e']) expect(game.play(usi).ok).toBe(true);
    const copy = game.clone();
    expect(copy.sfen()).toBe(game.sfen());
    expect(copy.moves).toEqual(game.moves);
    expect(copy.legalMoves()).toEqual(game.legalMoves());
    // the fourth occurrence would come after 4 more plies: both know the history
    for (const g of [game, copy]) for (const usi of ['9h9g', '9e9f', '9g9h']) expect(g.play(usi).ok).toBe(true);
    expect(copy.check('9f9e')).toEqual({ ok: false, error: 'repetition' });
    expect(game.check('9f9e')).toEqual({ ok: false, error: 'repetition' });
    expect(copy.play('7d7e').ok).toBe(true);
    expect(game.moves).toHaveLength(11);
    expect(copy.moves).toHaveLength(12);
    game.resign('black');
    expect(copy.outcome()).toBeUndefined();
    expect(game.clone().outcome()).toEqual({ winner: 'white', reason: 'resign' });
  });

  it('gives each played move its Hodges notation', () => {
    const game = Game.start();
    expect(game.play('7i7h')).toMatchObject({ ok: true, value: { usi: '7i7h', notation: 'P-7h', ply: 0 } });
  });
});
