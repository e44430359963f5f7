// The engine's time management: how long one move may think, from the side to move's clock as USI's
// `go btime wtime byoyomi binc winc movestogo` gives it. Pure arithmetic, so it can be played out on a
// virtual clock; USI mode (usi.ts) and the server's CPU seat (apps/server cpu/CpuDesk.ts) both use it.
import { clockAt, type ClockConfig, type SideClock } from '@chu/rules';

/** The side to move's clock, as USI's `go` gives it. */
export interface MoveClock {
  mainMs: number; // main time left: 600000 (0 once spent)
  byoyomiMs: number; // the byoyomi this move may use, one period (what is left of it, mid-period): 30000; 0 = none
  incrementMs: number; // Fischer increment, added after the move: 5000
  movesToGo?: number; // moves until the main time is renewed, when the GUI says (USI movestogo): 20
}

/**
 * How long a move may think. The search stops at `timeMs`. `fixedTime`: the time is the move's own
 * (a byoyomi with no main time left: what it does not use is lost), so the search uses all of it;
 * otherwise it starts no iteration past 45 % of it and what it saves stays on the clock.
 */
export interface Allotment { timeMs: number; fixedTime: boolean }

/** Kept back from the flag in USI mode: the answer has to reach the GUI. The server keeps back its own. */
export const USI_MARGIN_MS = 30;
/** A small budget keeps at most this share of itself back, so a margin never eats the whole move. */
const MARGIN_SHARE = 0.25;
/**
 * Moves the side is planned to still make when nothing says how many: each move takes this share of
 * the main time left, so the share shrinks as the main time does and never runs it dry. A chu game
 * lasts longer than this; the increment or byoyomi carries the moves past it.
 */
export const HORIZON_MOVES = 40;
/** Beyond its byoyomi, a move never takes more than this share of the main time left. */
const MAX_MAIN_SHARE = 0.5;

/**
 * The think time for a move on `clock`, `marginMs` kept back from the flag:
 * - main time left: a share of it (1 / HORIZON_MOVES, or 1 / movestogo), plus the increment, plus the
 *   byoyomi, which is the move's own once the main time is gone; never more than half the main time
 *   beyond the byoyomi;
 * - byoyomi only: all of the period but the margin.
 * It never plans past the main time and one period, less the margin: later periods are a reserve it
 * keeps, and the increment only comes after the move. So more main time means more thought, the
 * increment is spent every move, and the flag never falls while the search keeps to its limit.
 */
export function allotTime(clock: MoveClock, marginMs = USI_MARGIN_MS): Allotment {
  const main = Math.max(0, clock.mainMs);
  const byoyomi = Math.max(0, clock.byoyomiMs);
  const increment = Math.max(0, clock.incrementMs);
  const flagMs = main + byoyomi; // what this move may take before the flag falls (or a period is lost)
  const keep = Math.min(marginMs, flagMs * MARGIN_SHARE);
  if (main === 0) return { timeMs: Math.max(1, Math.floor(byoyomi - keep)), fixedTime: byoyomi > 0 };
  const togo = Math.min(HORIZON_MOVES, Math.max(1, Math.round(clock.movesToGo ?? HORIZON_MOVES)));
  const share = main / togo + increment + byoyomi;
  const ceiling = Math.min(main * MAX_MAIN_SHARE + byoyomi, flagMs - keep);
  return { timeMs: Math.max(1, Math.floor(Math.min(share, ceiling))), fixedTime: false };
}

/**
 * A side's clock on the rules' clock (RULES.md §7), `elapsedMs` into its turn, as USI's `go` gives it:
 * the main time left, else what is left of the current byoyomi period.
 */
export function moveClockOf(config: ClockConfig, side: SideClock, elapsedMs = 0): MoveClock {
  const at = clockAt(config, side, elapsedMs);
  return { mainMs: at.mainMs, byoyomiMs: at.periods > 0 ? at.byoyomiMs : 0, incrementMs: config.incrementMs };
}
