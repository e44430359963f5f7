import type { Game } from '@chu/rules';
import type { Metrics } from '../metrics.ts';
import { priorityOf } from './MoveRequest.ts';
import type { MoveSource } from './MoveSource.ts';

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

  private readonly replyMs: number;
  private readonly metrics: Metrics | undefined;

  constructor(private readonly source: MoveSource, opts: { replyMs?: number; metrics?: Metrics } = {}) {
    this.replyMs = opts.replyMs ?? UNTIMED_REPLY_MS;
    this.metrics = opts.metrics;
  }

  get thinking(): number { return this.waiting; }

  async move(
    game: Game,
    opts: {
      gameId: string; positionVersion: number; standIn: boolean; level: number;
      turnDeadline: number | null; // performance.now() ms
      signal: AbortSignal;
    },
  ): Promise<string> {
    const budget = LEVEL_THINK_MS[Math.min(8, Math.max(1, opts.level)) - 1];
    const share = Math.floor((this.replyMs * this.source.workers) / (this.waiting + 1));
    const untilTurnEnd = opts.turnDeadline === null ? Infinity : opts.turnDeadline - performance.now() - TURN_MARGIN_MS;
    const deadline = Date.now() + Math.min(this.replyMs, untilTurnEnd);
    const timeMs = Math.max(30, Math.min(budget, share, untilTurnEnd / 2));
    this.waiting++;
    try {
      const answer = await this.source.move({
        gameId: opts.gameId, ply: game.ply, positionVersion: opts.positionVersion,
        position: { sfen: game.startSfen, moves: [...game.moves], options: game.options },
        level: opts.level, timeMs, deadline,
        priority: priorityOf({ standIn: opts.standIn, untilTurnEndMs: opts.turnDeadline === null ? null : untilTurnEnd }),
      }, opts.signal);
      this.metrics?.cpuMoves.inc({ by: answer.by });
      if (answer.depth !== null) this.metrics?.depth.observe(answer.depth);
      return answer.usi;
    } finally {
      this.waiting--;
    }
  }
}
