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
 * One socket's credit. Refusals cost the server almost nothing (no parse, at most one reply a window),
 * and a socket that goes on regardless is cut off, so one flooder cannot slow other players down.
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

  // A device made a moment ago gets a small burst; its budget grows to the full one over growMs.
  private capacityAt(now: number): number {
    const { capacity, newDeviceCapacity, growMs } = this.limits.rateLimit;
    const grown = growMs > 0 ? Math.min(1, Math.max(0, now - this.deviceBornAt) / growMs) : 1;
    return newDeviceCapacity + (capacity - newDeviceCapacity) * grown;
  }
}

/** Devices recently dropped for flooding, and until when they may not reconnect (this process only). */
export class Floods {
  private readonly heldUntil = new Map<string, number>(); // device id → ms epoch

  constructor(private readonly limits: Limits) {}

  credit(deviceBornAt: Date, now = Date.now()): SocketCredit {
    return new SocketCredit(this.limits, deviceBornAt.getTime(), now);
  }

  hold(deviceId: string, ms: number, now = Date.now()): void {
    if (this.heldUntil.size > 10_000) for (const [id, until] of this.heldUntil) if (until <= now) this.heldUntil.delete(id);
    this.heldUntil.set(deviceId, now + ms);
  }

  /** Milliseconds this device must still wait before connecting; 0 when it may. */
  heldFor(deviceId: string, now = Date.now()): number {
    const until = this.heldUntil.get(deviceId);
    if (until === undefined) return 0;
    if (until <= now) {
      this.heldUntil.delete(deviceId);
      return 0;
    }
    return until - now;
  }
}
