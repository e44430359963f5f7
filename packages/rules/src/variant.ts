import {
  ALL_CODES, CHU_TYPE_COUNT, PIECE_SPECS, TYPE_COUNT, WHITE_BIT, compileMoves, isRoyalType, isWeakType, trappedRanks,
  typeOfCode, type Moves,
} from './piece.ts';
import { CHU_GEOMETRY, DAI_GEOMETRY, type Geometry } from './square.ts';
import type { Square, Variant } from './types.ts';

// Everything that differs between chu, dai and Heisei chu, compiled once per variant: the board frame, which
// pieces exist, how they move on that frame, the promotion zone, dead pieces, Zobrist keys and the
// packed-move layout. Position, SFEN, USI, notation and the board feed read a game's tables; none of
// them branches on the variant's name.

/** What people and the other packages see of a variant. */
export interface VariantInfo {
  readonly variant: Variant;
  /** 'Chu shogi' */
  readonly name: string;
  /** files = ranks */
  readonly size: number;
  /** RULES.md §3, dai-shogi.md §3: ranks in the promotion zone */
  readonly zoneDepth: number;
  /** whether RULES.md §4 (lion trading, counter-strike) exists in this game */
  readonly lionTrading: boolean;
  readonly startSfen: string;
  /** every SFEN code of the game, promoted forms included */
  readonly codes: readonly string[];
  /** the starting types, strongest first */
  readonly baseCodes: readonly string[];
  /** every square, in board order: '12a' … '1l' */
  readonly squareNames: readonly Square[];
  /**
   * heisei-chu.md §1–2: the kinds a reserve holds, in the SFEN's order ('l', 'c', … 'x'), each as
   * often as the setup sets it aside; [] for a game without drops
   */
  readonly reserve: readonly string[];
}

/** The compiled tables of a variant, for the fast internals (Position, the CPU player). */
export interface VariantTables extends Geometry, VariantInfo {
  /** 1 for each type (index type) the game has */
  readonly hasType: Uint8Array;
  /** moves by piece byte, on this board's frame */
  readonly movesByPiece: readonly Moves[];
  readonly reach: Int16Array;
  readonly reachBase: Int32Array;
  /** 1 when a square is in the colour's promotion zone: index colourIndex * frame + square (Black 0, White 1) */
  readonly zone: Uint8Array;
  /** ranks between a square and the colour's far edge: 0 on the last rank; same index */
  readonly far: Uint8Array;
  /** per piece byte: a move onto its last N ranks may promote without a capture (RULES.md §3's second chance; dai-shogi.md §3) */
  readonly secondChance: Uint8Array;
  /** the same with the Knight's second chance off (dai option knightSecondChance) */
  readonly secondChanceNoKnight: Uint8Array;
  /** RULES.md §6 per piece byte * frame + square: not royal and not dead */
  readonly defends: Uint8Array;
  /** and counting for a bare-king claim: minus unpromoted Pawns and Go-Betweens */
  readonly claims: Uint8Array;
  /** index square << 8 | piece byte */
  readonly zobristLo: Int32Array;
  readonly zobristHi: Int32Array;
  readonly zobristTurnLo: number;
  readonly zobristTurnHi: number;
  /** packed move: from | to << bits | mid << 2 bits | promote */
  readonly mask: number;
  readonly promote: number;
  moveFrom(m: number): number;
  moveTo(m: number): number;
  moveMid(m: number): number;
  pack(from: number, to: number, mid?: number, promote?: boolean): number;
  /** the USI of a packed move: '7i7h', '6f6e5d', '7c8b+', a drop 'O*5e' (usi.ts has the parser) */
  usiOf(m: number): string;
  /** whether the game has drops (heisei-chu.md §3) */
  readonly drops: boolean;
  /** per type: how many of it a reserve may hold (the setup's set-aside count), 0 = never in a reserve */
  readonly reserveMax: Uint8Array;
  /** the reserve kinds' types, in the SFEN's order */
  readonly reserveTypes: readonly number[];
  /**
   * A drop is packed with the dropped type + 1 as its origin: a guard square of the frame's first rows,
   * where no move starts. Below this bound an origin is a drop's.
   */
  readonly dropLimit: number;
  isDrop(m: number): boolean;
  /** the type a drop puts down (its origin - 1) */
  dropType(m: number): number;
  packDrop(type: number, to: number, promote?: boolean): number;
}

