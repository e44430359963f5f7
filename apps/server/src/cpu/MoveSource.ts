import { availableParallelism } from 'node:os';
import { Game } from '@chu/rules';
import type { EnginePool } from '@chu/engine';
import type { ServerConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { CpuPlayer } from './CpuPlayer.ts';
import { RandomMover } from './RandomMover.ts';
import { gameSeed, type MoveRequest } from './MoveRequest.ts';

/** A found move, and how it was found: this process alone, an engine process through the queue, or this process's fallback. */
export interface MoveAnswer {
  usi: string;
  depth: number | null;       // the search depth reached, when the searcher tells
  by: 'local' | 'queue' | 'fallback';
  engine?: string;            // by 'queue': the process that searched it
}

/**
 * Where the room's CPU moves come from: this process's own engine pool (LocalMoves), or the site's
 * queue served by engine processes (QueuedMoves). Both take one plain request; a move for a request
 * whose signal aborted is never returned.
 */
export interface MoveSource {
  /** Searches at once in this process (the CpuDesk shares reply periods among them). */
  readonly workers: number;
  move(req: MoveRequest, signal: AbortSignal): Promise<MoveAnswer>;
  close(): Promise<void>;
}

type Search = (req: MoveRequest, signal: AbortSignal) => Promise<{ usi: string; depth: number | null }>;

/** This process's engine worker threads (or the seeded random mover in tests): the CPU as it was before the queue. */
export class LocalMoves implements MoveSource {
  private constructor(readonly workers: number, private readonly search: Search, readonly close: () => Promise<void>) {}

  /** As configured: packages/engine in worker threads; the random legal mover when asked for (tests) or if the engine fails to load. */
  static async forConfig(config: ServerConfig, log: Logger): Promise<LocalMoves> {
    if (config.cpuPlayer === 'engine') {
      try {
        const { EnginePool } = await import('@chu/engine');
        return LocalMoves.fromPool(new EnginePool(config.cpuWorkers ?? Math.max(1, availableParallelism() - 1)));
      } catch (err) {
        log.warn({ err }, 'engine unavailable, the CPU plays random legal moves');
      }
    }
    return LocalMoves.fromPlayer(new RandomMover(config.cpuSeed));
  }

  /** packages/engine's worker pool: the position goes to a worker as it is, the main thread replays nothing. */
  static fromPool(pool: EnginePool): LocalMoves {
    return new LocalMoves(pool.size, async (req, signal) => {
      const r = await pool.search(req.position, { level: req.level, timeMs: req.timeMs, deadline: req.deadline, seed: gameSeed(req.gameId) }, signal);
      return { usi: r.move, depth: r.depth };
    }, () => pool.close());
  }

  /** A CpuPlayer that wants a Game (the random mover; tests' players that answer when told). */
  static fromPlayer(player: CpuPlayer): LocalMoves {
    return new LocalMoves(player.workers, async (req, signal) => {
      const game = Game.replay(req.position.moves, req.position.options, req.position.sfen);
      if (!game.ok) throw new Error(`CPU request for game ${req.gameId} does not replay at ply ${game.error.ply}`);
      const usi = await player.chooseMove(game.value, { level: req.level, timeMs: req.timeMs, deadline: req.deadline, signal });
      return { usi, depth: null };
    }, async () => {});
  }

  async move(req: MoveRequest, signal: AbortSignal): Promise<MoveAnswer> {
    return { ...(await this.search(req, signal)), by: 'local' };
  }
}
