import type { Redis } from 'ioredis';

// Wrong passwords (and recovery codes) counted per account, and per account and address, in fixed
// windows: what the account-wide login limit reads. Unlike a rate limiter's counter, reading it costs
// nothing, so the limit can ask "has this address failed here?" before counting anything. In Redis when
// the site has one (shared by every process), in this process's memory otherwise. Redis away: nothing is
// counted or refused (the limits are a guard, not the site), as with the other limits.

export interface Window { count: number; msLeft: number }

export interface FailedLogins {
  /** One more failure under each key; a key's window starts with its first failure. */
  add(keys: string[]): Promise<void>;
  /** The failures under each key in their current windows. */
  read(keys: string[]): Promise<Window[]>;
}

const MEMORY_KEYS = 50_000; // past this, expired windows are swept before one more is opened

export function failedLogins(windowMs: number, redis: Redis | null, prefix: string): FailedLogins {
  return redis ? inRedis(redis, prefix, windowMs) : inMemory(windowMs);
}

function inRedis(redis: Redis, prefix: string, windowMs: number): FailedLogins {
  return {
    async add(keys) {
      const m = redis.multi();
      for (const k of keys) m.set(prefix + k, 0, 'PX', windowMs, 'NX').incr(prefix + k);
      await m.exec().catch(() => undefined);
    },
    async read(keys) {
      const m = redis.multi();
      for (const k of keys) m.get(prefix + k).pttl(prefix + k);
      const replies = await m.exec().catch(() => null);
      return keys.map((_, i) => {
        const count = Number(replies?.[2 * i]?.[1] ?? 0);
        const msLeft = Number(replies?.[2 * i + 1]?.[1] ?? 0);
        return { count: Number.isFinite(count) ? count : 0, msLeft: Math.max(0, msLeft) };
      });
    },
  };
}

function inMemory(windowMs: number): FailedLogins {
  const windows = new Map<string, { count: number; until: number }>();
  const current = (k: string, now: number) => {
    const w = windows.get(k);
    return w && w.until > now ? w : undefined;
  };
  return {
    async add(keys) {
      const now = Date.now();
      if (windows.size > MEMORY_KEYS) for (const [k, w] of windows) if (w.until <= now) windows.delete(k);
      for (const k of keys) {
        const w = current(k, now);
        if (w) w.count++;
        else windows.set(k, { count: 1, until: now + windowMs });
      }
    },
    async read(keys) {
      const now = Date.now();
      return keys.map((k) => {
        const w = current(k, now);
        return w ? { count: w.count, msLeft: w.until - now } : { count: 0, msLeft: 0 };
      });
    },
  };
}
