// Board geometry shared by the board component and the screens. No rules here.
export type Color = 'black' | 'white';
export type Square = string; // '7l', '12a'

export const FILES = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const; // left → right as Black sees it
export const RANKS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'] as const; // top → bottom as Black sees it

/** index 0 = 12a, 11 = 1a, 143 = 1l */
export function squareAt(index: number): Square {
  return `${FILES[index % 12]}${RANKS[Math.floor(index / 12)]}`;
}

export function indexOf(sq: Square): number {
  const m = /^(1[0-2]|[1-9])([a-l])$/.exec(sq);
  if (!m) return -1;
  const file = Number(m[1]);
  const rank = m[2].charCodeAt(0) - 97;
  return rank * 12 + (12 - file);
}

export const ALL_SQUARES: Square[] = Array.from({ length: 144 }, (_, i) => squareAt(i));

export function fileOf(sq: Square): number {
  return Number(sq.slice(0, -1));
}
export function rankOf(sq: Square): number {
  return sq.charCodeAt(sq.length - 1) - 97; // 0 = a
}

/** Promotion zone owner of a square: the four ranks farthest from each player. */
export function zoneOf(sq: Square): Color | undefined {
  const r = rankOf(sq);
  if (r <= 3) return 'black'; // ranks a–d: Black promotes there
  if (r >= 8) return 'white'; // ranks i–l: White promotes there
  return undefined;
}

export function opposite(c: Color): Color {
  return c === 'black' ? 'white' : 'black';
}

/** Chebyshev distance between two squares. */
export function distance(a: Square, b: Square): number {
  return Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
}
