import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config.ts';

export type HandshakeAdmission = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Socket handshakes per client address: at most `perAddress` in each window of `windowMs`. A handshake
 * costs a device lookup, and each socket is one more connection to hold, so this is counted before
 * anything else is done for it. The counters live in Redis when there is one (`<site prefix>:handshakes:<address>`,
 * so every process of the site counts together), in this process's memory otherwise, or while Redis
 * does not answer (the limit is a guard, not the game: a refusal for Redis's sake would lock out everyone).
 */
export class HandshakeBudget {
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: ServerConfig['handshakes'],
    private readonly redis: Redis | null,
    private readonly prefix: string, // sitePrefix(config)
  ) {}

  async take(address: string, now = Date.now()): Promise<HandshakeAdmission> {
    if (this.redis) {
      const shared = await this.takeShared(address);
      if (shared) return shared;
    }
    return this.takeLocal(address, now);
  }

  // A fixed window: the first handshake sets the key's expiry, each one counts. Null: Redis did not answer.
  private async takeShared(address: string): Promise<HandshakeAdmission | null> {
    const key = `${this.prefix}:handshakes:${address}`;
    try {
      const r = await this.redis!.multi().set(key, '0', 'PX', this.limit.windowMs, 'NX').incr(key).pttl(key).exec();
      const count = r?.[1]?.[1];
      const ttl = r?.[2]?.[1];
      if (r?.some(([err]) => err) || typeof count !== 'number' || typeof ttl !== 'number') return null;
      return count <= this.limit.perAddress ? { ok: true } : { ok: false, retryAfterMs: Math.max(1000, ttl) };
    } catch {
      return null;
    }
  }

  private takeLocal(address: string, now: number): HandshakeAdmission {
    if (this.local.size > 10_000) for (const [a, w] of this.local) if (w.resetAt <= now) this.local.delete(a);
    let w = this.local.get(address);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.limit.windowMs };
      this.local.set(address, w);
    }
    w.count++;
    return w.count <= this.limit.perAddress ? { ok: true } : { ok: false, retryAfterMs: Math.max(1000, w.resetAt - now) };
  }
}
