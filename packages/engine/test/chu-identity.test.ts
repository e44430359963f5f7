import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { bestMove } from '../src/index.ts';

// Chu must not change when the engine learns other variants: the move, node count and score of a
// depth-3 search from each of the first 20 shipped openings, in this order in one thread (the hash
// table and history carry over), as the engine of cc1cb7f (before dai) found them (the first row's
// nodes as the trade-down term of issue 15 finds them: 9 861 before). Any change to
// chu's search or evaluation shows here: plumbing must leave it as it is; a change meant to play
// differently (measured with `pnpm match`) writes the table afresh, and says so in its commit:
//   tsx packages/engine/scripts/identity.ts . d3 1 20 --table
const BEFORE_DAI: [string, number, number][] = [
  ['8d8e', 9860, -25],
  ['10g8h', 3997, -2],
  ['7j8h', 2196, -23],
  ['7k7i', 924, 7],
  ['6d6e', 3260, -5],
  ['7j6h', 2991, 3],
  ['6c7e', 1409, -18],
  ['7e7f', 3122, 7],
  ['4g6h', 3871, -7],
  ['9k7j', 1339, -13],
  ['7k7i', 2400, 39],
  ['6h8f', 4634, -8],
  ['7j8h', 2255, 3],
  ['5e5g', 6483, 16],
  ['7j7h', 1271, -3],
  ['8g9h9g', 12092, -4],
  ['6c6e', 2305, -6],
  ['6c6e', 1748, -19],
  ['6d6e', 3029, 15],
  ['7j8h', 2188, -1],
];

const openings = readFileSync(new URL('../data/openings.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));

describe('chu is searched exactly as before dai', () => {
  it('best move, nodes and score at depth 3 on 20 openings', () => {
    const found = openings.slice(0, 20).map((sfen) => {
      const r = bestMove(unwrap(Game.fromSfen(sfen)), { depth: 3, timeMs: 1e9, seed: 1 });
      return [r.move, r.nodes, r.score];
    });
    expect(found).toEqual(BEFORE_DAI);
  });
});