export const START_SFENS: Readonly<Record<Variant, string>> = {
  chu: 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1',
  // dai-shogi.md §7
  // heisei-chu.md §1–2: chu's without the set-aside pieces, which start in the reserves
  heisei:
    '1f2gekg2f1/2b1t2t1b2/2rhdqndhr2/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/2RHDNQDHR2/2B1T2T1B2/1F2GKEG2F1 b LLCCSSMMVVAAOXllccssmmvvaaox 1',
  dai:
    "ln's'i'csgkgsci's'n'l/a1c'1f1tet1f1c'1a/1v'1a'1e'xnoe'1a'1v'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4i5i4/15/15/15/" +
    "4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1V'1A'1E'ONXE'1A'1V'1/A1C'1F1TET1F1C'1A/LN'S'I'CSGKGSCI'S'N'L b - 1",
};

/**
 * Zobrist keys (board + side to move) from a fixed seed, so hashes are stable across runs. Indexed
 * square << 8 | piece, a shift in make() on either board; drawn in the original piece * frame +
 * square order, so chu's hashes are the ones they always were.
 */
function zobrist(frame: number, seed: number): { lo: Int32Array; hi: Int32Array; turnLo: number; turnHi: number } {
  let z = seed;
  const rand32 = (): number => {
    z ^= z << 13;
    z ^= z >>> 17;
    z ^= z << 5;
    return z | 0;
  };
  const lo = new Int32Array(256 * frame);
  const hi = new Int32Array(256 * frame);
  for (let piece = 0; piece < 256; piece++)
    for (let sq = 0; sq < frame; sq++) {
      lo[(sq << 8) | piece] = rand32();
      hi[(sq << 8) | piece] = rand32();
    }
  return { lo, hi, turnLo: rand32(), turnHi: rand32() };
}

interface Definition {
  variant: Variant;
  name: string;
  geometry: Geometry;
  zoneDepth: number;
  lionTrading: boolean;
  /** the types of the game */
  types: readonly number[];
  /** the starting types, strongest first */
  baseCodes: readonly string[];
  seed: number;
  /** the set-aside pieces of one side, in the SFEN's order (heisei-chu.md §2) */
  reserve?: readonly string[];
}

