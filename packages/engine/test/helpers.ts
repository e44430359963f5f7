import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Game, seededRandom, unwrap, type Options } from '@chu/rules';

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
