import type { Redis } from 'ioredis';
import type { MoveRequest } from './MoveRequest.ts';

// The site's queue of CPU moves, as BullMQ keeps it in Redis under the site's prefix (config.sitePrefix):
// rooms' owners enqueue, engine processes (or servers, while none runs) take jobs and search.

export const QUEUE_NAME = 'cpu';

/** A job: the request, and when the engine must be done for its answer to reach the owner in time. */
export interface MoveJob { request: MoveRequest; engineDeadline: number } // Date.now() ms

/** A job's answer, as the owner hears it. */
export interface MoveJobAnswer {
  usi: string;
  depth: number | null;
  engine: string;   // the searching process ('host:pid:…')
  waitMs: number;   // in the queue before the search started
  thinkMs: number;  // think time granted at the start
}

/** One id per position: asking again for the same position finds the job already queued. */
export const jobIdOf = (req: Pick<MoveRequest, 'gameId' | 'ply' | 'positionVersion'>): string => `${req.gameId}.${req.ply}.${req.positionVersion}`;

/** A job's lock: an engine process that stops renewing it (killed) gives its job back to the queue after this. */
export const JOB_LOCK_MS = 3000;

// BullMQ's blocking reads need a connection that waits for Redis rather than failing a command
// (maxRetriesPerRequest: null); the site's shared client fails fast instead, for the rate limits.
export const queueConnection = (redis: Redis): Redis => {
  const c = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  c.on('error', () => {}); // the shared client already says when Redis is unreachable
  return c;
};

/**
 * The engine processes running now: each keeps its name in a sorted set with the time it stops
 * counting, refreshed well before then. Servers consume jobs themselves only while nobody is on it.
 */
export class EngineRoster {
  static readonly TTL_MS = 3000;
  private readonly key: string;

  constructor(private readonly redis: Redis, prefix: string) { this.key = `${prefix}:engines`; }

  async count(now = Date.now()): Promise<number> {
    await this.redis.zremrangebyscore(this.key, '-inf', now);
    return this.redis.zcount(this.key, now, '+inf');
  }

  /** Keeps `id` on the roster until the returned stop is called (or the process dies: then within TTL_MS). */
  join(id: string): () => Promise<void> {
    const beat = () => this.redis.zadd(this.key, Date.now() + EngineRoster.TTL_MS, id).catch(() => undefined);
    void beat();
    const timer = setInterval(beat, EngineRoster.TTL_MS / 3);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.redis.zrem(this.key, id).catch(() => undefined);
    };
  }
}
