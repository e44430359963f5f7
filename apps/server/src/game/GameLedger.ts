import { Game, ok, type ClockState, type IllegalReason, type PlayedMove, type Result } from '@chu/rules';
import { rulesOptions, type Color, type Outcome, type RatingChanges, type RoomOptions } from '@chu/protocol';
import type { MoveRecord } from '../db/MoveWriter.ts';
import type { RatingStep, SealedRecord, Store } from '../db/Store.ts';
import type { SealedMove } from './Adjournment.ts';
import { toStored } from './GameClock.ts';
import type { Mover } from './steps.ts';

/** What the ledger writes with: the store, and the rating step a finished game takes (ranked/RatingBook is one). */
export interface LedgerDeps {
  store: Store;
  ratings: RatingStep;
}

/** A move to write: the usi to play, who played it, and what it cost on the clock (measured by the session). */
export interface MoveEntry { usi: string; by: Mover; timeMs: number; clock: ClockState | null; creditMs: number; at: Date }

/** A move written: as the rules played it, the result if it ended the game, and the game's version after it. */
export interface Entered { move: PlayedMove; outcome: Outcome | null; finalVersion: number; ratings: RatingChanges | null }

/**
 * One game's record and every write of it. The session decides; the ledger plays what was decided on
 * the game, builds the stored rows, writes them with the room owner's fence, and, when a write fails,
 * puts the game back as it was before (nothing the database refused stays in memory). A game that ends
 * is finished with its rating in one transaction, through `ratings`: game/ knows nothing of ranked/.
 *
 * It lives in game/ because what it writes is the game's (moves, seals, takebacks, results, in the
 * rules' terms), it holds the game those writes are undone on, and it is one session's alone; db/
 * keeps the SQL and the fencing clause, and never sees a Game.
 */
export class GameLedger {
  constructor(
    private readonly deps: LedgerDeps, private readonly gameId: string, private readonly fence: number | null,
    private current: Game, private readonly options: RoomOptions, private readonly timed: boolean,
  ) {}

  /** The game as played and stored. */
  get game(): Game { return this.current; }

  /**
   * Plays a decided move and stores it at `version` (with the result when it ends the game, at the
   * version after). `sealed`: the sealed move, stored with the game's return to play.
   */
  async play(entry: MoveEntry, version: number, sealed = false): Promise<Result<Entered, IllegalReason>> {
    // Game.clone() replays the whole game, so play in place and rebuild only if the write fails.
    const played = this.current.play(entry.usi);
    if (!played.ok) return played;
    const ended = this.current.outcome();
    const outcome = ended ? { winner: ended.winner, reason: ended.reason } : null;
    const finalVersion = outcome ? version + 1 : version;
    const { by } = entry;
    const move: MoveRecord = {
      gameId: this.gameId, ply: played.value.ply, usi: played.value.usi, timeMs: entry.timeMs, byCpu: by.byCpu,
      clock: entry.clock && toStored(entry.clock), lagMs: this.timed ? entry.creditMs : null, at: entry.at,
      ackId: by.ack, deviceId: by.deviceId, version: finalVersion, fence: this.fence,
    };
    const ratings = await this.undoneIfRefused(this.current.ply - 1, async () => {
      if (outcome) return this.finish(finalVersion, outcome, move);
      await (sealed ? this.deps.store.playSealed(move) : this.deps.store.appendMove(move));
      return null;
    });
    return ok({ move: played.value, outcome, finalVersion, ratings });
  }

  /** The rules decided an outcome outside a move (resign, agreement, timeout, abort): it is stored at `version`, rated if it counts. */
  async end(decide: (g: Game) => void, version: number): Promise<{ outcome: Outcome; ratings: RatingChanges | null }> {
    decide(this.current);
    const o = this.current.outcome();
    if (!o) throw new Error('the rules gave no outcome');
    const outcome = { winner: o.winner, reason: o.reason };
    return { outcome, ratings: await this.undoneIfRefused(this.current.ply, () => this.finish(version, outcome)) };
  }

  /** An event that is not a move (an offer, a seat's news): the game's version, and active ↔ adjourned. */
  event(version: number, status?: 'active' | 'adjourned'): Promise<void> {
    return this.deps.store.setVersion(this.gameId, version, status, this.fence);
  }

  /** A gift of time: the clocks stored with the last move become `clock`. */
  giveTime(clock: ClockState, version: number): Promise<void> {
    return this.deps.store.amendClock(this.gameId, this.current.ply - 1, toStored(clock), version, this.fence);
  }

  /** Adjournment agreed: `sealer` seals next. */
  agreeToAdjourn(sealer: Color, version: number): Promise<void> {
    return this.deps.store.setSealer(this.gameId, sealer, version, this.fence);
  }

  /** The sealed move, stored apart from the game's moves; the game adjourns with it. */
  seal(s: SealedMove): Promise<void> {
    const stored: SealedRecord = {
      ply: s.ply, usi: s.usi, timeMs: s.timeMs, lagMs: this.timed ? s.lagMs : null, clock: s.clock && toStored(s.clock),
      byCpu: s.byCpu, deviceId: s.deviceId, ackId: s.ack,
    };
    return this.deps.store.seal(this.gameId, stored, s.version, this.fence);
  }

  /** A takeback of `plies`: stored, then the game goes back to the moves before them. */
  async takeBack(plies: number, version: number): Promise<void> {
    const keep = this.current.moves.slice(0, this.current.ply - plies);
    await this.deps.store.takeBack(this.gameId, keep.length, version, this.fence);
    this.current = restoreGame(this.current.startSfen, keep, this.options);
  }

  private finish(version: number, outcome: Outcome, finalMove?: MoveRecord): Promise<RatingChanges | null> {
    return this.deps.store.finish({ gameId: this.gameId, version, outcome, finalMove, fence: this.fence }, this.deps.ratings);
  }

  /** Runs a write of what was just played or decided on the game; if it fails, the game is its first `plies` moves again. */
  private async undoneIfRefused<T>(plies: number, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      this.current = restoreGame(this.current.startSfen, this.current.moves.slice(0, plies), this.options);
      throw err;
    }
  }
}

export function restoreGame(startSfen: string, usis: readonly string[], options: RoomOptions): Game {
  const r = Game.replay([...usis], rulesOptions(options), startSfen);
  if (!r.ok) throw new Error(`stored game does not replay at ply ${r.error.ply}: ${r.error.reason}`);
  return r.value;
}
