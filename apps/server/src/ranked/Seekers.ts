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

const QUEUE_KEY = 'chu:ranked:queue';
const LEADER_KEY = 'chu:ranked:leader';

/** The queue as a Redis hash (socket id → seeker); pairing by whoever holds a short leader lock. */
export class RedisSeekers implements Seekers {
  constructor(private readonly redis: Redis, private readonly self: string, private readonly leaseMs = 3000) {}

  async put(e: Seeking) { await this.redis.hset(QUEUE_KEY, e.id, JSON.stringify(e)); }
  async remove(socketId: string) { return (await this.redis.hdel(QUEUE_KEY, socketId)) > 0; }

  async all(): Promise<Seeking[]> {
    const rows = await this.redis.hgetall(QUEUE_KEY);
    return Object.values(rows).map((v) => JSON.parse(v) as Seeking);
  }

  async lead(): Promise<boolean> {
    if ((await this.redis.set(LEADER_KEY, this.self, 'PX', this.leaseMs, 'NX')) === 'OK') return true;
    if ((await this.redis.get(LEADER_KEY)) !== this.self) return false;
    await this.redis.pexpire(LEADER_KEY, this.leaseMs);
    return true;
  }
}
