import { COLORS, opposite, type Color, type SeatStatus, type Seats } from '@chu/protocol';

/** What an absent seat comes to when its time is up (RULES.md §8). */
export type Due = { color: Color; at: number; then: 'cpu' | 'adjourn' };

/**
 * The seat lifecycle of RULES.md §8 for one game, as plain state: present → away (grace running) →
 * cpu → returned. It keeps no timers and does no I/O; the game asks it what is due and when.
 * CPU seats are always present: they are never away and never need a stand-in.
 */
export class Absence {
  private readonly status: Record<Color, SeatStatus>;
  private readonly awaySince: Record<Color, number>;

  constructor(
    private readonly seats: Seats,
    present: Record<Color, boolean>,
    now: number,
    private readonly graceMs: number,
    private readonly standIns = true, // false: correspondence, where nobody stands in and nothing adjourns
  ) {
    this.status = { black: 'present', white: 'present' };
    this.awaySince = { black: now, white: now };
    for (const c of COLORS) if (this.isPerson(c) && !present[c]) this.status[c] = 'away';
  }

  of(color: Color): SeatStatus { return this.status[color]; }

  /** Who plays the side now. */
  controller(color: Color): 'human' | 'cpu' {
    return this.seats[color].kind === 'cpu' || this.status[color] === 'cpu' ? 'cpu' : 'human';
  }

  /** A seated person with a connection: someone the game can be played for. */
  isHere(color: Color): boolean {
    return this.isPerson(color) && (this.status[color] === 'present' || this.status[color] === 'returned');
  }

  get anyoneHere(): boolean { return COLORS.some((c) => this.isHere(c)); }

  /** The person's last connection closed. Returns whether the status changed. */
  leave(color: Color, now: number): boolean {
    if (!this.isPerson(color) || this.status[color] === 'away' || this.status[color] === 'cpu') return false;
    this.status[color] = 'away';
    this.awaySince[color] = now;
    return true;
  }

  /** The person is back from the same device: they play again at once (the CPU's turn, if any, is dropped). */
  arrive(color: Color): boolean {
    const s = this.status[color];
    if (!this.isPerson(color) || s === 'present' || s === 'returned') return false;
    this.status[color] = s === 'cpu' ? 'returned' : 'present';
    return true;
  }

  takeOver(color: Color): void { this.status[color] = 'cpu'; }

  /**
   * When an away seat's time is up: the grace period's end, or earlier on the person's own timed turn or
   * running clock, `reserveMs` before its time (main time and every period) runs out, so the CPU still has time to move (an away person never
   * loses on time). Then the CPU takes the seat, or, with nobody else here, the game adjourns.
   */
  due(color: Color, turn: Color, turnDeadline: number | null, reserveMs: number): Due | null {
    if (this.status[color] !== 'away' || !this.standIns) return null;
    let at = this.awaySince[color] + this.graceMs;
    if (turn === color && turnDeadline !== null) at = Math.min(at, turnDeadline - reserveMs);
    return { color, at, then: this.isHere(opposite(color)) ? 'cpu' : 'adjourn' };
  }

  private isPerson(color: Color): boolean { return this.seats[color].kind === 'human'; }
}
