import { describe, expect, it } from 'vitest';
import { SQUARES, WHITE_BIT, type Position } from '@chu/rules';
import { Searcher } from '../src/search.ts';
import { OPTION_SETS, fromSfen, oracleSfens, randomGame } from './helpers.ts';

describe("the search's attack test", () => {
  it('agrees with Position.attacked on every square, for both colours', () => {
    const games = [...oracleSfens.map((s) => fromSfen(s)), ...Array.from({ length: 20 }, (_, i) => randomGame(500 + i, 15 + 12 * i, OPTION_SETS[i % 6]))];
    let hits = 0;
    for (const game of games) {
      const s = new Searcher(4) as unknown as { load(pos: Position): void; attacked(target: number, by: number): boolean };
      s.load(game.position);
      for (const sq of SQUARES)
        for (const by of [0, WHITE_BIT]) {
          const expected = game.position.attacked(sq, by);
          expect(s.attacked(sq, by), `${game.sfen()} square ${sq} by ${by}`).toBe(expected);
          if (expected) hits++;
        }
    }
    expect(hits).toBeGreaterThan(10_000);
  });
});
