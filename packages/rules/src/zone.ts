import { FRAME, SQUARES, parseSquare, rowOf } from './square.ts';
import type { Color, Square } from './types.ts';

// RULES.md §3: the promotion zone is the four ranks farthest from a player; §3 and §6 also need
// each player's last rank (a Pawn or Lance there may promote, or stays as a dead piece).
export const ZONE_DEPTH = 4;

/** 1 when a square is in the colour's promotion zone: index colorIndex * FRAME + mailbox square (Black 0, White 1). */
export const PROMOTION_ZONE = new Uint8Array(2 * FRAME);
/** 1 when a square is on the colour's last rank (rank a for Black, l for White); same indexing. */
export const LAST_RANK = new Uint8Array(2 * FRAME);
for (const sq of SQUARES) {
  const row = rowOf(sq);
  PROMOTION_ZONE[sq] = row < ZONE_DEPTH ? 1 : 0;
  PROMOTION_ZONE[FRAME + sq] = row >= 12 - ZONE_DEPTH ? 1 : 0;
  LAST_RANK[sq] = row === 0 ? 1 : 0;
  LAST_RANK[FRAME + sq] = row === 11 ? 1 : 0;
}

/** Whether `square` ('5d') is in `color`'s promotion zone. */
export function inPromotionZone(square: Square, color: Color): boolean {
  const sq = parseSquare(square);
  return sq !== undefined && PROMOTION_ZONE[(color === 'white' ? FRAME : 0) + sq] === 1;
}
