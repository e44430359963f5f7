import {
  EMPTY, Game, IS_LION, IS_ROYAL, OFF, PIECE_SPECS, PROMOTED_PIECE, VARIANT_TABLES, WHITE_BIT, type Variant, type VariantTables,
} from '@chu/rules';

// The board encoding and every rules fact (frame, squares, moves, zone, bare-king counts, packed-move
// layout) are the rules package's VARIANT_TABLES: the engine builds only its values, piece-square
// tables and flat capture tables from them, once per variant. Piece bytes mean the same in both
// games, so the tables indexed by piece byte alone (values, Lion, royal, promotion) are shared.
export { EMPTY, IS_LION, IS_ROYAL, OFF, WHITE_BIT };

/**
 * Pawn = 100. Chu's pieces: "Valores por pieza" of seeds/000_* (German Chu Shogi Association),
 * promoted values too, the Prince worth more as a second royal. Dai's eight new pieces: seeds/001_*
 * gives no values, so they are derived from their moves on chu's scale (README "Dai piece values").
 */
const BASE_VALUE: Record<string, number> = {
  k: 400, q: 1200, n: 2000, d: 800, h: 700, r: 600, b: 500, o: 300, x: 300, e: 300, t: 300, f: 300,
  g: 300, s: 200, c: 200, v: 400, m: 400, a: 300, l: 300, i: 100, p: 100,
  // promoted; the Prince counts more than its table value because it is a second royal
  '+d': 1100, '+h': 1000, '+r': 800, '+b': 700, '+o': 2000, '+x': 1200, '+e': 700, '+t': 600, '+f': 500,
  '+g': 600, '+s': 400, '+c': 400, '+v': 800, '+m': 800, '+a': 500, '+l': 700, '+i': 300, '+p': 300,
  // dai: about 50 a square reached, less for pieces that only go forward and end up stuck
  "v'": 350, "f'": 300, "e'": 250, "a'": 200, "c'": 200, "i'": 150, "s'": 120, "n'": 120,
  "+v'": 300, "+f'": 300, "+e'": 300, "+a'": 300, "+c'": 300, "+i'": 300, "+s'": 300, "+n'": 300,
};

/** Per piece byte (both games): value. */
export const VALUE = new Int32Array(256);
/** Piece byte after promotion, or 0. */
export const PROMOTED = PROMOTED_PIECE;
/** 1 when promoting gains: the quiescence search's captures promote exactly then (dai's Ox and Dragon lose by it). */
export const PROMOTES_UP = new Uint8Array(256);
PIECE_SPECS.forEach((spec, t) => {
  for (const bit of [0, WHITE_BIT]) VALUE[t + 1 + bit] = BASE_VALUE[spec.code];
});
for (let p = 1; p < OFF; p++) PROMOTES_UP[p] = PROMOTED[p] !== 0 && VALUE[PROMOTED[p]] > VALUE[p] ? 1 : 0;

/**
 * A reserve piece (Heisei chu, heisei-chu.md §2) against the same piece on the board: material all the
 * same, but it has to be dropped beside an own piece before it does anything.
 */
const RESERVE_SHARE = 0.9;

const PROMO_POTENTIAL = [0.12, 0.09, 0.06, 0.04, 0.025, 0.015, 0.01, 0.005, 0];

