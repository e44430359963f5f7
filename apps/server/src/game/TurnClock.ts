// Per-turn time limit (RULES.md §7): each move has turnTime seconds; the server's clock decides.
// The clock only keeps time; the room's one timer wakes the game when something is due.
// A restart or a resumed adjournment starts the turn afresh, so time nobody could play is never charged.
export class TurnClock {
  private startedAt = 0;
  private running = false;

  constructor(readonly limitMs: number | null) {} // null = untimed

  startTurn(now: number): void {
    this.startedAt = now;
    this.running = true;
  }

  stop(): void { this.running = false; }

  elapsedMs(now: number): number { return this.running ? Math.round(now - this.startedAt) : 0; }

  /** When the side to move runs out, or null (untimed, or stopped). */
  deadline(): number | null {
    return this.limitMs === null || !this.running ? null : this.startedAt + this.limitMs;
  }

  remainingMs(now: number): number | null {
    const d = this.deadline();
    return d === null ? (this.limitMs === null ? null : this.limitMs) : Math.max(0, Math.round(d - now));
  }

  // A few ms of slack: a timer may fire a tick early, and when it fires the turn must be over.
  expired(now: number): boolean {
    const d = this.deadline();
    return d !== null && now >= d - 5;
  }
}
