import {
  allowanceMs, clockConfig, flagGraceMs, spend, startClock, type ClockConfig, type ClockState, type TimeControl,
} from '@chu/rules';
import { CLOCK_STARTS_AT_PLY, COLORS, FIRST_MOVE_SECONDS, waitsForFirstMoves, type ClockView, type Color } from '@chu/protocol';
import type { TurnClock } from '../cpu/CpuDesk.ts';
import type { StoredClock } from '../db/MoveWriter.ts';

/** What a move did to the mover's clock: the clocks after it, and what was measured and credited. */
export interface Measured {
  next: ClockState;
  elapsedMs: number; // from the turn's start to the server storing the move
  creditMs: number;  // transport lag credited back (RULES.md §7)
}

/**
 * The game's clock (RULES.md §7), built on the rules' clock: both sides' clocks after every ply, and the
 * running side's turn start (performance.now() ms). The rules decide what a move costs; this keeps the
 * history a takeback or a restart goes back to. No timers: the session asks when the flag is due.
 * Before both sides have moved on a real-time control (the opening) no clock runs: the side to move has
 * FIRST_MOVE_SECONDS for its first move, and when they are gone the game is aborted, not lost.
 */
export class GameClock {
  private readonly history: ClockState[]; // [ply]: both clocks after `ply` moves
  private startedAt = 0;
  private startedWall = 0; // the same instant by the wall clock (epoch ms): what clients are told
  private running: Color | null = null;

  /**
   * `stored` are the clocks stored with each move so far (null for a move stored before clocks existed: the
   * start's clocks); `firstMoveMs` the first-move allowance, on the same scale as `config`.
   */
  constructor(
    readonly config: ClockConfig, readonly control: TimeControl, stored: (StoredClock | null)[], private readonly firstMoveMs: number,
  ) {
    const start = startClock(config);
    this.history = [start];
    for (const s of stored) this.history.push(s ? fromStored(s, start) : start);
  }

  /** `msPerSecond` scales clock seconds (CHU_MS_PER_SECOND, the fast test clock). */
  static of(control: TimeControl, msPerSecond: number, stored: (StoredClock | null)[] = []): GameClock | null {
    const config = clockConfig(control);
    return config && new GameClock(scaled(config, msPerSecond / 1000), control, stored, FIRST_MOVE_SECONDS * msPerSecond);
  }

  /**
   * A correspondence turn's deadline (epoch ms) by the calendar from its stored start, as the loaded
   * game's clock shows it (RULES.md §7); null for any other control, or a turn not started.
   */
  static correspondenceDeadline(control: TimeControl, msPerSecond: number, turn: Color, turnStartedAt: Date | null): number | null {
    const clock = control.kind === 'correspondence' && turnStartedAt ? GameClock.of(control, msPerSecond) : null;
    if (!clock || !turnStartedAt) return null;
    clock.startTurn(turn, 0, turnStartedAt.getTime());
    return clock.view(turnStartedAt.getTime()).deadline;
  }

  /** Correspondence: days bind the players, who come and go by design (no stand-in, no adjournment, no lag). */
  get correspondence(): boolean { return this.control.kind === 'correspondence'; }

  get state(): ClockState { return this.history[this.history.length - 1]; }

  /** Before both first moves on a real-time control: the clocks wait, the first-move allowance runs (RULES.md §7). */
  get opening(): boolean { return waitsForFirstMoves(this.control) && this.history.length - 1 < CLOCK_STARTS_AT_PLY; }

  /** Whose clock runs now: the side to move once both have moved, nobody before (or when stopped). */
  private get ticking(): Color | null { return this.opening ? null : this.running; }

  /** When the side to move's first-move allowance is gone (performance.now() ms), or null: not in the opening, or stopped. */
  firstMoveDue(): number | null { return this.opening && this.running ? this.startedAt + this.firstMoveMs : null; }

  /** `at` in performance.now() ms (timers), `wall` the same instant in epoch ms (views; a stored turn start). */
  startTurn(color: Color, at: number, wall: number): void {
    this.running = color;
    this.startedAt = at;
    this.startedWall = Math.round(wall);
  }

  stop(): void { this.running = null; }

  elapsedMs(now: number): number { return this.running ? Math.max(0, Math.round(now - this.startedAt)) : 0; }

  /** When the running side's time is up (grace aside), or null when no clock runs. */
  deadline(): number | null {
    const c = this.ticking;
    return c ? this.startedAt + allowanceMs(this.config, this.state[c]) : null;
  }

  /** When `share` (0..1) of the running side's time for this turn is gone, or null when no clock runs. */
  shareGoneAt(share: number): number | null {
    const c = this.ticking;
    return c ? this.startedAt + Math.round(allowanceMs(this.config, this.state[c]) * share) : null;
  }

  /**
   * When the turn is over without a move: the deadline plus the grace a move in flight gets (at most what
   * one move may be credited), or, in the opening, the end of the first-move allowance (an abort).
   */
  flagAt(): number | null {
    const d = this.deadline();
    const c = this.ticking;
    return d !== null && c ? d + flagGraceMs(this.config, this.state[c]) : this.firstMoveDue();
  }