/** Everything the search reads about one variant's board, as flat typed arrays. */
export interface EngineTables {
  readonly rules: VariantTables;
  readonly variant: Variant;
  /** board squares in the mailbox: indices of `board` run 0 … frame - 1 */
  readonly frame: number;
  /** packed move: from | to << bits | mid << 2 bits | promote */
  readonly bits: number;
  readonly mask: number;
  readonly promote: number;
  readonly squares: Uint16Array;
  readonly kingDirs: readonly number[];
  readonly lionReach: readonly number[];
  /** the rules' promotion zone, index (white ? frame : 0) + square */
  readonly zone: Uint8Array;
  /** the rules' bare-king counts, index piece * frame + square */
  readonly defends: Uint8Array;
  readonly claims: Uint8Array;
  /** piece-square values from Black's point of view (White's negative), index piece * frame + square */
  readonly psq: Int32Array;
  /** opening sense, same index and sign as psq */
  readonly early: Int32Array;
  /** the opening sense is full with this many pieces (royals and dead ones not counted) and gone at earlyGone */
  readonly earlyFull: number;
  readonly earlyGone: number;
  /** one side's pieces at the start that count for the bare-king rule (chu 45; Heisei's reserve included) */
  readonly sidePieces: number;
  /** whether the game has drops (Heisei chu): the reserve kinds' types, in the SFEN's order, [] without */
  readonly reserveTypes: readonly number[];
  /** a reserve piece's value by piece byte (its owner's unpromoted byte), Black's point of view like psq */
  readonly reserveValue: Int32Array;
  /**
   * Flat capture tables per piece byte (index piece * 32 + k, piece * 8 + k): every square a piece
   * reaches in one go whatever stands between (steps, leaps, Lion reach, lion-power first and second
   * squares), its slide directions, its lion-power directions (first steps of double moves) and its
   * limited ranges (dai's Ox and Dragon: the second square through an empty first one).
   */
  readonly leap: Int16Array;
  readonly leapN: Uint8Array;
  readonly slide: Int16Array;
  readonly slideN: Uint8Array;
  readonly ldir: Int16Array;
  readonly ldirN: Uint8Array;
  readonly hop: Int16Array;
  readonly hopN: Uint8Array;
  readonly fullLion: Uint8Array;
  /** any piece with a limited range (dai) */
  readonly hasHops: boolean;
  /**
   * Attack tables, index piece * 128 + 64 + offset: HITS when the piece reaches the square at that
   * offset whatever stands between (any entry of leap), RAYS when it slides in that direction, HOPS
   * when it reaches it through the empty square halfway. With them, whether a square is attacked is
   * read from the 24 squares around it and 8 rays out of it.
   */
  readonly hits: Uint8Array;
  readonly rays: Uint8Array;
  readonly hops: Uint8Array;
}

