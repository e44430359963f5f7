import type { CpuPlayer } from './CpuPlayer.ts';

/** Think time per level, 1…8 (ms), when the engine is free and the turn is long enough. */
export const LEVEL_THINK_MS = [150, 200, 300, 500, 700, 1000, 1500, 2000] as const;

/** An untimed room's CPU reply should come within this, however many games wait for the engine. */
export const UNTIMED_REPLY_MS = 2500;

/** Time kept back from a timed turn's end for the move to travel, be stored and be acknowledged. */
export const TURN_MARGIN_MS = 1000;

/**
 * Decides how long each CPU move may think, from its level, the turn's clock and the load on the
 * engine: with more games waiting than workers, every game's share of a reply period shrinks, so no
 * reply misses its clock because others queued first. The engine cuts a job to its deadline when the
 * job starts, so time spent waiting in the queue counts too.
 */
export class CpuDesk {
  private waiting = 0;

  constructor(private readonly player: CpuPlayer) {}

  get thinking(): number { return this.waiting; }

  async move(
    game: Parameters<CpuPlayer['chooseMove']>[0],
    opts: { level: number; turnDeadline: number | null; signal: AbortSignal }, // turnDeadline: performance.now() ms
  ): Promise<string> {
    const budget = LEVEL_THINK_MS[Math.min(8, Math.max(1, opts.level)) - 1];
    const share = Math.floor((UNTIMED_REPLY_MS * this.player.workers) / (this.waiting + 1));
    const untilTurnEnd = opts.turnDeadline === null ? Infinity : opts.turnDeadline - performance.now() - TURN_MARGIN_MS;
    const deadline = Date.now() + Math.min(UNTIMED_REPLY_MS, untilTurnEnd);
    const timeMs = Math.max(30, Math.min(budget, share, untilTurnEnd / 2));
    this.waiting++;
    try {
      return await this.player.chooseMove(game, { level: opts.level, timeMs, deadline, signal: opts.signal });
    } finally {
      this.waiting--;
    }
  }
}
