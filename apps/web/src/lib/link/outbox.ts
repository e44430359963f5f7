// Client messages that must survive a reconnect. Socket.IO's own buffer is not used: it flushes
// before our `connect` handler runs, so a room command would reach the new socket before its
// `room.join` (and be refused 'not-in-room'), and what was written to a socket that then died is gone.

/** What the outbox needs to know of a message: its type, and the ack id a move carries. */
export interface Outgoing {
  type: string;
  ack?: string;
}

export class Outbox<M extends Outgoing> {
  private waiting: M[] = []; // sent while the link was down or held, oldest first
  private unanswered = new Map<string, M>(); // moves written to the link, by ack id, until ack or error
  private holds = 0;
  private up = false;

  /**
   * `emit` writes to the live link. `superseded`: what a fresh link makes pointless (re-joining every
   * room already catches up, so a waiting `room.join` or `sync` would only do it twice).
   */
  constructor(
    private readonly emit: (m: M) => void,
    private readonly superseded: (m: M) => boolean = () => false,
  ) {}

  get open(): boolean {
    return this.up && this.holds === 0;
  }

  /** Messages not yet written (for tests and the "reconnecting" hint). */
  get pending(): readonly M[] {
    return this.waiting;
  }

  send(m: M): void {
    if (this.open) this.write(m);
    else this.waiting.push(m);
  }

  /** The server answered this ack id (ack or error): the move need not be sent again. */
  answered(ack: string): void {
    this.unanswered.delete(ack);
  }

  /** The server could not take this move now (rate-limited, storage down): the same message, later. */
  retry(ack: string, afterMs: number): void {
    const m = this.unanswered.get(ack);
    if (!m) return;
    // still unanswered and the link down when the time comes: the next connection re-sends it
    setTimeout(() => {
      if (this.unanswered.get(ack) === m && this.open) this.emit(m);
    }, afterMs);
  }

  down(): void {
    this.up = false;
  }

  /**
   * A new link is up. `first` goes out before anything else (the room re-joins), then the moves the
   * old link may have lost, with their ack ids (the server applies a repeated ack id once), then
   * whatever waited, in the order it was sent.
   */
  connected(first: M[]): void {
    this.up = true;
    const resend = [...this.unanswered.values()];
    this.unanswered.clear();
    const waiting = this.waiting.filter((m) => !this.superseded(m));
    this.waiting = [];
    for (const m of first) this.write(m);
    for (const m of resend) this.write(m);
    if (this.holds === 0) for (const m of waiting) this.write(m);
    else this.waiting = waiting;
  }

  /**
   * Keep messages back until the returned release is called: while the page changes its identity
   * (a new name, a login), a click must not go out on the socket that is about to be replaced.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (!this.open) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const m of waiting) this.write(m);
    };
  }

  private write(m: M): void {
    if (m.type === 'move' && m.ack) this.unanswered.set(m.ack, m);
    this.emit(m);
  }
}
