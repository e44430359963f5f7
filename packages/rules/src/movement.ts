import { CODES, DIRECTIONS, DIRS, PIECE_SPECS, promotedCode, type Direction } from './piece.ts';

// Each piece's movement in a form a diagram can draw, read off SPECS: the same specification
// the move generator compiles, so the picture and the legal moves cannot drift apart.

/** How a piece moves (RULES.md §1–2), directions as its owner sees them: f = forward. */
export interface PieceMovement {
  /** SFEN code: 'd', '+d' */
  code: string;
  /** English name: 'Soaring Eagle' */
  name: string;
  royal: boolean;
  /** code of its promoted form: '+d'; undefined for pieces that don't promote */
  promotesTo?: string;
  /** one square: ['f', 'fl', 'fr'] */
  steps: readonly Direction[];
  /** any distance over empty squares, to the edge */
  ranges: readonly Direction[];
  /** one or two squares, the first empty to reach the second: dai's Violent Ox and Flying Dragon only */
  limitedRanges?: readonly Direction[];
  /** a leap to the second square, over anything */
  jumps: readonly Direction[];
  /** leaps to other squares, over anything, dy -1 = forward: dai's Knight only, [{dx: -1, dy: -2}, {dx: 1, dy: -2}] */
  leaps?: readonly { dx: number; dy: number }[];
  /** lion power: 'full' (the Lion, §2), or the lines of a Horned Falcon or Soaring Eagle; [] none */
  lion: 'full' | readonly Direction[];
}

export const MOVEMENTS: Readonly<Record<string, PieceMovement>> = Object.fromEntries(
  PIECE_SPECS.map((s) => {
    const movement: PieceMovement = {
      code: s.code,
      name: s.name,
      royal: s.royal === true,
      steps: s.steps ?? [],
      ranges: s.slides ?? [],
      jumps: s.jumps ?? [],
      lion: s.lion ?? [],
    };
    // dai's two kinds, only on the pieces that have them: chu's movements read as they always did
    if (s.limited) movement.limitedRanges = s.limited;
    if (s.leaps) movement.leaps = s.leaps.map(([dx, dy]) => ({ dx, dy }));
    const up = promotedCode(s.code);
    if (up) movement.promotesTo = up;
    return [s.code, movement];
  }),
);

/** The movement of the piece with SFEN code `code` ('d', '+d', dai's "n'"), or undefined for an unknown code. */
export const movementOf = (code: string): PieceMovement | undefined => MOVEMENTS[code.toLowerCase()];

/** Chu's 21 piece types of the starting set, in the rule book's order (strongest first); dai's are VARIANT_INFO.dai.baseCodes. */
export const BASE_CODES: readonly string[] = CODES.filter((c) => !c.startsWith('+'));

/**
 * How a square is reached: 'step', 'range', 'jump', or by lion power — 'lion' on an adjacent
 * square (where it may also capture and go on, or return), 'lion2' two squares away.
 */
export type ReachKind = 'step' | 'range' | 'jump' | 'lion' | 'lion2';
export interface Reach {
  /** files towards file 1 (right as the owner sees the board) */
  dx: number;
  /** ranks forward: -1 is one square ahead */
  dy: number;
  how: ReachKind;
}

/** When two ways reach one square, the diagram shows the stronger: lion power over a leap over a range over a step. */
const RANK: readonly ReachKind[] = ['step', 'range', 'jump', 'lion2', 'lion'];

/**
 * The squares within `radius` (Chebyshev) that the piece reaches from the middle of an empty
 * board, each once: for drawing a movement diagram (radius 3 draws a 7×7 grid).
 */
export function reachOf(code: string, radius: number): Reach[] {
  const m = movementOf(code);
  if (!m) return [];
  const marks = new Map<string, Reach>();
  const put = (dx: number, dy: number, how: ReachKind) => {
    if (Math.max(Math.abs(dx), Math.abs(dy)) > radius) return;
    const key = `${dx},${dy}`;
    const old = marks.get(key);
    if (!old || RANK.indexOf(how) > RANK.indexOf(old.how)) marks.set(key, { dx, dy, how });
  };
  for (const d of m.ranges) for (let k = 1; k <= radius; k++) put(DIRS[d][0] * k, DIRS[d][1] * k, 'range');
  for (const d of m.limitedRanges ?? []) for (let k = 1; k <= 2; k++) put(DIRS[d][0] * k, DIRS[d][1] * k, 'range');
  for (const d of m.steps) put(DIRS[d][0], DIRS[d][1], 'step');
  for (const d of m.jumps) put(DIRS[d][0] * 2, DIRS[d][1] * 2, 'jump');
  for (const { dx, dy } of m.leaps ?? []) put(dx, dy, 'jump');
  const lionLines = m.lion === 'full' ? DIRECTIONS : m.lion;
  for (const d of lionLines) {
    put(DIRS[d][0], DIRS[d][1], 'lion');
    put(DIRS[d][0] * 2, DIRS[d][1] * 2, 'lion2');
  }
  // the Lion also reaches the knight-like squares of its 5×5
  if (m.lion === 'full')
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (Math.abs(dx) + Math.abs(dy) === 3) put(dx, dy, 'lion2');
  return [...marks.values()];
}
