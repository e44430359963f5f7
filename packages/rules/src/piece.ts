import type { Color } from './types.ts';
import { WIDTH } from './square.ts';

/** Directions as the piece's owner sees them: f = forward (towards rank a for Black), l = towards file 12. */
export const DIRECTIONS = ['f', 'b', 'l', 'r', 'fl', 'fr', 'bl', 'br'] as const;
export type Direction = (typeof DIRECTIONS)[number];
type Dir = Direction;
/** [dx, dy] of each direction for Black: dx +1 = one file towards file 1, dy -1 = one rank towards rank a. */
export const DIRS: Readonly<Record<Direction, readonly [number, number]>> = {
  f: [0, -1], b: [0, 1], l: [-1, 0], r: [1, 0],
  fl: [-1, -1], fr: [1, -1], bl: [-1, 1], br: [1, 1],
};
const ORTH: Dir[] = ['f', 'b', 'l', 'r'];
const DIAG: Dir[] = ['fl', 'fr', 'bl', 'br'];
const ALL: Dir[] = [...ORTH, ...DIAG];

/** How a piece moves: no direction appears in two lists, so every move is generated once. */
export interface Movement {
  steps?: Dir[];
  slides?: Dir[];
  /** two-square leaps in these directions, over anything */
  jumps?: Dir[];
  /** 'full' = the Lion; otherwise the directions of a Falcon's or Eagle's lion power */
  lion?: 'full' | Dir[];
}

export interface Spec extends Movement {
  /** SFEN letter, lowercase, '+' prefix when promoted */
  code: string;
  name: string;
  royal?: boolean;
  /** unpromoted Pawn and Go-Between: taking one first doesn't open a Lion's bridge (§4), and they can't claim a bare king (§6) */
  weak?: boolean;
  /** Pawn and Lance: on the last rank unpromoted it can never move again, a dead piece (§3, §6) */
  diesOnLastRank?: boolean;
}

const BASE: Spec[] = [
  { code: 'k', name: 'King', royal: true, steps: ALL },
  { code: 'q', name: 'Queen', slides: ALL },
  { code: 'n', name: 'Lion', lion: 'full' },
  { code: 'd', name: 'Dragon King', slides: ORTH, steps: DIAG },
  { code: 'h', name: 'Dragon Horse', slides: DIAG, steps: ORTH },
  { code: 'r', name: 'Rook', slides: ORTH },
  { code: 'b', name: 'Bishop', slides: DIAG },
  { code: 'o', name: 'Kirin', steps: DIAG, jumps: ORTH },
  { code: 'x', name: 'Phoenix', steps: ORTH, jumps: DIAG },
  { code: 'e', name: 'Drunk Elephant', steps: ['fl', 'fr', 'bl', 'br', 'f', 'l', 'r'] },
  { code: 't', name: 'Blind Tiger', steps: ['fl', 'fr', 'bl', 'br', 'l', 'r', 'b'] },
  { code: 'f', name: 'Ferocious Leopard', steps: ['fl', 'fr', 'bl', 'br', 'f', 'b'] },
  { code: 'g', name: 'Gold General', steps: ['f', 'b', 'l', 'r', 'fl', 'fr'] },
  { code: 's', name: 'Silver General', steps: ['fl', 'fr', 'bl', 'br', 'f'] },
  { code: 'c', name: 'Copper General', steps: ['fl', 'fr', 'f', 'b'] },
  { code: 'v', name: 'Vertical Mover', slides: ['f', 'b'], steps: ['l', 'r'] },
  { code: 'm', name: 'Side Mover', slides: ['l', 'r'], steps: ['f', 'b'] },
  { code: 'a', name: 'Reverse Chariot', slides: ['f', 'b'] },
  { code: 'l', name: 'Lance', slides: ['f'], diesOnLastRank: true },
  { code: 'i', name: 'Go-Between', steps: ['f', 'b'], weak: true },
  { code: 'p', name: 'Pawn', steps: ['f'], weak: true, diesOnLastRank: true },
];

/** Promoted forms, in the order of the base pieces that promote (all but k, q, n). */
const PROMOTED: Spec[] = [
  { code: '+d', name: 'Soaring Eagle', slides: ['f', 'b', 'l', 'r', 'bl', 'br'], lion: ['fl', 'fr'] },
  { code: '+h', name: 'Horned Falcon', slides: ['fl', 'fr', 'bl', 'br', 'l', 'r', 'b'], lion: ['f'] },
  { code: '+r', name: 'Dragon King', slides: ORTH, steps: DIAG },
  { code: '+b', name: 'Dragon Horse', slides: DIAG, steps: ORTH },
  { code: '+o', name: 'Lion', lion: 'full' },
  { code: '+x', name: 'Queen', slides: ALL },
  { code: '+e', name: 'Prince', royal: true, steps: ALL },
  { code: '+t', name: 'Flying Stag', slides: ['f', 'b'], steps: ['fl', 'fr', 'bl', 'br', 'l', 'r'] },
  { code: '+f', name: 'Bishop', slides: DIAG },
  { code: '+g', name: 'Rook', slides: ORTH },
  { code: '+s', name: 'Vertical Mover', slides: ['f', 'b'], steps: ['l', 'r'] },
  { code: '+c', name: 'Side Mover', slides: ['l', 'r'], steps: ['f', 'b'] },
  { code: '+v', name: 'Flying Ox', slides: [...DIAG, 'f', 'b'] },
  { code: '+m', name: 'Free Boar', slides: [...DIAG, 'l', 'r'] },
  { code: '+a', name: 'Whale', slides: ['f', 'b', 'bl', 'br'] },
  { code: '+l', name: 'White Horse', slides: ['f', 'fl', 'fr', 'b'] },
  { code: '+i', name: 'Drunk Elephant', steps: ['fl', 'fr', 'bl', 'br', 'f', 'l', 'r'] },
  { code: '+p', name: 'Gold General', steps: ['f', 'b', 'l', 'r', 'fl', 'fr'] },
];

