// Board geometry for drawing: which square sits where on the screen. The squares themselves, the
// colours and the promotion zone are the rules' (@chu/rules).
import { SQUARE_NAMES, inPromotionZone, type Color, type Square } from '@chu/rules';

export type { Color, Square };

export const FILES = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const; // left → right as Black sees it
export const RANKS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'] as const; // top → bottom as Black sees it

/** The 144 squares in board order: index 0 = 12a, 11 = 1a, 143 = 1l (the order of Game.board()). */
export const ALL_SQUARES: readonly Square[] = SQUARE_NAMES;

const INDEX = new Map(SQUARE_NAMES.map((sq, i) => [sq, i]));

/** Board-order index of a square name, -1 for anything else. */
export const indexOf = (sq: Square): number => INDEX.get(sq) ?? -1;

/** Whose promotion zone a square is in, for shading: ranks a–d are Black's, i–l White's. */
export function zoneOf(sq: Square): Color | undefined {
  if (inPromotionZone(sq, 'black')) return 'black';
  return inPromotionZone(sq, 'white') ? 'white' : undefined;
}