function compile(def: Definition): VariantTables {
  const g = def.geometry;
  const { frame, bits } = g;
  const mask = (1 << bits) - 1;
  const hasType = new Uint8Array(64);
  for (const t of def.types) hasType[t] = 1;
  const moves = compileMoves(g.width, g.size);
  const zone = new Uint8Array(2 * frame);
  const far = new Uint8Array(2 * frame).fill(255);
  for (const sq of g.squares) {
    const row = g.rowOf(sq);
    zone[sq] = row < def.zoneDepth ? 1 : 0;
    zone[frame + sq] = row >= g.size - def.zoneDepth ? 1 : 0;
    far[sq] = row;
    far[frame + sq] = g.size - 1 - row;
  }
  const secondChance = new Uint8Array(256);
  const secondChanceNoKnight = new Uint8Array(256);
  const defends = new Uint8Array(256 * frame);
  const claims = new Uint8Array(256 * frame);
  for (const t of def.types)
    for (const bit of [0, WHITE_BIT]) {
      const p = t + 1 + bit;
      const trapped = trappedRanks(t);
      secondChance[p] = trapped;
      secondChanceNoKnight[p] = PIECE_SPECS[t].leaps ? 0 : trapped;
      for (const sq of g.squares) {
        const dead = far[(bit ? frame : 0) + sq] < trapped;
        const defend = !isRoyalType(t) && !dead;
        defends[p * frame + sq] = defend ? 1 : 0;
        claims[p * frame + sq] = defend && !isWeakType(t) ? 1 : 0;
      }
    }
  const z = zobrist(frame, def.seed);
  const codes = def.types.map((t) => ALL_CODES[t]);
  const reserve = def.reserve ?? [];
  const reserveMax = new Uint8Array(64);
  for (const code of reserve) reserveMax[typeOfCode(code)]++;
  const reserveTypes = [...new Set(reserve)].map(typeOfCode);
  // the first two rows of the frame are guard squares: room for every type + 1
  const dropLimit = 2 * g.width;
  return {
    ...g,
    variant: def.variant,
    name: def.name,
    zoneDepth: def.zoneDepth,
    lionTrading: def.lionTrading,
    startSfen: START_SFENS[def.variant],
    codes,
    baseCodes: def.baseCodes,
    reserve,
    hasType,
    movesByPiece: moves.byPiece,
    reach: moves.reach,
    reachBase: moves.base,
    zone,
    far,
    secondChance,
    secondChanceNoKnight,
    defends,
    claims,
    zobristLo: z.lo,
    zobristHi: z.hi,
    zobristTurnLo: z.turnLo,
    zobristTurnHi: z.turnHi,
    mask,
    promote: 1 << (3 * bits),
    moveFrom: (m) => m & mask,
    moveTo: (m) => (m >> bits) & mask,
    moveMid: (m) => (m >> (2 * bits)) & mask,
    pack: (from, to, mid = 0, promote = false) => from | (to << bits) | (mid << (2 * bits)) | (promote ? 1 << (3 * bits) : 0),
    drops: reserve.length > 0,
    reserveMax,
    reserveTypes,
    dropLimit,
    isDrop: (m) => (m & mask) < dropLimit,
    dropType: (m) => (m & mask) - 1,
    packDrop: (type, to, promote = false) => type + 1 + (to << bits) + (promote ? 1 << (3 * bits) : 0),
    usiOf: (m) => {
      const from = m & mask;
      if (from < dropLimit) return `${ALL_CODES[from - 1].toUpperCase()}*${g.squareName((m >> bits) & mask)}${m & (1 << (3 * bits)) ? '+' : ''}`;
      const mid = (m >> (2 * bits)) & mask;
      return `${g.squareName(m & mask)}${mid ? g.squareName(mid) : ''}${g.squareName((m >> bits) & mask)}${m & (1 << (3 * bits)) ? '+' : ''}`;
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const CHU_BASE = PIECE_SPECS.slice(0, CHU_TYPE_COUNT).filter((s) => !s.code.startsWith('+')).map((s) => s.code);
/** Where the eight dai pieces stand among chu's by strength (seed 001 ranks them by size, "de mayor a menor potencia", without a list). */
const DAI_BASE = [...CHU_BASE.slice(0, CHU_BASE.indexOf('a')), "v'", "f'", ...CHU_BASE.slice(CHU_BASE.indexOf('a'), -2), "e'", "a'", "c'", "i'", "s'", "n'", 'i', 'p'];

/** heisei-chu.md §2: a side's set-aside pieces, in the SFEN's order */
const HEISEI_RESERVE = ['l', 'l', 'c', 'c', 's', 's', 'm', 'm', 'v', 'v', 'a', 'a', 'o', 'x'];

export const TABLES: Readonly<Record<Variant, VariantTables>> = {
  chu: compile({
    variant: 'chu', name: 'Chu shogi', geometry: CHU_GEOMETRY, zoneDepth: 4, lionTrading: true,
    types: range(0, CHU_TYPE_COUNT), baseCodes: CHU_BASE, seed: 0x9e3779b9,
  }),
  heisei: compile({
    variant: 'heisei', name: 'Heisei chu shogi', geometry: CHU_GEOMETRY, zoneDepth: 4, lionTrading: true,
    types: range(0, CHU_TYPE_COUNT), baseCodes: CHU_BASE, seed: 0x9e3779b9, reserve: HEISEI_RESERVE,
  }),
  dai: compile({
    variant: 'dai', name: 'Dai shogi', geometry: DAI_GEOMETRY, zoneDepth: 5, lionTrading: false,
    types: range(0, TYPE_COUNT), baseCodes: DAI_BASE, seed: 0x2545f491,
  }),
};

/** The variant vocabulary: name, size, zone, start SFEN, piece codes and squares of each game. */
export const VARIANT_INFO: Readonly<Record<Variant, VariantInfo>> = Object.fromEntries(
  Object.values(TABLES).map((t) => [
    t.variant,
    {
      variant: t.variant, name: t.name, size: t.size, zoneDepth: t.zoneDepth, lionTrading: t.lionTrading,
      startSfen: t.startSfen, codes: t.codes, baseCodes: t.baseCodes, squareNames: t.squareNames, reserve: t.reserve,
    },
  ]),
) as Record<Variant, VariantInfo>;

/** The variant whose pieces include `code` only in dai, for error messages. */
export const isDaiOnly = (code: string): boolean => {
  const t = typeOfCode(code);
  return t >= CHU_TYPE_COUNT && TABLES.dai.hasType[t] === 1;
};