export const SPECS: readonly Spec[] = [...BASE, ...PROMOTED];
export const TYPE_COUNT = SPECS.length; // 39
export const CODES: readonly string[] = SPECS.map((s) => s.code);
export const typeOfCode = (code: string): number => CODES.indexOf(code);

// Piece bytes on the board: 0 empty, type+1 for Black, type+1+64 for White, 128 off the board.
export const EMPTY = 0;
export const OFF = 128;
export const WHITE_BIT = 64;
export const colorBit = (c: Color): number => (c === 'white' ? WHITE_BIT : 0);
export const pieceOf = (type: number, c: Color): number => type + 1 + colorBit(c);
export const typeOf = (p: number): number => (p & 63) - 1;
export const colorOf = (p: number): Color => (p & WHITE_BIT ? 'white' : 'black');

/** Type a piece becomes on promotion, or -1. */
export const PROMOTES_TO: Int8Array = (() => {
  const out = new Int8Array(TYPE_COUNT).fill(-1);
  for (const s of PROMOTED) out[typeOfCode(s.code.slice(1))] = typeOfCode(s.code);
  return out;
})();
/** The unpromoted type a promoted type came from (for notation), or -1. */
export const DEMOTES_TO: Int8Array = (() => {
  const out = new Int8Array(TYPE_COUNT).fill(-1);
  for (const s of PROMOTED) out[typeOfCode(s.code)] = typeOfCode(s.code.slice(1));
  return out;
})();

export const isLionType = (t: number): boolean => SPECS[t].lion === 'full';
export const isRoyalType = (t: number): boolean => SPECS[t].royal === true;
export const isWeakType = (t: number): boolean => SPECS[t].weak === true;
export const diesOnLastRank = (t: number): boolean => SPECS[t].diesOnLastRank === true;

/** SFEN code of the piece `code` becomes on promotion ('o' → '+o'), or undefined. */
export const promotedCode = (code: string): string | undefined => {
  const t = typeOfCode(code);
  return t >= 0 && PROMOTES_TO[t] >= 0 ? CODES[PROMOTES_TO[t]] : undefined;
};

/** Per type and colour (index type*2 + (white?1:0)): mailbox offsets of each kind of movement. */
export interface Moves {
  steps: Int16Array;
  jumps: Int16Array;
  slides: Int16Array;
  /** Lion power: 'full' covers all 8 directions; else the directions of a Falcon/Eagle */
  lionDirs: Int16Array;
  fullLion: boolean;
}

const offset = (d: Dir, c: Color): number => {
  const [dx, dy] = DIRS[d];
  const o = dy * WIDTH + dx;
  return c === 'black' ? o : -o;
};

export const MOVES: readonly Moves[] = (() => {
  const out: Moves[] = [];
  for (const s of SPECS)
    for (const c of ['black', 'white'] as Color[]) {
      const offs = (ds?: Dir[]) => Int16Array.from(ds ?? [], (d) => offset(d, c));
      out.push({
        steps: offs(s.steps),
        jumps: offs(s.jumps),
        slides: offs(s.slides),
        lionDirs: offs(s.lion === 'full' ? ALL : s.lion),
        fullLion: s.lion === 'full',
      });
    }
  return out;
})();

export const movesOf = (p: number): Moves => MOVES[typeOf(p) * 2 + (p & WHITE_BIT ? 1 : 0)];

// Reach tables: for a piece at `from` and a square `from + delta`, REACH gives DIRECT when the piece
// reaches it by a step or leap whatever stands between, or the slide direction to walk, or 0.
export const DIRECT = 0x7fff;
const DELTA_MAX = 11 * WIDTH + 11;
export const DELTA_SPAN = 2 * DELTA_MAX + 1;
export const REACH: Int16Array = (() => {
  const out = new Int16Array(TYPE_COUNT * 2 * DELTA_SPAN);
  MOVES.forEach((m, i) => {
    const base = i * DELTA_SPAN + DELTA_MAX;
    for (const d of m.steps) out[base + d] = DIRECT;
    for (const d of m.jumps) out[base + 2 * d] = DIRECT;
    for (const d of m.lionDirs) out[base + d] = out[base + 2 * d] = DIRECT;
    if (m.fullLion)
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) out[base + dy * WIDTH + dx] = DIRECT;
    for (const d of m.slides) for (let k = 1; k <= 11; k++) if (!out[base + k * d]) out[base + k * d] = d;
  });
  return out;
})();
export const reachIndex = (p: number): number => (typeOf(p) * 2 + (p & WHITE_BIT ? 1 : 0)) * DELTA_SPAN + DELTA_MAX;
