// Message credit (one per device): each message costs one token; tokens refill continuously up to the capacity.
// The capacity may change while it lives (a new device's budget grows with its age).
export class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(public capacity: number, public refillPerSecond: number) {
    this.tokens = capacity;
  }

  take(cost = 1, now = Date.now()): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.refillPerSecond);
    this.last = now;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Back at capacity (refilled, counting the time since the last take). */
  full(now = Date.now()): boolean {
    return this.tokens + ((now - this.last) / 1000) * this.refillPerSecond >= this.capacity;
  }

  /** How long until `cost` tokens are there again. */
  msUntil(cost = 1): number {
    if (this.tokens >= cost || this.refillPerSecond <= 0) return 0;
    return Math.ceil(((cost - this.tokens) / this.refillPerSecond) * 1000);
  }
}
