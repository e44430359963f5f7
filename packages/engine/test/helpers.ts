import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Game, seededRandom, unwrap, type Options, type Position } from '@chu/rules';
import { Searcher, type SearchLimits } from '../src/search.ts';

const ORACLE_PATH = createRequire(import.meta.url).resolve('@chu/rules/fixtures/oracle.json');

/** The oracle's public positions (lion, counter-strike and promotion edge cases among them). */
export const oracleSfens: string[] = (JSON.parse(readFileSync(ORACLE_PATH, 'utf8')) as { positions: { sfen: string }[] })
  .positions.map((p) => p.sfen);

/** A game after `plies` random moves from the start (fewer if it ends). */
export function randomGame(seed: number, plies: number, options?: Partial<Options>): Game {
  const random = seededRandom(seed);
  const game = Game.start(options);
  for (let i = 0; i < plies && !game.outcome(); i++) {
    const moves = game.legalMoves();
    unwrap(game.play(moves[Math.floor(random() * moves.length)]));
  }
  return game;
}

export const OPTION_SETS: Partial<Options>[] = (['off', 'protected', 'always'] as const).flatMap((lionTrading) =>
  (['association', 'shogi'] as const).map((promotion) => ({ lionTrading, promotion })),
);

export const fromSfen = (sfen: string, options?: Partial<Options>): Game => unwrap(Game.fromSfen(sfen, options));

/** What a test reads of the searcher's private evaluation (reached as conversion.test.ts reaches it). */
export interface SearcherInside {
  evaluate(): number;
  royalDanger(c: number): number;
}

/** A searcher set up on `sfen` with `limits` (no search run): its evaluation and terms as they stand. */
export function searcherAt(sfen: string, limits: Partial<SearchLimits> = {}): SearcherInside {
  const s = new Searcher(4) as unknown as SearcherInside & {
    setup(pos: Position, history: Int32Array, pliesLeft: number, limits: SearchLimits, start: number): void;
  };
  s.setup(fromSfen(sfen).position.clone(), new Int32Array(0), Infinity, { maxDepth: 1, timeMs: 1000, maxNodes: Infinity, noise: 0, seed: 0, ...limits }, 0);
  return s;
}