function build(variant: Variant): EngineTables {
  const rules = VARIANT_TABLES[variant];
  const { frame, size, squares, rowOf, colOf } = rules;
  const zoneStart = size - rules.zoneDepth; // advancement of the first zone rank
  const advance = (sq: number, white: boolean): number => (white ? rowOf(sq) : size - 1 - rowOf(sq));
  const mid = (size - 1) / 2;
  const types: number[] = [];
  PIECE_SPECS.forEach((_, t) => rules.hasType[t] && types.push(t));

  const psq = new Int32Array(256 * frame);
  for (const t of types) {
    const spec = PIECE_SPECS[t];
    for (const white of [false, true]) {
      const p = t + 1 + (white ? WHITE_BIT : 0);
      const gain = PROMOTED[p] ? Math.max(0, VALUE[PROMOTED[p]] - VALUE[p]) : 0;
      const slider = (spec.slides?.length ?? 0) >= 2;
      for (const sq of squares) {
        const adv = advance(sq, white);
        const centre = mid - Math.max(Math.abs(colOf(sq) - mid), Math.abs(rowOf(sq) - mid)); // 0 at the edge
        let v = VALUE[p];
        v += gain * PROMO_POTENTIAL[Math.min(8, Math.max(0, zoneStart - adv))];
        if (spec.royal) v -= adv > 1 ? 18 * (adv - 1) : 0;
        else if (spec.lion === 'full') v += 10 * centre + (adv >= 3 && adv < zoneStart ? 10 : 0);
        else if (spec.lion) v += 5 * centre;
        else if (slider) v += 3 * centre;
        else v += centre;
        psq[p * frame + sq] = Math.round(white ? -v : v);
      }
    }
  }

  // Opening sense: the Queen, the Lions and the other long-range pieces stay home until there is
  // something to hit (an early raid into the enemy camp gets them trapped or wastes moves). Ranks
  // counted from the own Pawn line (chu's fourth rank, dai's fifth).
  const start = Game.start({ variant }).position;
  const pawnAdv = advance(squares.find((sq) => start.board[sq] === PIECE_SPECS.findIndex((s) => s.code === 'p') + 1)!, false);
  const shift = pawnAdv - 3;
  const early = new Int32Array(256 * frame);
  const perRank: Record<string, [number, number]> = { q: [3, 25], '+x': [3, 25], n: [4, 15], '+o': [4, 15], d: [4, 8], h: [4, 8], '+d': [4, 8], '+h': [4, 8] };
  for (const t of types) {
    const rule = perRank[PIECE_SPECS[t].code];
    if (!rule) continue;
    for (const white of [false, true]) {
      const p = t + 1 + (white ? WHITE_BIT : 0);
      for (const sq of squares) {
        const beyond = advance(sq, white) - rule[0] - shift;
        if (beyond > 0) early[p * frame + sq] = (white ? 1 : -1) * rule[1] * beyond;
      }
    }
  }
  // chu: full with 80 of the 90 pieces, gone at 50; dai the same shares of its 128
  // a reserve piece counts for the bare-king rule (heisei-chu.md §6), so it is one of a side's pieces
  let pieces = 2 * rules.reserve.length;
  for (const sq of squares) pieces += rules.defends[start.board[sq] * frame + sq];
  const reserveValue = new Int32Array(128);
  for (const t of rules.reserveTypes)
    for (const white of [false, true]) {
      const v = Math.round(VALUE[t + 1] * RESERVE_SHARE);
      reserveValue[t + 1 + (white ? WHITE_BIT : 0)] = white ? -v : v;
    }
  const earlyFull = Math.round((pieces * 80) / 90);
  const earlyGone = Math.round((pieces * 50) / 90);

  const leap = new Int16Array(256 * 32);
  const leapN = new Uint8Array(256);
  const slide = new Int16Array(256 * 8);
  const slideN = new Uint8Array(256);
  const ldir = new Int16Array(256 * 8);
  const ldirN = new Uint8Array(256);
  const hop = new Int16Array(256 * 8);
  const hopN = new Uint8Array(256);
  const fullLion = new Uint8Array(256);
  for (const t of types)
    for (const bit of [0, WHITE_BIT]) {
      const p = t + 1 + bit;
      const m = rules.movesByPiece[p];
      fullLion[p] = m.fullLion ? 1 : 0;
      const leaps = new Set<number>([...m.steps, ...Array.from(m.jumps, (d) => 2 * d)]);
      if (m.fullLion) for (const d of rules.lionReach) leaps.add(d);
      else for (const d of m.lionDirs) leaps.add(d).add(2 * d);
      [...leaps].forEach((d, k) => (leap[p * 32 + k] = d));
      leapN[p] = leaps.size;
      m.slides.forEach((d, k) => (slide[p * 8 + k] = d));
      slideN[p] = m.slides.length;
      m.lionDirs.forEach((d, k) => (ldir[p * 8 + k] = d));
      ldirN[p] = m.lionDirs.length;
      m.hops.forEach((d, k) => (hop[p * 8 + k] = d));
      hopN[p] = m.hops.length;
    }

  const hits = new Uint8Array(256 * 128);
  const rays = new Uint8Array(256 * 128);
  const hops = new Uint8Array(256 * 128);
  for (let p = 1; p < 256; p++) {
    for (let k = p * 32; k < p * 32 + leapN[p]; k++) hits[p * 128 + 64 + leap[k]] = 1;
    for (let k = p * 8; k < p * 8 + slideN[p]; k++) rays[p * 128 + 64 + slide[k]] = 1;
    for (let k = p * 8; k < p * 8 + hopN[p]; k++) hops[p * 128 + 64 + 2 * hop[k]] = 1;
  }

  return {
    rules, variant, frame, bits: rules.bits, mask: rules.mask, promote: rules.promote, squares: rules.squares,
    kingDirs: [...rules.kingDirs], lionReach: [...rules.lionReach], zone: rules.zone, defends: rules.defends, claims: rules.claims,
    psq, early, earlyFull, earlyGone, sidePieces: pieces / 2, reserveTypes: rules.reserveTypes, reserveValue, leap, leapN, slide, slideN, ldir, ldirN, hop, hopN, fullLion,
    hasHops: hopN.some((n) => n > 0), hits, rays, hops,
  };
}

const built: Partial<Record<Variant, EngineTables>> = {};
/** The engine's tables of a variant, built on first use. */
export const engineTables = (variant: Variant): EngineTables => (built[variant] ??= build(variant));

// Chu's, under the names the harness and older code read.
const chu = engineTables('chu');
export const PSQ = chu.psq;
export const EARLY = chu.early;
export const SQUARES = chu.squares;
/** Promotion zone per colour, index (white ? FRAME : 0) + square. */
export const ZONE = chu.zone;
/** Advancement of a chu square for a colour: 0 = own back rank, 11 = the far rank. */
export const advance = (sq: number, white: boolean): number => (white ? chu.rules.rowOf(sq) : 11 - chu.rules.rowOf(sq));
/** Chu's packed-move promotion bit. */
export const PROMOTE = chu.promote;
