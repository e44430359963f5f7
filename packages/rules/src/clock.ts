// RULES.md §7: time controls, and the clock that decides them. Pure arithmetic on milliseconds: the
// server measures when a turn started and what lag a move carried, and asks this module what is left.
import { COLORS, err, ok, type ByColor, type Result } from './types.ts';

/** Correspondence: days per move, as lishogi offers them. */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 10, 14] as const;
/** The seed site's own per-move limit. */
export const TURN_SECONDS = [30, 60] as const;
/** A clock's ranges (lishogi's chu ranges): main time 0–180 min, byoyomi 0–180 s in 1–5 periods, Fischer 0–180 s. */
export const CLOCK_RANGES = {
  initialSeconds: { min: 0, max: 180 * 60 },
  byoyomiSeconds: { min: 0, max: 180 },
  periods: { min: 1, max: 5 },
  incrementSeconds: { min: 0, max: 180 },
} as const;

export type TimeControl =
  | { kind: 'none' }
  | { kind: 'turn'; seconds: (typeof TURN_SECONDS)[number] } // each move within this, nothing banked
  | { kind: 'clock'; initialSeconds: number; byoyomiSeconds: number; periods: number; incrementSeconds: number }
  | { kind: 'correspondence'; daysPerMove: (typeof CORRESPONDENCE_DAYS)[number] };

export const UNTIMED: TimeControl = Object.freeze({ kind: 'none' });

/** Lishogi's estimate of a chu game's length in seconds: main + 60 × increment + 25 × periods × byoyomi. */
export function estimatedSeconds(tc: TimeControl): number | null {
  switch (tc.kind) {
    case 'none': return null;
    case 'turn': return 25 * tc.seconds;
    case 'clock': return tc.initialSeconds + 60 * tc.incrementSeconds + 25 * tc.periods * tc.byoyomiSeconds;
    case 'correspondence': return 25 * tc.daysPerMove * DAY_S;
  }
}

const DAY_S = 24 * 60 * 60;

export type ClockError = 'no-time' | 'out-of-range';

/** A clock must give a move some time: main time, byoyomi or an increment. */
export function checkClock(tc: Extract<TimeControl, { kind: 'clock' }>): Result<typeof tc, ClockError> {
  for (const [field, range] of Object.entries(CLOCK_RANGES)) {
    const value = tc[field as keyof typeof CLOCK_RANGES];
    if (!Number.isInteger(value) || value < range.min || value > range.max) return err('out-of-range');
  }
  return tc.initialSeconds + tc.byoyomiSeconds + tc.incrementSeconds > 0 ? ok(tc) : err('no-time');
}

/**
 * Every timed control is one shape: main time, then periods of byoyomi, plus a Fischer increment. A turn
 * limit is byoyomi alone (one period of 30 or 60 s); correspondence is one period of its days.
 * Lag is credited back only on a real-time clock: the seed's turn limit never did, and days make it moot.
 */
export interface ClockConfig {
  initialMs: number;
  byoyomiMs: number;
  periods: number;
  incrementMs: number;
  lag: { gainMs: number; maxMs: number } | null;
}

/** Lag credit as lishogi grants it: the quota grows 1 s a move (less for games estimated under 180 s), capped at 7 gains. */
const LAG_GAIN_MS = 1000;
const LAG_FULL_GAIN_FROM_S = 180;
const LAG_CAP_GAINS = 7;
const LAG_START_GAINS = 3;
/**
 * However much lag is measured or banked, one move is credited at most this much (real ms, never scaled):
 * a client can delay its pongs, not hurry them, so a large estimate buys nothing past it. Half a second
 * covers a slow mobile link one way; it is also all a flag waits for a move in flight, so no credit ever
 * takes a move past its flag by more than that grace.
 */
export const MAX_LAG_CREDIT_MS = 500;
export const MAX_FLAG_GRACE_MS = MAX_LAG_CREDIT_MS;

export function clockConfig(tc: TimeControl): ClockConfig | null {
  switch (tc.kind) {
    case 'none': return null;
    case 'turn': return { initialMs: 0, byoyomiMs: tc.seconds * 1000, periods: 1, incrementMs: 0, lag: null };
    case 'correspondence': return { initialMs: 0, byoyomiMs: tc.daysPerMove * DAY_S * 1000, periods: 1, incrementMs: 0, lag: null };
    case 'clock': {
      const estimate = estimatedSeconds(tc) ?? 0;
      const gainMs = Math.round(LAG_GAIN_MS * Math.min(1, estimate / LAG_FULL_GAIN_FROM_S));
      return {
        initialMs: initialMsOf(tc),
        byoyomiMs: tc.byoyomiSeconds * 1000,
        periods: tc.byoyomiSeconds > 0 ? tc.periods : 0,
        incrementMs: tc.incrementSeconds * 1000,
        lag: { gainMs, maxMs: LAG_CAP_GAINS * gainMs },
      };
    }
  }
}

