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
  /** ranges of at most two squares, the first empty to reach the second (dai's Violent Ox R2, Flying Dragon B2) */
  limited?: Dir[];
  /** two-square leaps in these directions, over anything */
  jumps?: Dir[];
  /** leaps to [dx, dy] in the owner's view, over anything (dai's Knight: [-1, -2] and [1, -2]) */
  leaps?: (readonly [number, number])[];
  /** 'full' = the Lion; otherwise the directions of a Falcon's or Eagle's lion power */
  lion?: 'full' | Dir[];
}

export interface Spec extends Movement {
  /** SFEN letter, lowercase, '+' prefix when promoted; dai-only pieces end in a prime: "n'" */
  code: string;
  name: string;
  royal?: boolean;
  /** unpromoted Pawn and Go-Between: taking one first doesn't open a Lion's bridge (§4), and they can't claim a bare king (§6) */
  weak?: boolean;
  /**
   * Unpromoted on its last `trapped` ranks it can never move again, a dead piece (RULES.md §3, §6;
   * dai-shogi.md §3): 1 for the Pawn, Lance, Stone and Iron General, 2 for the Knight.
   */
  trapped?: 1 | 2;
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
  { code: 'l', name: 'Lance', slides: ['f'], trapped: 1 },
  { code: 'i', name: 'Go-Between', steps: ['f', 'b'], weak: true },
  { code: 'p', name: 'Pawn', steps: ['f'], weak: true, trapped: 1 },
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

const GOLD: Dir[] = ['f', 'b', 'l', 'r', 'fl', 'fr'];

/** The pieces dai shogi adds (dai-shogi.md §1.1, seed 001's table); all promote to Gold General. */
const DAI_BASE: Spec[] = [
  { code: "i'", name: 'Iron General', steps: ['f', 'fl', 'fr'], trapped: 1 },
  { code: "s'", name: 'Stone General', steps: ['fl', 'fr'], trapped: 1 },
  { code: "n'", name: 'Knight', leaps: [[-1, -2], [1, -2]], trapped: 2 },
  { code: "a'", name: 'Angry Boar', steps: ORTH },
  { code: "c'", name: 'Cat Sword', steps: DIAG },
  { code: "e'", name: 'Evil Wolf', steps: ['f', 'l', 'r', 'fl', 'fr'] },
  { code: "v'", name: 'Violent Ox', limited: ORTH },
  { code: "f'", name: 'Flying Dragon', limited: DIAG },
];
const DAI_PROMOTED: Spec[] = DAI_BASE.map((s) => ({ code: `+${s.code}`, name: 'Gold General', steps: GOLD }));

/** Every piece type of both games, index = type: chu's 39 first (their bytes are the same in both), then dai's 16. */
export const PIECE_SPECS: readonly Spec[] = [...BASE, ...PROMOTED, ...DAI_BASE, ...DAI_PROMOTED];
export const TYPE_COUNT = PIECE_SPECS.length; // 55
/** Chu's pieces (types 0..38), as the CPU player's tables iterate them. */
export const SPECS: readonly Spec[] = [...BASE, ...PROMOTED];
export const CHU_TYPE_COUNT = SPECS.length; // 39
/** Chu's SFEN codes, by type. */
export const CODES: readonly string[] = SPECS.map((s) => s.code);
/** The SFEN code of every type of both games. */
export const ALL_CODES: readonly string[] = PIECE_SPECS.map((s) => s.code);
export const typeOfCode = (code: string): number => ALL_CODES.indexOf(code);

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
  for (const s of PIECE_SPECS) if (s.code.startsWith('+')) out[typeOfCode(s.code.slice(1))] = typeOfCode(s.code);
  return out;
})();
/** The unpromoted type a promoted type came from (for notation), or -1. */
export const DEMOTES_TO: Int8Array = (() => {
  const out = new Int8Array(TYPE_COUNT).fill(-1);
  for (const s of PIECE_SPECS) if (s.code.startsWith('+')) out[typeOfCode(s.code)] = typeOfCode(s.code.slice(1));
  return out;
})();

export const isLionType = (t: number): boolean => PIECE_SPECS[t].lion === 'full';
export const isRoyalType = (t: number): boolean => PIECE_SPECS[t].royal === true;
export const isWeakType = (t: number): boolean => PIECE_SPECS[t].weak === true;
/** How many far ranks the type is stuck on when unpromoted (0 = none). */
export const trappedRanks = (t: number): number => PIECE_SPECS[t].trapped ?? 0;

