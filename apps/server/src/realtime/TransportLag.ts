/**
 * A socket's transport lag, measured from the server's side alone. Socket.IO pings every connection
 * (pingInterval) and the client's engine answers; half the round trip is the time a message takes one
 * way, which is what a move spent in transit before the server could store it. A client can delay a
 * pong but never hurry one, so the estimate is the lowest of the recent round trips: holding pongs back
 * raises every sample, and then the rules' per-move cap and quota bound what it earns (RULES.md §7).
 */
export class TransportLag {
  private pingAt: number | null = null;
  private readonly recent: number[] = []; // the last RECENT one-way samples (ms); empty: nothing is credited on a guess
  private samples = 0;

  /** The server sent a ping (performance.now() ms). */
  pinged(at: number): void { this.pingAt = at; }

  /** Its pong came back. */
  ponged(at: number): void {
    if (this.pingAt === null) return;
    this.recent.push(Math.max(0, at - this.pingAt) / 2);
    if (this.recent.length > RECENT) this.recent.shift();
    this.pingAt = null;
    this.samples++;
  }

  /** The lag to credit a move sent on this socket now: whole ms (the rules cap it per move and by quota). */
  get estimateMs(): number { return this.recent.length ? Math.round(Math.min(...this.recent)) : 0; }

  get measured(): number { return this.samples; }
}

// A minute of round trips at Socket.IO's 10 s heartbeat: a link that got slower shows within a minute.
const RECENT = 6;