/**
 * Main time at the start. An increment-only clock (no main time, no byoyomi) would flag its first mover
 * before any increment arrives, so, as lishogi and lichess do, it starts with the increment as main time,
 * and at least 3 s.
 */
const MIN_INCREMENT_ONLY_START_MS = 3000;
function initialMsOf(tc: Extract<TimeControl, { kind: 'clock' }>): number {
  if (tc.initialSeconds > 0 || tc.byoyomiSeconds > 0) return tc.initialSeconds * 1000;
  return Math.max(MIN_INCREMENT_ONLY_START_MS, tc.incrementSeconds * 1000);
}

/** One side's clock between its turns. */
export interface SideClock {
  mainMs: number; // main time left: 600000
  periods: number; // byoyomi periods left: 1
  lagQuotaMs: number; // lag that may still be credited back: 3000
}

export type ClockState = ByColor<SideClock>;

export function startClock(config: ClockConfig): ClockState {
  const side = (): SideClock => ({
    mainMs: config.initialMs,
    periods: config.periods,
    lagQuotaMs: config.lag ? LAG_START_GAINS * config.lag.gainMs : 0,
  });
  return Object.fromEntries(COLORS.map((c) => [c, side()])) as ClockState;
}

/** How long a turn that starts now may last before the flag falls (grace aside). */
export const allowanceMs = (config: ClockConfig, side: SideClock): number =>
  side.mainMs + side.periods * config.byoyomiMs;

/** The grace a flag waits for a move in flight: the lag quota, at most MAX_FLAG_GRACE_MS (what one move may be credited). */
export const flagGraceMs = (config: ClockConfig, side: SideClock): number =>
  config.lag ? Math.min(side.lagQuotaMs, MAX_FLAG_GRACE_MS) : 0;

/** What a clock shows `elapsedMs` into its side's turn: main time, then the current period's time. */
export function clockAt(config: ClockConfig, side: SideClock, elapsedMs: number): { mainMs: number; periods: number; byoyomiMs: number } {
  if (elapsedMs < side.mainMs) return { mainMs: side.mainMs - elapsedMs, periods: side.periods, byoyomiMs: config.byoyomiMs };
  const over = elapsedMs - side.mainMs;
  const spent = config.byoyomiMs > 0 ? Math.floor(over / config.byoyomiMs) : side.periods;
  if (spent >= side.periods) return { mainMs: 0, periods: 0, byoyomiMs: 0 };
  return { mainMs: 0, periods: side.periods - spent, byoyomiMs: config.byoyomiMs - (over - spent * config.byoyomiMs) };
}

export interface Spent {
  side: SideClock; // the side's clock after the move
  creditMs: number; // lag credited back
}

/**
 * A move made `elapsedMs` after its turn started, `lagMs` of which the server measured as transport lag.
 * The lag is credited back up to the side's quota and MAX_LAG_CREDIT_MS; a move made within the current byoyomi period keeps it,
 * each period that ran out is spent, and the increment is added after every move in time.
 */
export function spend(config: ClockConfig, side: SideClock, elapsedMs: number, lagMs = 0): Result<Spent, 'flag'> {
  const creditMs = config.lag ? Math.min(Math.max(0, Math.round(lagMs)), side.lagQuotaMs, MAX_LAG_CREDIT_MS) : 0;
  const usedMs = Math.max(0, Math.round(elapsedMs) - creditMs);
  const lagQuotaMs = config.lag ? Math.min(config.lag.maxMs, side.lagQuotaMs - creditMs + config.lag.gainMs) : 0;
  let { mainMs, periods } = side;
  if (usedMs < mainMs) mainMs -= usedMs;
  else {
    const over = usedMs - mainMs;
    mainMs = 0;
    const spentPeriods = config.byoyomiMs > 0 ? Math.floor(over / config.byoyomiMs) : periods;
    if (spentPeriods >= periods) return err('flag');
    periods -= spentPeriods;
  }
  return ok({ side: { mainMs: mainMs + config.incrementMs, periods, lagQuotaMs }, creditMs });
}

/** The side whose turn it is has flagged once this long has passed since its turn started. */
export const flagsAfterMs = (config: ClockConfig, side: SideClock): number =>
  allowanceMs(config, side) + flagGraceMs(config, side);
