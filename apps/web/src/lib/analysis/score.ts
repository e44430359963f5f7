// Engine scores as people read them: from Black's point of view, in pawns or moves to the end.
import type { Color } from '@chu/rules';

/** The engine's MATE (packages/engine/src/search.ts): a won game scores MATE minus the plies to its end. */
export const MATE = 100_000;

/** An evaluation from one side's point of view. */
export interface Score {
  /** centipawns: 35; a decided game ±(MATE − plies) */
  cp: number;
  /** plies to the end of a decided game: 3 = wins in 3, −3 = loses in 3, 0 = already over (cp says how) */
  mate?: number;
}

/** The score seen from the other side. */
export const flip = (s: Score): Score => (s.mate === undefined ? { cp: -s.cp } : { cp: -s.cp, mate: -s.mate });

/** A side-to-move score (the engine's) turned to Black's point of view. */
export const forBlack = (s: Score, turn: Color): Score => (turn === 'black' ? s : flip(s));

/** '+1.25', '−0.40', '0.00', '#3' / '#−3' (moves, not plies, to the royal capture), '1-0' / '0-1' once over. */
export function formatScore(s: Score): string {
  if (s.mate !== undefined) {
    if (s.mate === 0) return s.cp > 0 ? '1-0' : s.cp < 0 ? '0-1' : '½-½';
    const moves = Math.ceil(Math.abs(s.mate) / 2);
    return s.cp > 0 ? `#${moves}` : `#−${moves}`;
  }
  const pawns = (Math.abs(s.cp) / 100).toFixed(2);
  return s.cp > 0 ? `+${pawns}` : s.cp < 0 ? `−${pawns}` : pawns;
}

/** Black's share of an evaluation bar or graph, 0…1: 0.5 level, a won game 1; a pawn ahead 0.6, four pawns 0.83. */
export function share(s: Score): number {
  if (s.mate !== undefined) return s.cp > 0 ? 1 : s.cp < 0 ? 0 : 0.5;
  return 1 / (1 + Math.exp(-s.cp / 250));
}

/** Centipawns with decided games and huge leads cut to ±limit: a lost game cannot get much more lost. */
export const clampCp = (s: Score, limit: number): number => Math.max(-limit, Math.min(limit, s.cp));
