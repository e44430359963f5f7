import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ServerConfig } from '../config.ts';
import { TokenBucket } from './TokenBucket.ts';

/** What to do with one incoming message. */
export type Admission =
  | { kind: 'pass' }
  | { kind: 'notice'; retryAfterMs: number } // refused; the sender hears of it (once per notice window)
  | { kind: 'quiet' }                        // refused; already told in this window, so no reply at all
  | { kind: 'drop'; holdBackMs: number };    // refused once too often: disconnect, and hold the device back

type Limits = Pick<ServerConfig, 'rateLimit' | 'floods'>;

/**
 * One device's message credit on this process, shared by all its sockets here (see Floods.credit).
 * Refusals cost the server almost nothing (no parse, at most one reply a window), and a socket that
 * goes on regardless is cut off, so one flooder cannot slow other players down.
 */
export class SocketCredit {
  readonly bucket: TokenBucket;
  private noticedAt = -Infinity;
  private refused = 0;
  private refusedSince = 0;

  constructor(private readonly limits: Limits, private readonly deviceBornAt: number, now = Date.now()) {
    this.bucket = new TokenBucket(this.capacityAt(now), limits.rateLimit.spectatorRefillPerSecond);
  }

  admit(now = Date.now()): Admission {
    this.bucket.capacity = this.capacityAt(now);
    if (this.bucket.take(1, now)) return { kind: 'pass' };
    const f = this.limits.floods;
    if (now - this.refusedSince > f.refusedWindowMs) {
      this.refusedSince = now;
      this.refused = 0;
    }
    if (++this.refused > f.dropAfterRefused) return { kind: 'drop', holdBackMs: f.holdBackMs };
    if (now - this.noticedAt < f.noticeEveryMs) return { kind: 'quiet' };
    this.noticedAt = now;
    return { kind: 'notice', retryAfterMs: Math.max(this.bucket.msUntil(), f.noticeEveryMs) };
  }

  /** Nothing owed: refilled to its full budget and no refusals being counted, so forgetting it gives nothing away. */
  rested(now = Date.now()): boolean {
    this.bucket.capacity = this.capacityAt(now);
    return this.bucket.full(now) && now - this.refusedSince > this.limits.floods.refusedWindowMs;
  }

  // A device made a moment ago gets a small burst; its budget grows to the full one over growMs.
  private capacityAt(now: number): number {
    const { capacity, newDeviceCapacity, growMs } = this.limits.rateLimit;
    const grown = growMs > 0 ? Math.min(1, Math.max(0, now - this.deviceBornAt) / growMs) : 1;
    return newDeviceCapacity + (capacity - newDeviceCapacity) * grown;
  }
}

/**
 * Message credit by device, and devices recently dropped for flooding.
 *
 * Every socket of a device on this process draws on one credit, so opening more sockets (or closing
 * one and opening another) buys no more messages; a credit is forgotten only once its device has no
 * socket here and it has refilled anyway. (A device's sockets on other processes of the site have
 * that process's credit; the handshake budget per address bounds how many it can open.)
 *
 * A drop holds the device back for holdBackMs: in this process's memory, and with Redis under
 * `<site prefix>:hold:<device>` (PX holdBackMs), which every process checks at the handshake, so a
 * device dropped on one process is refused on the others too.
 */
export class Floods {
  private readonly heldUntil = new Map<string, number>(); // device id → ms epoch
  private readonly credits = new Map<string, { credit: SocketCredit; sockets: number }>();
  private sweptAt = 0;

  constructor(
    private readonly limits: Limits,
    private readonly redis: Redis | null = null,
    private readonly prefix = '', // sitePrefix(config): the site's Redis keys
    private readonly log?: Logger,
  ) {}

  /** The device's credit, for one more of its sockets; `release` it when that socket goes. */
  credit(deviceId: string, deviceBornAt: Date, now = Date.now()): SocketCredit {
    this.sweep(now);
    let shared = this.credits.get(deviceId);
    if (!shared) {
      shared = { credit: new SocketCredit(this.limits, deviceBornAt.getTime(), now), sockets: 0 };
      this.credits.set(deviceId, shared);
    }
    shared.sockets++;
    return shared.credit;
  }

  release(deviceId: string): void {
    const shared = this.credits.get(deviceId);
    if (shared) shared.sockets = Math.max(0, shared.sockets - 1);
  }

  // At most every few seconds: credits of devices with no socket left, once they owe nothing.
  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [id, shared] of this.credits) if (shared.sockets === 0 && shared.credit.rested(now)) this.credits.delete(id);
  }

  hold(deviceId: string, ms: number, now = Date.now()): void {
    if (this.heldUntil.size > 10_000) for (const [id, until] of this.heldUntil) if (until <= now) this.heldUntil.delete(id);
    this.heldUntil.set(deviceId, now + ms);
    // Redis away: this process still holds it back; the others will let it in (a guard, not the game)
    this.redis?.set(this.holdKey(deviceId), '1', 'PX', ms).catch((err: Error) => this.log?.warn({ err: err.message, device: deviceId }, 'flood hold not shared'));
  }

  /** Milliseconds this device must still wait before connecting, on any process of the site; 0 when it may. */
  async heldFor(deviceId: string, now = Date.now()): Promise<number> {
    const here = this.heldHere(deviceId, now);
    if (here > 0 || !this.redis) return here;
    try {
      const ttl = await this.redis.pttl(this.holdKey(deviceId));
      return ttl > 0 ? ttl : 0; // -2: no hold; -1 (no expiry) is never written
    } catch {
      return 0;
    }
  }

  private heldHere(deviceId: string, now: number): number {
    const until = this.heldUntil.get(deviceId);
    if (until === undefined) return 0;
    if (until <= now) {
      this.heldUntil.delete(deviceId);
      return 0;
    }
    return until - now;
  }

  private holdKey(deviceId: string): string {
    return `${this.prefix}:hold:${deviceId}`;
  }
}

const SWEEP_EVERY_MS = 5000;
