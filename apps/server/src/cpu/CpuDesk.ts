import { allotTime, moveClockOf } from '@chu/engine/time';
import type { ClockConfig, Game, SideClock } from '@chu/rules';
import type { Metrics } from '../metrics.ts';
import { priorityOf } from './MoveRequest.ts';
import type { MoveSource } from './MoveSource.ts';

/** The running side's clock as its turn started (game/GameClock): what a CPU search reads its think time from. */
export interface TurnClock {
  config: ClockConfig;
  side: SideClock; // the side's clock when its turn started
  startedAt: number; // performance.now() ms
}

/**
 * Think time per level, 1…8 (ms), when the engine is free: the time the ladder was measured at, so a level
 * plays its own strength on any clock. A clock only ever cuts it: given a whole turn (up to 29 s in a 30 s
 * room), level 8 held a worker that long, every other room's CPU waited behind it, and on 2 cores 10 of 64
 * replies came after their 30 s turn (bench:cpu, 2026-12-05).
 */
export const LEVEL_THINK_MS = [150, 200, 300, 500, 700, 1000, 1500, 2000] as const;

/** An untimed room's CPU reply should come within this, however many games wait for the engine. */
export const UNTIMED_REPLY_MS = 2500;

/** Time kept back from a timed turn's end for the move to travel, be stored and be acknowledged (at most a quarter of it). */
export const TURN_MARGIN_MS = 1000;

/**
 * Decides how long each CPU move may think: the level's think time, cut by the clock. On a clock (a timed
 * turn too) the engine's time manager reads the seat's clock as it stands when the search is asked for
 * (main time, what is left of the period, increment), as a USI GUI's `go` would give it, and never
 * allots past the main time and the current period less the margin. Either way,
 * with more games waiting than workers, every game's share shrinks, so no reply misses its clock because
 * others queued first; the engine cuts a job to its deadline when the job starts, so time spent
 * waiting in the queue counts too.
 */
export class CpuDesk {
  private waiting = 0;
  private readonly replyMs: number;
  private readonly metrics: Metrics | undefined;

  /** `replyMs`: the untimed reply period (CHU_CPU_REPLY_MS), UNTIMED_REPLY_MS unless given. */
  constructor(private readonly source: MoveSource, opts: { replyMs?: number; metrics?: Metrics } = {}) {
    this.replyMs = opts.replyMs ?? UNTIMED_REPLY_MS;
    this.metrics = opts.metrics;
  }

  get thinking(): number { return this.waiting; }

  async move(
    game: Game,
    opts: { gameId: string; positionVersion: number; standIn: boolean; level: number; clock: TurnClock | null; signal: AbortSignal },
  ): Promise<string> {
    const load = this.source.workers / (this.waiting + 1);
    const budget = LEVEL_THINK_MS[Math.min(8, Math.max(1, opts.level)) - 1];
    let timeMs: number;
    let replyMs: number; // from now, when the answer is needed
    if (opts.clock) {
      const { config, side, startedAt } = opts.clock;
      const allotted = allotTime(moveClockOf(config, side, performance.now() - startedAt), TURN_MARGIN_MS).timeMs;
      timeMs = Math.max(1, Math.floor(Math.min(budget, allotted) * Math.min(1, load)));
      replyMs = allotted;
    } else {
      timeMs = Math.max(30, Math.min(budget, Math.floor(this.replyMs * load)));
      replyMs = this.replyMs;
    }
    this.waiting++;
    try {
      const answer = await this.source.move({
        gameId: opts.gameId, ply: game.ply, positionVersion: opts.positionVersion,
        position: { sfen: game.startSfen, moves: [...game.moves], options: game.options },
        level: opts.level, timeMs, deadline: Date.now() + replyMs,
        priority: priorityOf({ standIn: opts.standIn, onClock: opts.clock !== null }),
      }, opts.signal);
      this.metrics?.cpuMoves.inc({ by: answer.by });
      if (answer.depth !== null) this.metrics?.depth.observe(answer.depth);
      return answer.usi;
    } finally {
      this.waiting--;
    }
  }
}
