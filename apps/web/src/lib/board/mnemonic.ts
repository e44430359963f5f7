// The mnemonic piece set: a face that shows how the piece moves, drawn from the rules' movement
// (movementOf in @chu/rules, the specification the move generator compiles), never from a copy of it,
// so a face cannot disagree with the moves the board allows. One mark per direction, as the owner
// sees the piece (forward = up; White's tile is turned 180° like every other set's):
//   step        a dot on the first square
//   slide       a line to the tile's edge, ending in an arrowhead
//   range2      a line to the second square ending in a bar (dai's Violent Ox, Flying Dragon)
//   jump        a ring on the square it leaps to (the Kirin's, the Phoenix's, dai's Knight's)
//   lion        a dot on the first square and one on the second, joined (Horned Falcon, Soaring Eagle)
//   lion area   the Lion's 5×5 square drawn through its second ring, and the 3×3 through its first
// Promoted pieces draw their marks in red, as promoted kanji are written; a small letter (the Hodges
// abbreviation) tells apart pieces that move alike (the King and the Prince, the Rook and the promoted Gold).
import { DIRECTIONS, DIRS as DIRECTION_STEP, PIECE_NAMES, movementOf, type Direction } from '@chu/rules';

export type FaceMark =
  | { kind: 'step' | 'slide' | 'range2' | 'lion'; dir: Direction }
  | { kind: 'jump'; dx: number; dy: number }
  | { kind: 'lionArea' };

export interface MnemonicFace {
  code: string;
  /** the Hodges letters, without a promoted dai piece's '+': 'Ln', 'St' */
  letter: string;
  promoted: boolean;
  marks: FaceMark[];
}

/** What the face of `code` shows, read off the rules' movement; undefined for a code the rules do not know. */
export function mnemonicFace(code: string): MnemonicFace | undefined {
  const m = movementOf(code);
  if (!m) return undefined;
  const marks: FaceMark[] = [];
  if (m.lion === 'full') marks.push({ kind: 'lionArea' });
  for (const dir of DIRECTIONS) {
    if (m.ranges.includes(dir)) marks.push({ kind: 'slide', dir });
    if (m.limitedRanges?.includes(dir)) marks.push({ kind: 'range2', dir });
    if (m.steps.includes(dir)) marks.push({ kind: 'step', dir });
    if (m.lion !== 'full' && m.lion.includes(dir)) marks.push({ kind: 'lion', dir });
    if (m.jumps.includes(dir)) marks.push({ kind: 'jump', dx: DIRECTION_STEP[dir][0] * 2, dy: DIRECTION_STEP[dir][1] * 2 });
  }
  for (const { dx, dy } of m.leaps ?? []) marks.push({ kind: 'jump', dx, dy });
  const key = m.code;
  return { code: key, letter: PIECE_NAMES[key].abbr.replace('+', ''), promoted: key.startsWith('+'), marks };
}

// Where things sit on the 100×100 tile. The grid is not even: the first ring is pushed out from the
// letter in the middle, the second kept inside the wedge's shoulders.
/** The centre of the tile's face (the wedge's middle sits a little below the box's). */
export const FACE_CENTRE = [50, 55] as const;
/** Distance from the centre of the first and second squares' marks, per grid step. */
export const RING = [0, 19, 34] as const;
/** How far a slide's line reaches from the centre, orthogonal and diagonal: past the second ring. */
export const SLIDE_REACH = { straight: 40, diagonal: 36 } as const;

/** Tile coordinates of the grid square (dx, dy), |dx|, |dy| ≤ 2. */
export function facePoint(dx: number, dy: number): [x: number, y: number] {
  return [FACE_CENTRE[0] + Math.sign(dx) * RING[Math.abs(dx)], FACE_CENTRE[1] + Math.sign(dy) * RING[Math.abs(dy)]];
}

/** The grid square a tile point stands for (the inverse of facePoint), or undefined off the grid. */
export function faceSquare(x: number, y: number): [dx: number, dy: number] | undefined {
  const back = (v: number, c: number): number | undefined => {
    const i = RING.findIndex((r) => Math.abs(Math.abs(v - c) - r) < 0.5);
    return i < 0 ? undefined : Math.sign(v - c) * i;
  };
  const dx = back(x, FACE_CENTRE[0]);
  const dy = back(y, FACE_CENTRE[1]);
  return dx === undefined || dy === undefined ? undefined : [dx, dy];
}

/** Where a slide's line ends in direction `dir`. */
export function slideEnd(dir: Direction): [x: number, y: number] {
  const [dx, dy] = DIRECTION_STEP[dir];
  const reach = dx && dy ? SLIDE_REACH.diagonal : SLIDE_REACH.straight;
  return [FACE_CENTRE[0] + dx * reach, FACE_CENTRE[1] + dy * reach];
}

/** The arrowhead of a slide: a triangle whose tip is the line's end. */
export function arrowHead(dir: Direction, size = 9): string {
  const [dx, dy] = DIRECTION_STEP[dir];
  const n = Math.hypot(dx, dy);
  const [ux, uy] = [dx / n, dy / n];
  const [tx, ty] = slideEnd(dir);
  const [bx, by] = [tx - ux * size * 1.1, ty - uy * size * 1.1];
  const side = (k: number) => [bx - uy * size * 0.75 * k, by + ux * size * 0.75 * k];
  return [[tx, ty], side(1), side(-1)].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

/** The bar across a two-square range's end: the two ends of a short line across the direction. */
export function rangeBar(dir: Direction, half = 7): [x1: number, y1: number, x2: number, y2: number] {
  const [dx, dy] = DIRECTION_STEP[dir];
  const n = Math.hypot(dx, dy);
  const [x, y] = facePoint(dx * 2, dy * 2);
  const [px, py] = [(-dy / n) * half, (dx / n) * half];
  return [x + px, y + py, x - px, y - py];
}
