// Per-turn time limit (RULES.md §7): each move has turnTime seconds; the server's clock decides.
// A restart starts the current turn afresh, so time while the server was down is never charged.
export class TurnClock {
  private timer: NodeJS.Timeout | undefined;
  private startedAt = performance.now();

  constructor(
    private readonly limitMs: number | null, // null = untimed
    private readonly onExpire: () => void,
  ) {}

  startTurn(): void {
    this.stop();
    this.startedAt = performance.now();
    if (this.limitMs !== null) this.timer = setTimeout(this.onExpire, this.limitMs);
  }

  elapsedMs(): number { return Math.round(performance.now() - this.startedAt); }

  remainingMs(): number | null {
    return this.limitMs === null ? null : Math.max(0, this.limitMs - this.elapsedMs());
  }

  // A few ms of slack: the timer and the clock may disagree by a tick, and a timer firing must end the turn.
  expired(): boolean { return this.limitMs !== null && performance.now() - this.startedAt >= this.limitMs - 5; }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