/** SFEN code of the piece `code` becomes on promotion ('o' → '+o'), or undefined. */
export const promotedCode = (code: string): string | undefined => {
  const t = typeOfCode(code);
  return t >= 0 && PROMOTES_TO[t] >= 0 ? ALL_CODES[PROMOTES_TO[t]] : undefined;
};

/** Per type and colour: mailbox offsets of each kind of movement, for one board width. */
export interface Moves {
  /** steps and leaps (the Knight's too): one offset each, whatever stands between */
  steps: Int16Array;
  jumps: Int16Array;
  slides: Int16Array;
  /** limited ranges' second square: offset d, reached at 2d when d is empty (d itself is a step) */
  hops: Int16Array;
  /** Lion power: 'full' covers all 8 directions; else the directions of a Falcon/Eagle */
  lionDirs: Int16Array;
  fullLion: boolean;
}

/** How each type moves on a board of one width, compiled from PIECE_SPECS. */
export interface CompiledMoves {
  /** index type * 2 + (white ? 1 : 0) */
  byType: readonly Moves[];
  /** index piece byte (empty and unused bytes get no moves) */
  byPiece: readonly Moves[];
  /**
   * Reach table: for a piece at `from` and a square `from + delta`, REACH[base[piece] + delta] is
   * DIRECT when the piece reaches it by a step or leap whatever stands between, or the slide
   * direction to walk (the squares before it must be empty), or 0.
   */
  reach: Int16Array;
  base: Int32Array;
}

export const DIRECT = 0x7fff;

export function compileMoves(width: number, size: number): CompiledMoves {
  const offset = (dx: number, dy: number, c: Color): number => (c === 'black' ? 1 : -1) * (dy * width + dx);
  const byType: Moves[] = [];
  for (const s of PIECE_SPECS)
    for (const c of ['black', 'white'] as Color[]) {
      const offs = (ds?: Dir[]) => Int16Array.from(ds ?? [], (d) => offset(DIRS[d][0], DIRS[d][1], c));
      byType.push({
        steps: Int16Array.from([...offs(s.steps), ...offs(s.limited), ...(s.leaps ?? []).map(([dx, dy]) => offset(dx, dy, c))]),
        jumps: offs(s.jumps),
        slides: offs(s.slides),
        hops: offs(s.limited),
        lionDirs: offs(s.lion === 'full' ? ALL : s.lion),
        fullLion: s.lion === 'full',
      });
    }
  const none: Moves = { steps: new Int16Array(0), jumps: new Int16Array(0), slides: new Int16Array(0), hops: new Int16Array(0), lionDirs: new Int16Array(0), fullLion: false };
  const byPiece: Moves[] = Array.from({ length: 256 }, (_, p) => {
    const t = (p & 63) - 1;
    return p > 0 && p < OFF && t < TYPE_COUNT ? byType[t * 2 + (p & WHITE_BIT ? 1 : 0)] : none;
  });
  const deltaMax = (size - 1) * width + size - 1;
  const span = 2 * deltaMax + 1;
  const reach = new Int16Array(byType.length * span);
  byType.forEach((m, i) => {
    const at = i * span + deltaMax;
    for (const d of m.steps) reach[at + d] = DIRECT;
    for (const d of m.jumps) reach[at + 2 * d] = DIRECT;
    for (const d of m.hops) reach[at + 2 * d] = d;
    for (const d of m.lionDirs) reach[at + d] = reach[at + 2 * d] = DIRECT;
    if (m.fullLion)
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx || dy) reach[at + dy * width + dx] = DIRECT;
    for (const d of m.slides) for (let k = 1; k < size; k++) if (!reach[at + k * d]) reach[at + k * d] = d;
  });
  const base = new Int32Array(256);
  for (let p = 1; p < OFF; p++) if ((p & 63) - 1 < TYPE_COUNT) base[p] = (((p & 63) - 1) * 2 + (p & WHITE_BIT ? 1 : 0)) * span + deltaMax;
  return { byType, byPiece, reach, base };
}

const CHU_MOVES = compileMoves(WIDTH, 12);
/** Chu's moves of a piece byte (16-wide mailbox), as the CPU player reads them. */
export const movesOf = (p: number): Moves => CHU_MOVES.byPiece[p];
