import type { Square } from './types.ts';

// Mailbox: the 12×12 board sits inside a 16×16 frame with two guard squares on every
// side, so steps and the Lion's two-square jumps never index outside the array.
export const WIDTH = 16;
export const FRAME = 256;
export const BOARD_SIZE = 12;

/** Mailbox index of the square at (col, row): col 0 = file 12 (left as Black sees it), row 0 = rank a. */
export const index = (col: number, row: number): number => (row + 2) * WIDTH + col + 2;
export const colOf = (sq: number): number => (sq % WIDTH) - 2;
export const rowOf = (sq: number): number => (sq >> 4) - 2;
export const fileOf = (sq: number): number => BOARD_SIZE - colOf(sq);

/** The 144 playable mailbox indices in board order (12a, 11a, … 1l). */
export const SQUARES: Uint8Array = (() => {
  const out = new Uint8Array(144);
  for (let row = 0; row < 12; row++) for (let col = 0; col < 12; col++) out[row * 12 + col] = index(col, row);
  return out;
})();

/** Board order (0 = 12a … 143 = 1l) of a mailbox index. */
export const boardOrder = (sq: number): number => rowOf(sq) * 12 + colOf(sq);

const RANKS = 'abcdefghijkl';

export const squareName = (sq: number): Square => `${fileOf(sq)}${RANKS[rowOf(sq)]}`;

export const parseSquare = (name: string): number | undefined => {
  const m = /^(1[0-2]|[1-9])([a-l])$/.exec(name);
  if (!m) return undefined;
  return index(BOARD_SIZE - Number(m[1]), RANKS.indexOf(m[2]));
};

export const SQUARE_NAMES: readonly Square[] = Array.from(SQUARES, squareName);

/** Mailbox offsets of the eight king steps. */
export const KING_DIRS: readonly number[] = [-WIDTH - 1, -WIDTH, -WIDTH + 1, -1, 1, WIDTH - 1, WIDTH, WIDTH + 1];

/** Chebyshev distance between two mailbox squares. */
export const distance = (a: number, b: number): number =>
  Math.max(Math.abs(colOf(a) - colOf(b)), Math.abs(rowOf(a) - rowOf(b)));

/** Rank of each square's name in string order, so USI strings can be compared as numbers. */
export const NAME_ORDER: Uint16Array = (() => {
  const out = new Uint16Array(FRAME);
  const sorted = [...SQUARES].sort((a, b) => (squareName(a) < squareName(b) ? -1 : 1));
  sorted.forEach((sq, i) => (out[sq] = i));
  return out;
})();
