/**
 * A socket's transport lag, measured as lishogi does in spirit: from the server's side alone, so a client
 * cannot claim lag it does not have. Socket.IO pings every connection (pingInterval) and the client's
 * engine answers at once; half the round trip is the time a message takes one way, which is what a
 * move spent in transit before the server could store it. Smoothed, so one slow pong counts for little;
 * the rules credit it back only within their quota (RULES.md §7).
 */
export class TransportLag {
  private pingAt: number | null = null;
  private oneWayMs = 0; // 0 until a round trip is measured: nothing is credited on a guess
  private samples = 0;

  /** The server sent a ping (performance.now() ms). */
  pinged(at: number): void { this.pingAt = at; }

  /** Its pong came back. */
  ponged(at: number): void {
    if (this.pingAt === null) return;
    const sample = Math.max(0, at - this.pingAt) / 2;
    this.pingAt = null;
    this.oneWayMs = this.samples === 0 ? sample : this.oneWayMs + (sample - this.oneWayMs) * SMOOTHING;
    this.samples++;
  }

  /** The lag to credit a move sent on this socket now: whole ms, capped (the quota caps it again). */
  get estimateMs(): number { return Math.min(MAX_LAG_MS, Math.round(this.oneWayMs)); }

  get measured(): number { return this.samples; }
}

const SMOOTHING = 0.3;
const MAX_LAG_MS = 60_000;