  // A few ms of slack: a timer may fire a tick early, and when it fires the turn must be over.
  expired(now: number): boolean {
    const at = this.flagAt();
    return at !== null && now >= at - 5;
  }

  /** The running side's clock from its turn's start, or null when stopped; in the opening, the first-move allowance as its only time. */
  turnClock(): TurnClock | null {
    if (!this.running) return null;
    if (this.opening) {
      const config = { initialMs: this.firstMoveMs, byoyomiMs: 0, periods: 0, incrementMs: 0, lag: null };
      return { config, side: { mainMs: this.firstMoveMs, periods: 0, lagQuotaMs: 0 }, startedAt: this.startedAt };
    }
    return { config: this.config, side: this.state[this.running], startedAt: this.startedAt };
  }

  /** The time `color` has for a turn that starts now: main time and every period. */
  allowanceMs(color: Color): number { return allowanceMs(this.config, this.state[color]); }

  /** Time the side to move has left now: main time and every period (the whole allowance when no clock runs). */
  remainingMs(turn: Color, now: number): number {
    return Math.max(0, allowanceMs(this.config, this.state[turn]) - (this.ticking ? this.elapsedMs(now) : 0));
  }

  /** The running side moves at `now`, `lagMs` of its time spent in transport: what that costs, or 'flag'. */
  measure(now: number, lagMs: number): Measured | 'flag' {
    const color = this.running;
    if (!color) throw new Error('a move measured on a stopped clock');
    const elapsedMs = this.elapsedMs(now);
    // a first move costs nothing and is credited nothing: no clock ran (the allowance's end is an abort, `flagAt`)
    if (this.opening) return { next: this.state, elapsedMs, creditMs: 0 };
    const spent = spend(this.config, this.state[color], elapsedMs, lagMs);
    if (!spent.ok) return 'flag';
    return { next: { ...this.state, [color]: spent.value.side }, elapsedMs, creditMs: spent.value.creditMs };
  }

  /**
   * A move late past its time that must still be played (the CPU standing in never forfeits): its
   * side goes on with no main time and one period at most, as if it moved at the last moment.
   */
  late(): ClockState {
    const color = this.running ?? COLORS[0];
    const side = this.state[color];
    return { ...this.state, [color]: { ...side, mainMs: this.config.incrementMs, periods: Math.min(1, side.periods) } };
  }

  /** A stored move's clocks become the current ones. */
  push(next: ClockState): void { this.history.push(next); }

  /** A takeback to `ply` moves: the clocks go back to what they were then. */
  truncate(ply: number): void { this.history.length = Math.min(this.history.length, ply + 1); }

  /** The clocks with `ms` more on `color`'s main time (a gift), not yet stored. */
  given(color: Color, ms: number): ClockState {
    return { ...this.state, [color]: { ...this.state[color], mainMs: this.state[color].mainMs + ms } };
  }

  /** Replaces the current clocks in place (a stored gift of time). */
  amend(next: ClockState): void { this.history[this.history.length - 1] = next; }

  /** Clocks as stored (a sealed move's), with the lag quotas they go on with. */
  restore(stored: StoredClock): ClockState { return fromStored(stored, this.state); }

  /** `state`: other clocks to show than the current ones (a sealed move's, while adjourned). */
  view(wallNow: number, state: ClockState = this.state): ClockView {
    const side = (c: Color) => ({ mainMs: state[c].mainMs, periods: state[c].periods });
    const running = this.ticking;
    const turnStartedAt = running ? this.startedWall : null;
    return {
      black: side('black'), white: side('white'), byoyomiMs: this.config.byoyomiMs, incrementMs: this.config.incrementMs,
      running, turnStartedAt,
      deadline: running && turnStartedAt !== null ? turnStartedAt + this.allowanceMs(running) : null,
      serverNow: Math.round(wallNow),
      firstMoveDeadline: this.opening && this.running ? this.startedWall + this.firstMoveMs : null,
    };
  }
}

export const toStored = (s: ClockState): StoredClock => ({
  blackMs: s.black.mainMs, blackPeriods: s.black.periods, whiteMs: s.white.mainMs, whitePeriods: s.white.periods,
});

// The lag quota is not stored: after a restart each side goes on with the quota a game starts with.
const fromStored = (s: StoredClock, start: ClockState): ClockState => ({
  black: { mainMs: s.blackMs, periods: s.blackPeriods, lagQuotaMs: start.black.lagQuotaMs },
  white: { mainMs: s.whiteMs, periods: s.whitePeriods, lagQuotaMs: start.white.lagQuotaMs },
});

/** Clock seconds last `f` × 1000 ms on the fast test clock; so do the lag quota's gains. */
function scaled(c: ClockConfig, f: number): ClockConfig {
  if (f === 1) return c;
  const r = (ms: number) => Math.round(ms * f);
  return {
    initialMs: r(c.initialMs), byoyomiMs: r(c.byoyomiMs), periods: c.periods, incrementMs: r(c.incrementMs),
    lag: c.lag && { gainMs: r(c.lag.gainMs), maxMs: r(c.lag.maxMs) },
  };
}
