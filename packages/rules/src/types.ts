export const COLORS = ['black', 'white'] as const;
export type Color = (typeof COLORS)[number];
export type ByColor<T> = { [C in Color]: T };

export const opposite = (c: Color): Color => (c === 'black' ? 'white' : 'black');

/** A square name as people and USI write it: file then rank, '7l', '12a' (chu: 12..1, a..l; dai: 15..1, a..o). */
export type Square = string;

/**
 * The games with a board of their own: chu shogi (12×12, RULES.md) and dai shogi (15×15, docs/dai-shogi.md).
 * Heisei chu plays on chu's board (its SFEN adds the reserves), so a board's size names one of these.
 */
export const VARIANTS = ['chu', 'dai'] as const;
/** Every game the rules know, and rooms offer: chu, dai and Heisei chu shogi (docs/heisei-chu.md). */
export const ALL_VARIANTS = [...VARIANTS, 'heisei'] as const;
export type Variant = (typeof ALL_VARIANTS)[number];

/** RULES.md §3: 'association' promotes on entering the zone, or on a capture that starts or ends in it; 'shogi' on any move touching it. */
export const PROMOTION_RULES = ['association', 'shogi'] as const;
/** RULES.md §4: 'off', 'protected' (JCSA), 'always' (Edo rule). */
export const LION_TRADING_RULES = ['off', 'protected', 'always'] as const;
/** heisei-chu.md §4: 'any' = a drop is a move, as often as the reserve lasts; 'once' = one drop per player per game. */
export const HEISEI_DROPS = ['any', 'once'] as const;

export interface Options {
  promotion: (typeof PROMOTION_RULES)[number];
  lionTrading: (typeof LION_TRADING_RULES)[number];
  bareKing: boolean;
  /** Draw once this many plies have been played; null = no limit. */
  moveLimit: number | null;
  /** The game; absent = 'chu', so options stored before dai existed still read as chu. */
  variant?: Variant;
  /** dai-shogi.md §3: a Knight may promote on its last two ranks without a capture (dai only; default on). */
  knightSecondChance?: boolean;
  /** heisei-chu.md §4 (heisei only; default 'any') */
  heiseiDrops?: (typeof HEISEI_DROPS)[number];
}

export const DEFAULT_OPTIONS: Readonly<Options> = Object.freeze({
  promotion: 'association',
  lionTrading: 'protected',
  bareKing: true,
  moveLimit: null,
});

/** The options' game: 'chu' unless they say 'dai'. */
export const variantOf = (options?: Partial<Options>): Variant => options?.variant ?? 'chu';

/**
 * Fills in the defaults; a dai game has no lion trading (dai-shogi.md §4) and a Knight's second chance
 * unless told otherwise; a Heisei game drops any number of times unless told 'once' (heisei-chu.md §4).
 */
export const withDefaults = (options?: Partial<Options>): Options => {
  const all: Options = { ...DEFAULT_OPTIONS, ...options };
  if (all.variant === 'dai') {
    all.lionTrading = 'off';
    all.knightSecondChance ??= true;
  }
  if (all.variant === 'heisei') all.heiseiDrops ??= 'any';
  return all;
};

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** Why a move is refused. Stable codes, shown to people in words by the client. */
export const ILLEGAL_REASONS = [
  'malformed-usi',
  'game-over',
  'no-piece',
  'not-your-piece',
  'unreachable',
  'occupied-by-own-piece',
  'no-promotion-here',
  'lion-protected',
  'counter-strike',
  'repetition',
  // drops (heisei-chu.md §3–4)
  'not-in-reserve',
  'drop-occupied',
  'drop-not-adjacent',
  'drop-dead-end',
] as const;
export type IllegalReason = (typeof ILLEGAL_REASONS)[number];

export const OUTCOME_REASONS = [
  'royal-capture',
  'bare-king',
  'no-legal-move',
  'move-limit',
  'resign',
  'agreement',
  'timeout',
  'abort',
] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** winner null = draw (or, with reason 'abort', no result). */
export interface Outcome {
  winner: Color | null;
  reason: OutcomeReason;
}

/** For results that can only fail through a bug (e.g. re-reading our own SFEN). */
export const unwrap = <T, E>(r: Result<T, E>): T => {
  if (r.ok) return r.value;
  throw new Error(`unexpected error: ${String(r.error)}`);
};
