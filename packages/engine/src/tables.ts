import {
  CLAIMS, DEFENDS, EMPTY, FRAME, IS_LION, IS_ROYAL, KING_DIRS, LION_REACH, OFF, PROMOTE, PROMOTED_PIECE, PROMOTION_ZONE, SPECS,
  SQUARES, TYPE_COUNT, WHITE_BIT, WIDTH, colOf, movesOf, rowOf,
} from '@chu/rules';

// The board encoding and the rules' own facts are the rules package's (its position.ts, zone.ts,
// bareKing.ts): re-exported for the search, which keeps only values and its flat capture tables.
export { EMPTY, IS_LION, IS_ROYAL, KING_DIRS, LION_REACH, OFF, PROMOTE, SQUARES, TYPE_COUNT, WHITE_BIT, WIDTH, colOf, rowOf };
/** Bare-king counts per piece byte and square, index piece * FRAME + square (FRAME = 256). */
export { CLAIMS, DEFENDS, FRAME };
/** Promotion zone per colour, index (white ? FRAME : 0) + square. */
export const ZONE = PROMOTION_ZONE;


/** "Valores por pieza" (seeds/000_*, German Chu Shogi Association), Pawn = 100. */
const BASE_VALUE: Record<string, number> = {
  k: 400, q: 1200, n: 2000, d: 800, h: 700, r: 600, b: 500, o: 300, x: 300, e: 300, t: 300, f: 300,
  g: 300, s: 200, c: 200, v: 400, m: 400, a: 300, l: 300, i: 100, p: 100,
  // promoted; the Prince counts more than its table value because it is a second royal
  '+d': 1100, '+h': 1000, '+r': 800, '+b': 700, '+o': 2000, '+x': 1200, '+e': 700, '+t': 600, '+f': 500,
  '+g': 600, '+s': 400, '+c': 400, '+v': 800, '+m': 800, '+a': 500, '+l': 700, '+i': 300, '+p': 300,
};

/** Per piece byte: values, movement offsets and flags. */
export const VALUE = new Int32Array(256);
/** Piece byte after promotion, or 0. */
export const PROMOTED = PROMOTED_PIECE;
export const STEPS: Int16Array[] = [];
export const JUMPS: Int16Array[] = [];
export const SLIDES: Int16Array[] = [];
export const LION_DIRS: Int16Array[] = [];
export const FULL_LION = new Uint8Array(256);

const empty = new Int16Array(0);
for (let p = 0; p < 256; p++) STEPS[p] = JUMPS[p] = SLIDES[p] = LION_DIRS[p] = empty;

SPECS.forEach((spec, t) => {
  for (const bit of [0, WHITE_BIT]) {
    const p = t + 1 + bit;
    const moves = movesOf(p);
    VALUE[p] = BASE_VALUE[spec.code];
    FULL_LION[p] = moves.fullLion ? 1 : 0;
    STEPS[p] = moves.steps;
    JUMPS[p] = moves.jumps;
    SLIDES[p] = moves.slides;
    LION_DIRS[p] = moves.lionDirs;
  }
});

/** Advancement of a square for a colour: 0 = own back rank, 11 = the far rank. */
export const advance = (sq: number, white: boolean): number => (white ? rowOf(sq) : 11 - rowOf(sq));

const PROMO_POTENTIAL = [0.12, 0.09, 0.06, 0.04, 0.025, 0.015, 0.01, 0.005, 0];

/**
 * Piece-square values from Black's point of view (White's negative), index piece * 256 + square:
 * material, promotion potential by distance to the zone, centre for sliders and Lions, royals at home.
 */
