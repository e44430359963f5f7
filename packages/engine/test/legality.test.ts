import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { bestMove } from '../src/index.ts';
import { OPTION_SETS, fromSfen, oracleSfens, randomGame } from './helpers.ts';

const label = (o: object) => JSON.stringify(o);

describe('the engine never chooses an illegal move', () => {
  it.each(OPTION_SETS.map((o) => [label(o), o] as const))('random playouts, %s', (_name, options) => {
    for (let seed = 1; seed <= 12; seed++) {
      const game = randomGame(seed * 7919, 20 + seed * 13, options);
      if (game.outcome()) continue;
      const legal = new Set(game.legalMoves());
      for (const level of [1, 8]) {
        const r = bestMove(game, { level, depth: 3, timeMs: 200, seed });
        expect(legal.has(r.move), `${game.sfen()} ${r.move}`).toBe(true);
      }
    }
  });

  it.each(OPTION_SETS.map((o) => [label(o), o] as const))('oracle edge positions (lions, counter-strike, promotion), %s', (_name, options) => {
    expect(oracleSfens.length).toBeGreaterThan(100);
    for (const sfen of oracleSfens) {
      const game = fromSfen(sfen, options);
      if (game.outcome()) continue;
      const r = bestMove(game, { depth: 2, nodes: 300, timeMs: 100 });
      expect(game.legalMoves(), sfen).toContain(r.move);
    }
  });

  it('plays a whole game against itself with only legal moves', () => {
    const game = Game.start();
    for (let i = 0; i < 40 && !game.outcome(); i++) {
      const r = bestMove(game, { level: (i % 8) + 1, depth: 2, timeMs: 100, seed: i });
      expect(game.check(r.move)).toEqual({ ok: true, value: r.move });
      unwrap(game.play(r.move));
    }
  });

  it('respects the repetition rule: never the fourth occurrence', () => {
    // Both Lions shuffle out and back: after two cycles the start position has occurred three times
    const game = Game.start();
    const cycle = ['7j9k', '6c4b', '9k7j', '4b6c'];
    for (const m of [...cycle, ...cycle, ...cycle.slice(0, 3)]) unwrap(game.play(m));
    expect(game.check('4b6c')).toEqual({ ok: false, error: 'repetition' });
    for (const level of [1, 8]) {
      const r = bestMove(game, { level, depth: 3, timeMs: 300 });
      expect(r.move).not.toBe('4b6c');
      expect(game.legalMoves()).toContain(r.move);
    }
  });

  it('answers with a legal move when only one exists, and refuses a finished game', () => {
    const won = fromSfen('5k6/12/12/11p/12/12/12/5R6/12/12/11G/5K6 b - 1');
    unwrap(won.play('7h7a'));
    expect(won.outcome()?.winner).toBe('black');
    expect(() => bestMove(won, { timeMs: 50 })).toThrow();
  });
});
