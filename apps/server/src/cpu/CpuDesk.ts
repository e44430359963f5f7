import { allotTime, moveClockOf } from '@chu/engine/time';
import type { ClockConfig, SideClock } from '@chu/rules';
import type { CpuPlayer } from './CpuPlayer.ts';

/** The running side's clock as its turn started (game/GameClock): what a CPU search reads its think time from. */
export interface TurnClock {
  config: ClockConfig;
  side: SideClock; // the side's clock when its turn started
  startedAt: number; // performance.now() ms
}

/** Think time per level, 1…8 (ms), in an untimed game when the engine is free. */
export const LEVEL_THINK_MS = [150, 200, 300, 500, 700, 1000, 1500, 2000] as const;

/** An untimed room's CPU reply should come within this, however many games wait for the engine. */
export const UNTIMED_REPLY_MS = 2500;

/** Time kept back from a timed turn's end for the move to travel, be stored and be acknowledged (at most a quarter of it). */
export const TURN_MARGIN_MS = 1000;

/**
 * Decides how long each CPU move may think. On a clock (a timed turn too) the engine's time manager
 * reads the seat's clock as it stands when the search is asked for (main time, what is left of the
 * period, increment), as a USI GUI's `go` would give it: more main time, more thought, and never past
 * the main time and the current period less the margin. Untimed, the level's think time. Either way,
 * with more games waiting than workers, every game's share shrinks, so no reply misses its clock because
 * others queued first; the engine cuts a job to its deadline when the job starts, so time spent
 * waiting in the queue counts too.
 */
export class CpuDesk {
  private waiting = 0;

  constructor(private readonly player: CpuPlayer) {}

  get thinking(): number { return this.waiting; }

  async move(
    game: Parameters<CpuPlayer['chooseMove']>[0],
    opts: { level: number; clock: TurnClock | null; signal: AbortSignal },
  ): Promise<string> {
    const load = this.player.workers / (this.waiting + 1);
    let timeMs: number;
    let replyMs: number; // from now, when the answer is needed
    if (opts.clock) {
      const { config, side, startedAt } = opts.clock;
      const allotted = allotTime(moveClockOf(config, side, performance.now() - startedAt), TURN_MARGIN_MS).timeMs;
      timeMs = Math.max(1, Math.floor(allotted * Math.min(1, load)));
      replyMs = allotted;
    } else {
      const budget = LEVEL_THINK_MS[Math.min(8, Math.max(1, opts.level)) - 1];
      timeMs = Math.max(30, Math.min(budget, Math.floor(UNTIMED_REPLY_MS * load)));
      replyMs = UNTIMED_REPLY_MS;
    }
    this.waiting++;
    try {
      return await this.player.chooseMove(game, { level: opts.level, timeMs, deadline: Date.now() + replyMs, signal: opts.signal });
    } finally {
      this.waiting--;
    }
  }
}