export const PSQ: Int32Array = (() => {
  const out = new Int32Array(256 * 256);
  SPECS.forEach((spec, t) => {
    for (const white of [false, true]) {
      const p = t + 1 + (white ? WHITE_BIT : 0);
      const gain = PROMOTED[p] ? Math.max(0, VALUE[PROMOTED[p]] - VALUE[p]) : 0;
      const slider = (spec.slides?.length ?? 0) >= 2;
      for (const sq of SQUARES) {
        const adv = advance(sq, white);
        const centre = 5.5 - Math.max(Math.abs(colOf(sq) - 5.5), Math.abs(rowOf(sq) - 5.5)); // 0..5
        let v = VALUE[p];
        v += gain * PROMO_POTENTIAL[Math.max(0, 8 - adv)];
        if (spec.royal) v -= adv > 1 ? 18 * (adv - 1) : 0;
        else if (spec.lion === 'full') v += 10 * centre + (adv >= 3 && adv <= 7 ? 10 : 0);
        else if (spec.lion) v += 5 * centre;
        else if (slider) v += 3 * centre;
        else v += centre;
        out[p * 256 + sq] = Math.round(white ? -v : v);
      }
    }
  });
  return out;
})();

/**
 * Flat capture tables per piece byte (index piece * 32 + k): every square a piece reaches in one
 * go whatever stands between (steps, leaps, Lion reach, lion-power first and second squares),
 * and its slide directions. The quiescence search's capture generator walks these.
 */
export const LEAP = new Int16Array(256 * 32);
export const LEAP_N = new Uint8Array(256);
export const SLIDE = new Int16Array(256 * 8);
export const SLIDE_N = new Uint8Array(256);
/** Lion-power directions (8 for a Lion, 1 or 2 for a Falcon or Eagle): first steps of double moves. */
export const LDIR = new Int16Array(256 * 8);
export const LDIR_N = new Uint8Array(256);
for (let p = 1; p < 256; p++) {
  if (!STEPS[p].length && !JUMPS[p].length && !SLIDES[p].length && !LION_DIRS[p].length) continue;
  const leaps = new Set<number>([...STEPS[p], ...Array.from(JUMPS[p], (d) => 2 * d)]);
  if (FULL_LION[p]) for (const d of LION_REACH) leaps.add(d);
  else for (const d of LION_DIRS[p]) leaps.add(d).add(2 * d);
  [...leaps].forEach((d, k) => (LEAP[p * 32 + k] = d));
  LEAP_N[p] = leaps.size;
  SLIDES[p].forEach((d, k) => (SLIDE[p * 8 + k] = d));
  SLIDE_N[p] = SLIDES[p].length;
  LION_DIRS[p].forEach((d, k) => (LDIR[p * 8 + k] = d));
  LDIR_N[p] = LION_DIRS[p].length;
}


/**
 * Attack tables, index piece * 128 + 64 + offset: HITS when the piece reaches the square at that
 * offset whatever stands between (any entry of LEAP), RAYS when it slides in that direction. With
 * them, whether a square is attacked is read from the 24 squares around it and 8 rays out of it.
 */
export const HITS = new Uint8Array(256 * 128);
export const RAYS = new Uint8Array(256 * 128);
for (let p = 1; p < 256; p++) {
  for (let k = p * 32; k < p * 32 + LEAP_N[p]; k++) HITS[p * 128 + 64 + LEAP[k]] = 1;
  for (let k = p * 8; k < p * 8 + SLIDE_N[p]; k++) RAYS[p * 128 + 64 + SLIDE[k]] = 1;
}

/**
 * Opening sense, Black's point of view like PSQ, weighed by how full the board still is: the
 * Queen, the Lions and the other long-range pieces stay home until there is something to hit
 * (an early raid into the enemy camp gets them trapped or wastes moves).
 */
export const EARLY: Int32Array = (() => {
  const out = new Int32Array(256 * 256);
  const perRank: Record<string, [number, number]> = { q: [3, 25], '+x': [3, 25], n: [4, 15], '+o': [4, 15], d: [4, 8], h: [4, 8], '+d': [4, 8], '+h': [4, 8] };
  SPECS.forEach((spec, t) => {
    const rule = perRank[spec.code];
    if (!rule) return;
    for (const white of [false, true]) {
      const p = t + 1 + (white ? WHITE_BIT : 0);
      for (const sq of SQUARES) {
        const beyond = advance(sq, white) - rule[0];
        if (beyond > 0) out[p * 256 + sq] = (white ? 1 : -1) * rule[1] * beyond;
      }
    }
  });
  return out;
})();
