import type { Square } from './types.ts';

// Mailbox: the N×N board sits inside an (N+4)×(N+4) frame with two guard squares on every side, so
// steps and the two-square jumps (Lion, Kirin, Phoenix, Knight) never index outside the array. Chu's
// 12×12 fills a 16×16 frame of 256 squares, so a square fits in a byte of a packed move; dai's 15×15
// needs 19×19 = 361, nine bits.

/** One board size's squares, names and mailbox arithmetic. */
export interface Geometry {
  /** files = ranks: 12 (chu) or 15 (dai) */
  readonly size: number;
  /** mailbox row length: size + 4 */
  readonly width: number;
  /** mailbox squares: width² */
  readonly frame: number;
  /** bits of one square in a packed move: 8 (chu), 9 (dai) */
  readonly bits: number;
  /** rank letters, top to bottom: 'abcdefghijkl' */
  readonly ranks: string;
  /** the playable mailbox indices in board order (12a, 11a, … 1l): Uint16Array for both sizes, so code reading it sees one array type */
  readonly squares: Uint16Array;
  /** names of `squares`, in the same order */
  readonly squareNames: readonly Square[];
  /** rank of each square's name in string order, so USI strings can be compared as numbers */
  readonly nameOrder: Uint16Array;
  /** mailbox offsets of the eight king steps */
  readonly kingDirs: readonly number[];
  /** mailbox offsets of the 24 squares of the Lion's 5×5 (RULES.md §2) */
  readonly lionReach: readonly number[];
  /** a square name as a regular expression (no anchors) */
  readonly squarePattern: string;
  /** mailbox index of (col, row): col 0 = the highest file (left as Black sees it), row 0 = rank a */
  index(col: number, row: number): number;
  colOf(sq: number): number;
  rowOf(sq: number): number;
  fileOf(sq: number): number;
  /** board order (0 = top left … size² - 1 = bottom right) of a mailbox index */
  boardOrder(sq: number): number;
  squareName(sq: number): Square;
  parseSquare(name: string): number | undefined;
  /** Chebyshev distance between two mailbox squares */
  distance(a: number, b: number): number;
}

export function geometry(size: number): Geometry {
  const width = size + 4;
  const frame = width * width;
  const ranks = 'abcdefghijklmnopqrs'.slice(0, size);
  const index = (col: number, row: number): number => (row + 2) * width + col + 2;
  const colOf = (sq: number): number => (sq % width) - 2;
  const rowOf = (sq: number): number => Math.floor(sq / width) - 2;
  const fileOf = (sq: number): number => size - colOf(sq);
  const squares = new Uint16Array(size * size);
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) squares[row * size + col] = index(col, row);
  const squareName = (sq: number): Square => `${fileOf(sq)}${ranks[rowOf(sq)]}`;
  // files 1..size: '1[0-2]|[1-9]' for 12, '1[0-5]|[1-9]' for 15
  const squarePattern = `(?:1[0-${size - 10}]|[1-9])[a-${ranks[size - 1]}]`;
  const nameRe = new RegExp(`^(1[0-${size - 10}]|[1-9])([a-${ranks[size - 1]}])$`);
  const nameOrder = new Uint16Array(frame);
  [...squares].sort((a, b) => (squareName(a) < squareName(b) ? -1 : 1)).forEach((sq, i) => (nameOrder[sq] = i));
  const lionReach: number[] = [];
  for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) lionReach.push(dy * width + dx);
  return {
    size,
    width,
    frame,
    bits: Math.ceil(Math.log2(frame)),
    ranks,
    squares,
    squareNames: Array.from(squares, squareName),
    nameOrder,
    kingDirs: [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1],
    lionReach,
    squarePattern,
    index,
    colOf,
    rowOf,
    fileOf,
    boardOrder: (sq) => rowOf(sq) * size + colOf(sq),
    squareName,
    parseSquare: (name) => {
      const m = nameRe.exec(name);
      return m ? index(size - Number(m[1]), ranks.indexOf(m[2])) : undefined;
    },
    distance: (a, b) => Math.max(Math.abs(colOf(a) - colOf(b)), Math.abs(rowOf(a) - rowOf(b))),
  };
}

export const CHU_GEOMETRY = geometry(12);
export const DAI_GEOMETRY = geometry(15);

// Chu's board, as the CPU player and older code read it.
export const WIDTH = CHU_GEOMETRY.width;
export const FRAME = CHU_GEOMETRY.frame;
export const BOARD_SIZE = CHU_GEOMETRY.size;
/** The 144 playable mailbox indices of chu's board in board order (12a, 11a, … 1l). */
export const SQUARES: Uint8Array = Uint8Array.from(CHU_GEOMETRY.squares);
export const SQUARE_NAMES: readonly Square[] = CHU_GEOMETRY.squareNames;
export const KING_DIRS: readonly number[] = CHU_GEOMETRY.kingDirs;
export const NAME_ORDER: Uint16Array = CHU_GEOMETRY.nameOrder;
export const { index, colOf, rowOf, fileOf, boardOrder, squareName, parseSquare, distance } = CHU_GEOMETRY;
