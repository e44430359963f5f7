// Board geometry for drawing: which square sits where on the screen. The squares themselves, the
// colours, the board's size and the promotion zone are the rules' (@chu/rules), per variant.
import { VARIANT_INFO, inPromotionZone, type Color, type Square, type Variant } from '@chu/rules';

export type { Color, Square, Variant };

/** One variant's board as the screen draws it. */
export interface BoardGeometry {
  variant: Variant; // 'dai'
  size: number; // files = ranks: 12, 15
  files: readonly number[]; // left → right as Black sees it: [12, 11, … 1]
  ranks: readonly string[]; // top → bottom as Black sees it: ['a', … 'l']
  squares: readonly Square[]; // board order: index 0 = 12a, 11 = 1a, 143 = 1l (the order of Game.board())
  indexOf(sq: Square): number; // board-order index of a square name, -1 for anything else
  zoneOf(sq: Square): Color | undefined; // whose promotion zone a square is in, for shading
  stars: readonly (readonly [number, number])[]; // [row, col] grid-line crossings marked with a dot
}

function compile(variant: Variant): BoardGeometry {
  const { size, squareNames } = VARIANT_INFO[variant];
  const index = new Map(squareNames.map((sq, i) => [sq, i]));
  const zones = new Map<Square, Color>();
  for (const sq of squareNames) {
    if (inPromotionZone(sq, 'black', variant)) zones.set(sq, 'black');
    else if (inPromotionZone(sq, 'white', variant)) zones.set(sq, 'white');
  }
  // the dots mark where each side's promotion zone begins, on the files a zone's depth in from the edges
  const d = VARIANT_INFO[variant].zoneDepth;
  return {
    variant,
    size,
    files: Array.from({ length: size }, (_, i) => size - i),
    ranks: [...'abcdefghijklmnopqrs'.slice(0, size)],
    squares: squareNames,
    indexOf: (sq) => index.get(sq) ?? -1,
    zoneOf: (sq) => zones.get(sq),
    stars: [[d, d], [d, size - d], [size - d, d], [size - d, size - d]],
  };
}

export const GEOMETRY: Readonly<Record<Variant, BoardGeometry>> = { chu: compile('chu'), dai: compile('dai'), heisei: compile('heisei') };

/** The geometry of a variant (chu when none is given). */
export const geometryOf = (variant: Variant = 'chu'): BoardGeometry => GEOMETRY[variant];

/** The variant whose board has this many squares: a position says which game it is by its shape. */
export const variantOfBoard = (squares: number): Variant => (squares === GEOMETRY.dai.size ** 2 ? 'dai' : 'chu');

// chu's, as most of the client has always read them
export const FILES = GEOMETRY.chu.files;
export const RANKS = GEOMETRY.chu.ranks;
export const ALL_SQUARES: readonly Square[] = GEOMETRY.chu.squares;
export const indexOf = GEOMETRY.chu.indexOf;
export const zoneOf = GEOMETRY.chu.zoneOf;
