// The screens' bridge to the rules library: positions from a start SFEN and a move list.
import { Game, type Color, type Options, type ReservePieces } from '@chu/rules';
import type { Piece } from './board/types';

/** Replays moves from a start position; stops at the first move the rules refuse. */
export function replay(startSfen: string | undefined, moves: readonly string[], options?: Options): Game {
  const r = Game.replay([...moves], options, startSfen);
  if (r.ok) return r.value;
  // keep what is legal: a view must never show an impossible position
  const again = Game.replay(moves.slice(0, r.error.ply), options, startSfen);
  return again.ok ? again.value : Game.start(options);
}

export function pieces(game: Game): (Piece | undefined)[] {
  return game.board().map((p) => (p ? { color: p.color, code: p.code } : undefined));
}

/** Each side's reserve in a game with drops (Heisei chu, docs/heisei-chu.md §2), for the stands; undefined in chu and dai. */
export function reservesOf(game: Game): Record<Color, ReservePieces[]> | undefined {
  return game.position.tables.drops ? { black: game.reserve('black'), white: game.reserve('white') } : undefined;
}

/** Who made a game's first move: White in a handicap (docs/handicaps.md §1), else Black. */
export function firstMover(startSfen: string, options?: Options): Color {
  const start = Game.fromSfen(startSfen, options);
  return start.ok ? start.value.turn : 'black';
}

export { Game };
