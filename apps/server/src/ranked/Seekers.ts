import { RankedControlIdSchema, type RankedControlId } from '@chu/protocol';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { createLogger, type Logger } from '../log.ts';
import type { Seeker } from '@chu/ratings';
import type { DeviceIdentity } from '../identity/Identity.ts';

export type RankedDevice = DeviceIdentity & { user: { id: string; username: string } };

/** A socket of a logged-in device waiting in one ranked control's queue. */
export interface Seeking extends Seeker {
  control: RankedControlId;
  device: RankedDevice;
}

/** A queue entry as another process wrote it to Redis: read back only if it still has this shape. */
const SeekingSchema = z.object({
  id: z.string().min(1),
  accountId: z.string().min(1),
  rating: z.number(),
  since: z.number(),
  control: RankedControlIdSchema,
  device: z.object({
    id: z.string().min(1),
    name: z.string(),
    user: z.object({ id: z.string().min(1), username: z.string() }),
  }),
}) satisfies z.ZodType<Seeking>;

/**
 * Where the ranked queue lives: this process's memory, or Redis when several processes serve one
 * site (so two players on different processes are matched). Only one process pairs at a time.
 */
export interface Seekers {
  put(e: Seeking): Promise<void>;
  remove(socketId: string): Promise<boolean>;
  all(): Promise<Seeking[]>;
  /** Whether this process is the one that pairs now. */
  lead(): Promise<boolean>;
}

export class MemorySeekers implements Seekers {
  private readonly queue = new Map<string, Seeking>(); // by socket id

  async put(e: Seeking) { this.queue.set(e.id, e); }
  async remove(socketId: string) { return this.queue.delete(socketId); }
  async all() { return [...this.queue.values()]; }
  async lead() { return true; }
}

/** The queue as a Redis hash (socket id → seeker); pairing by whoever holds a short leader lock. */
export class RedisSeekers implements Seekers {
  private readonly queueKey: string;
  private readonly leaderKey: string;

  constructor(
    private readonly redis: Redis, private readonly self: string, prefix: string, private readonly leaseMs = 3000,
    private readonly log: Pick<Logger, 'warn'> = createLogger('warn'),
  ) {
    this.queueKey = `${prefix}:ranked:queue`;
    this.leaderKey = `${prefix}:ranked:leader`;
  }

  async put(e: Seeking) { await this.redis.hset(this.queueKey, e.id, JSON.stringify(e)); }
  async remove(socketId: string) { return (await this.redis.hdel(this.queueKey, socketId)) > 0; }

  async all(): Promise<Seeking[]> {
    const rows = await this.redis.hgetall(this.queueKey);
    const seekers: Seeking[] = [];
    for (const [socketId, v] of Object.entries(rows)) {
      const e = parseSeeking(v);
      // an entry written by another version, or damaged: not paired, and said
      if (e) seekers.push(e);
      else this.log.warn({ socketId, entry: v.slice(0, 200) }, 'ranked queue: skipped an entry that is not a seeker');
    }
    return seekers;
  }

  async lead(): Promise<boolean> {
    if ((await this.redis.set(this.leaderKey, this.self, 'PX', this.leaseMs, 'NX')) === 'OK') return true;
    if ((await this.redis.get(this.leaderKey)) !== this.self) return false;
    await this.redis.pexpire(this.leaderKey, this.leaseMs);
    return true;
  }
}

function parseSeeking(v: string): Seeking | null {
  try {
    const e = SeekingSchema.safeParse(JSON.parse(v));
    return e.success ? e.data : null;
  } catch {
    return null; // not JSON
  }
}
