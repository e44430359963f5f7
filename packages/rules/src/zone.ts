import { TABLES } from './variant.ts';
import type { Color, Square, Variant } from './types.ts';

// RULES.md §3 and dai-shogi.md §3: the promotion zone is the four (chu) or five (dai) ranks farthest
// from a player; the last ranks matter too (a trapped piece there may promote, or stays dead).
// The tables per variant are in variant.ts; these are chu's, as the CPU player reads them.
export const ZONE_DEPTH = TABLES.chu.zoneDepth;

/** 1 when a square is in the colour's promotion zone: index colorIndex * FRAME + mailbox square (Black 0, White 1). */
export const PROMOTION_ZONE = TABLES.chu.zone;
/** 1 when a square is on the colour's last rank (rank a for Black, l for White); same indexing. */
export const LAST_RANK = TABLES.chu.far.map((f) => (f === 0 ? 1 : 0));

/** Whether `square` ('5d') is in `color`'s promotion zone. */
export function inPromotionZone(square: Square, color: Color, variant: Variant = 'chu'): boolean {
  const t = TABLES[variant];
  const sq = t.parseSquare(square);
  return sq !== undefined && t.zone[(color === 'white' ? t.frame : 0) + sq] === 1;
}
