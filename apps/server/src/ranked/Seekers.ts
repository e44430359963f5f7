import type { Redis } from 'ioredis';
import type { Seeking } from './Matchmaker.ts';

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

  constructor(private readonly redis: Redis, private readonly self: string, prefix: string, private readonly leaseMs = 3000) {
    this.queueKey = `${prefix}:ranked:queue`;
    this.leaderKey = `${prefix}:ranked:leader`;
  }

  async put(e: Seeking) { await this.redis.hset(this.queueKey, e.id, JSON.stringify(e)); }
  async remove(socketId: string) { return (await this.redis.hdel(this.queueKey, socketId)) > 0; }

  async all(): Promise<Seeking[]> {
    const rows = await this.redis.hgetall(this.queueKey);
    return Object.values(rows).map((v) => JSON.parse(v) as Seeking);
  }

  async lead(): Promise<boolean> {
    if ((await this.redis.set(this.leaderKey, this.self, 'PX', this.leaseMs, 'NX')) === 'OK') return true;
    if ((await this.redis.get(this.leaderKey)) !== this.self) return false;
    await this.redis.pexpire(this.leaderKey, this.leaseMs);
    return true;
  }
}
