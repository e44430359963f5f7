import type { ClockState } from '@chu/rules';
import type { AdjournmentView, AdjournReason, Color, GameStatus } from '@chu/protocol';

/** A sealed move in memory: what playing it will store, measured when it was sealed (RULES.md §7). */
export interface SealedMove {
  ply: number;
  usi: string;              // canonical: checked by the rules when sealed
  timeMs: number;           // the sealer's thinking time, charged as a move's
  lagMs: number;            // transport lag credited back
  clock: ClockState | null; // both clocks after it
  byCpu: boolean;
  deviceId: string | null;
  ack: string | null;       // a retry of the seal is acknowledged again, not sealed twice
  version: number;          // the game's version once it was sealed
}

/**
 * Why a game is adjourned, while it is: with a sealed move by agreement (RULES.md §7), without one by
 * absence (§8). The session and the stored games' read model (http/myGames) both ask this.
 */
export const adjournReason = (status: GameStatus, sealed: boolean): AdjournReason | null =>
  status !== 'adjourned' ? null : sealed ? 'agreement' : 'absence';

/**
 * Adjournment by agreement (RULES.md §7) for one game, as plain state: offered → agreed (the sealer, to
 * move, seals) → sealed (adjourned) → resume offered → played; the offers are the game's (Offers). No I/O,
 * no timers; the session checks who may do what and its ledger stores each step. The sealed move never leaves this object except to be played.
 */
export class Adjournment {
  constructor(public sealer: Color | null = null, public sealed: SealedMove | null = null) {}

  /** Agreed, and the sealer has not sealed yet: its next move is the sealed one. */
  get sealing(): boolean { return this.sealer !== null && this.sealed === null; }

  /** The sealed move is stored: the game stays adjourned until both players agree to resume. */
  get adjourned(): boolean { return this.sealed !== null; }

  /** The sealed move was played, or the game ended: nothing of the adjournment remains. */
  clear(): void {
    this.sealer = null;
    this.sealed = null;
  }

  /** With the game's open offers to adjourn and to resume (game/Offers). */
  view(offers: Record<'adjourn' | 'resume', Color | null>): AdjournmentView {
    return { offerBy: offers.adjourn, sealer: this.sealer, sealed: this.sealed !== null, resumeOfferBy: offers.resume };
  }
}
