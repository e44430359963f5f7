import { describe, expect, it } from 'vitest';
import { VARIANT_TABLES, WHITE_BIT, type Game, type Position } from '@chu/rules';
import { Searcher } from '../src/search.ts';
import { engineTables, EMPTY } from '../src/tables.ts';
import { OPTION_SETS, fromSfen, oracleSfens, randomGame } from './helpers.ts';

// Attack maps kept by make and unmake (issue 51): for each square and side, how many pieces attack it
// and the cheapest of them.

interface Inside {
  load(pos: Position): void;
  maps: { count: Uint8Array; cheapest(c: number, sq: number): number; rankOf: Uint8Array; rankValue: Int32Array };
  verifyMaps: boolean;
}

const variantOf = (g: Game) => g.options.variant ?? 'chu';

const searchers = new Map<string, Searcher>();
/** one searcher per variant (each holds a few MB of move lists) */
const searcherFor = (g: Game): Searcher => {
  const v = variantOf(g);
  if (!searchers.has(v)) searchers.set(v, new Searcher(4, engineTables(v)));
  return searchers.get(v)!;
};

/** the random-position fixtures: the oracle's positions, random chu games under every option set, dai and Heisei games */
const fixtures: { name: string; game: Game }[] = [
  ...oracleSfens.map((s, i) => ({ name: `oracle ${i + 1}`, game: fromSfen(s) })),
  ...Array.from({ length: 12 }, (_, i) => ({ name: `chu random ${i + 1}`, game: randomGame(500 + i, 15 + 12 * i, OPTION_SETS[i % 6]) })),
  ...Array.from({ length: 6 }, (_, i) => ({ name: `dai random ${i + 1}`, game: randomGame(700 + i, 20 + 25 * i, { variant: 'dai' }) })),
  ...Array.from({ length: 6 }, (_, i) => ({ name: `heisei random ${i + 1}`, game: randomGame(900 + i, 10 + 15 * i, { variant: 'heisei', heiseiDrops: i % 2 ? 'once' : 'any' }) })),
];

/**
 * The rules' answer, one piece at a time: piece P of side `by` attacks T when Position.attacked says
 * so with every other piece of that side turned to the other colour (the board's occupancy unchanged).
 */
function oracle(pos: Position, rankOf: Uint8Array, rankValue: Int32Array): { count: Map<number, number>; cheapest: Map<number, number> } {
  const count = new Map<number, number>();
  const low = new Map<number, number>();
  const squares = VARIANT_TABLES[pos.options.variant ?? 'chu'].squares;
  const board = pos.board;
  for (const by of [0, WHITE_BIT]) {
    const own = Array.from(squares).filter((sq) => board[sq] !== EMPTY && (board[sq] & WHITE_BIT) === by);
    for (const p of own) {
      for (const q of own) if (q !== p) board[q] ^= WHITE_BIT;
      for (const t of squares)
        if (pos.attacked(t, by)) {
          const key = (by ? 1 : 0) * 10_000 + t;
          count.set(key, (count.get(key) ?? 0) + 1);
          low.set(key, Math.min(low.get(key) ?? 99, rankOf[board[p]]));
        }
      for (const q of own) if (q !== p) board[q] ^= WHITE_BIT;
    }
  }
  return { count, cheapest: new Map([...low].map(([k, r]) => [k, rankValue[r]])) };
}

describe('attack maps', () => {
  it.each(fixtures)('count and cheapest attacker of every square agree with the rules, piece by piece: $name', ({ game }) => {
    const s = searcherFor(game) as unknown as Inside;
    s.verifyMaps = true; // a searcher loads its maps only when it keeps them
    const pos = game.position.clone();
    s.load(pos);
    const want = oracle(pos, s.maps.rankOf, s.maps.rankValue);
    const frame = engineTables(variantOf(game)).frame;
    let attacked = 0;
    for (const t of VARIANT_TABLES[variantOf(game)].squares)
      for (const c of [0, 1]) {
        const key = c * 10_000 + t;
        expect([s.maps.count[c * frame + t], s.maps.cheapest(c, t)], `side ${c} square ${t}`).toEqual([want.count.get(key) ?? 0, want.cheapest.get(key) ?? 0]);
        if (want.count.has(key)) attacked++;
      }
    expect(attacked).toBeGreaterThan(0);
  });

  // Every make and unmake of a short search, drops and Lion moves among them, with the from-scratch
  // check on: the search throws at the first square where the kept maps differ. Then again, over a
  // quarter of the fixtures, with the terms that read the maps on (`see` prunes captures by them,
  // `royalSafety` scores each royal by them): another tree, the same check.
  const searches = [
    ...fixtures.filter((f) => !f.game.outcome()).map((f) => ({ ...f, terms: 'no term reading them', limits: {} })),
    ...fixtures
      .filter((f, i) => !f.game.outcome() && i % 4 === 0)
      .map((f) => ({ ...f, terms: 'see and royal safety', limits: { see: true, royalSafety: true } })),
  ];
  it.each(searches)('stay exact through every make and unmake of a search ($terms): $name', ({ game, limits }) => {
    const searcher = searcherFor(game);
    searcher.verifyMaps = true;
    const r = searcher.search(game.position.clone(), game.legalPacked(), new Int32Array(0), Infinity, {
      maxDepth: 3, timeMs: 3_600_000, maxNodes: 1_500, noise: 0, seed: 0, ...limits,
    });
    expect(r.nodes).toBeGreaterThan(0);
  });
});
