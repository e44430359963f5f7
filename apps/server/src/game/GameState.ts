import type { ClockState, Game } from '@chu/rules';
import {
  COLORS, seatOf, setupOfRoom, type AdjournReason, type Color, type GameEvent, type GameFacts, type GameStatus, type GameView, type Outcome,
  type RatingChanges, type RoomOptions, type SeatRating, type Seats, type SeatView, type ServerMessage, type SetupView,
} from '@chu/protocol';
import type { Logger } from 'pino';
import type { StoredClock } from '../db/MoveWriter.ts';
import type { RatingStep, SealedRecord, Store } from '../db/Store.ts';
import { Absence } from './Absence.ts';
import { Adjournment, adjournReason } from './Adjournment.ts';
import { EventHistory } from './EventHistory.ts';
import { GameClock } from './GameClock.ts';
import { GameLedger, type Entered } from './GameLedger.ts';
import { Offers } from './Offers.ts';
import { now, over, refuse, type Mover, type NewEvent, type Refusal, type Step } from './steps.ts';

/** What a session needs: where its ledger writes, the rating step of a finished game (ranked/RatingBook), the log, the clock's seconds. */
export interface SessionDeps {
  store: Store;
  ratings: RatingStep;
  log: Logger;
  msPerSecond: number;
}

export interface SessionInit {
  id: string;
  roomCode: string;
  options: RoomOptions;
  seats: Seats;
  game: Game;
  version: number;
  present: Record<Color, boolean>; // seated people connected now
  acks?: Map<string, AckedMove>;
  rated?: boolean;
  status?: GameStatus;
  outcome?: Outcome | null;
  seatRatings?: Record<Color, SeatRating | null>; // the seated accounts' ratings when the game started
  ratingChanges?: RatingChanges | null;           // a finished rated game
  fence?: number | null;                          // the room owner's lease token, carried by every write
  clocks?: (StoredClock | null)[];                 // both clocks as stored with each move so far
  turnStartedAt?: Date | null;                     // as stored: a correspondence turn runs on from it
  sealer?: Color | null;                           // adjournment agreed (RULES.md §7): the side that seals
  sealed?: SealedRecord | null;                    // its sealed move, stored and not yet played
}

/** The move an ack id was used for, in one game ("deviceId:ack" → it): a retry of it is acknowledged again, not played. */
export interface AckedMove { ply: number; usi: string; version: number }

type Played = Pick<Entered, 'outcome' | 'finalVersion' | 'ratings'> & { clockAfter: ClockState | null; creditMs: number; t: number; wall: number; moveVersion: number };

/**
 * What a session knows of its game and how it tells it: the state (the game through its ledger, the
 * version, the clock, the open offers, the adjournment, the seats' absence), its views, the one guard
 * before a seated player's command, and how a stored move or end takes effect and is told as numbered
 * events. GameSession adds the commands that decide what changes.
 */
export abstract class GameState {
  readonly id: string;
  readonly roomCode: string;
  readonly options: RoomOptions;
  readonly seats: Seats;
  readonly rated: boolean;
  version: number;
  // The version at which the current position arose: a move needs the client to have seen it, not
  // the seat and draw events since, which change nothing on the board.
  protected positionVersion: number;
  protected state: GameStatus;
  outcome: Outcome | null;
  readonly seatRatings: Record<Color, SeatRating | null>;
  protected ratingChanges: RatingChanges | null;
  protected readonly absence: Absence;
  protected readonly history = new EventHistory();
  protected readonly acks: Map<string, AckedMove>;
  protected readonly clock: GameClock | null; // null = untimed
  protected readonly ledger: GameLedger;
  protected readonly offers = new Offers();
  protected readonly adjournment: Adjournment; // by agreement (RULES.md §7); absence is `absence`'s (§8)

  constructor(protected readonly deps: SessionDeps, init: SessionInit) {
    this.id = init.id;
    this.roomCode = init.roomCode;
    this.options = init.options;
    this.seats = init.seats;
    this.rated = init.rated ?? false;
    this.version = init.version;
    this.positionVersion = init.version;
    this.acks = init.acks ?? new Map();
    this.state = init.status ?? 'active';
    this.outcome = init.outcome ?? null;
    this.seatRatings = init.seatRatings ?? { black: null, white: null };
    this.ratingChanges = init.ratingChanges ?? null;
    this.clock = GameClock.of(init.options.timeControl, deps.msPerSecond, init.clocks);
    this.ledger = new GameLedger(deps, init.id, init.fence ?? null, init.game, init.options, this.clock !== null);
    const sealed = init.sealed;
    this.adjournment = new Adjournment(init.sealer ?? null, sealed ? {
      ply: sealed.ply, usi: sealed.usi, timeMs: sealed.timeMs, lagMs: sealed.lagMs ?? 0, byCpu: sealed.byCpu,
      clock: sealed.clock && this.clock ? this.clock.restore(sealed.clock) : null,
      deviceId: sealed.deviceId, ack: sealed.ackId, version: init.version,
    } : null);
    // Correspondence players come and go by design: no grace period, no stand-in (RULES.md §8).
    this.absence = new Absence(init.seats, init.present, now(), init.options.graceSeconds * deps.msPerSecond, !this.clock?.correspondence);
    if (this.state === 'active') {
      // A loaded game's turn starts now, with the side to move's stored time: time nobody could play, while
      // no process owned the game, is not charged. A correspondence turn runs on from where it was stored:
      // its days pass by the calendar, whoever is connected.
      const stored = this.clock?.correspondence ? init.turnStartedAt ?? null : null;
      const wall = stored ? Math.min(Date.now(), stored.getTime()) : Date.now();
      this.clock?.startTurn(this.game.turn, now() - (Date.now() - wall), wall);
    }
  }

  protected get game(): Game { return this.ledger.game; }
  get status(): GameStatus { return this.state; }
  /** Not finished: seats and options of the room wait for it. */
  get live(): boolean { return this.state !== 'finished'; }
  get turn(): Color { return this.game.turn; }
  get ply(): number { return this.game.ply; }
  get drawOfferBy(): Color | null { return this.offers.by.draw; }
  get takebackOfferBy(): Color | null { return this.offers.by.takeback; }
  /** The named setup this game started from ('even', 'two-lions'), null for another position (handicaps.md §3). */
  get setup(): SetupView | null { return setupOfRoom({ variant: this.game.variant, startSfen: this.game.startSfen }); }
  colorOf(deviceId: string): Color | null { return seatOf(this.seats, deviceId); }

  /** What the site's rules (@chu/protocol's policy) read of this game. */
  protected get facts(): GameFacts {
    return { status: this.state, rated: this.rated, options: this.options, ply: this.game.ply, turn: this.game.turn, seats: this.seats, sealer: this.adjournment.sealer };
  }

  /**
   * A correspondence turn's warning: when `share` of its time is gone (performance.now() ms), for the side
   * to move at this ply, with the turn's deadline (epoch ms). Null for any other game, or one not in play.
   */
  turnWarning(share: number): { at: number; color: Color; ply: number; deadline: number } | null {
    if (this.state !== 'active' || !this.clock?.correspondence) return null;
    const at = this.clock.shareGoneAt(share);
    const deadline = this.clock.view(Date.now()).deadline;
    return at === null || deadline === null ? null : { at, color: this.game.turn, ply: this.game.ply, deadline };
  }

  /** The absence part of a seat's view (RULES.md §8). */
  seatState(color: Color): Pick<SeatView, 'status' | 'takeoverInMs' | 'controller'> {
    return {
      status: this.live ? this.absence.of(color) : 'present',
      takeoverInMs: this.takeoverInMs(color),
      controller: this.seats[color].kind === 'empty' ? 'none' : this.live ? this.absence.controller(color) : this.seats[color].kind === 'cpu' ? 'cpu' : 'human',
    };
  }

  /** A seat is away on a timed game: each move changes when its takeover is due (see `dues`). */
  get awayOnTimedTurns(): boolean {
    return this.clock !== null && COLORS.some((c) => this.absence.of(c) === 'away');
  }

  view(seats: Record<Color, SeatView>): GameView {
    return {
      id: this.id, roomCode: this.roomCode, options: this.options, startSfen: this.game.startSfen, setup: this.setup,
      moves: [...this.game.moves], version: this.version, ply: this.game.ply, turn: this.game.turn, status: this.state,
      adjourned: this.adjournedWhy, adjournment: this.adjournment.view(this.offers.by), outcome: this.outcome,
      drawOfferBy: this.offers.by.draw, takebackOfferBy: this.offers.by.takeback,
      turnRemainingMs: this.live ? this.remainingMs(now()) : null, clock: this.clockView(),
      seats, rated: this.rated, ratingChanges: this.ratingChanges,
    };
  }

  /** The sealed move and the one device told it, the one on the sealer's seat (RULES.md §7); null when nothing is sealed. */
  sealedNote(): { deviceId: string; message: Extract<ServerMessage, { type: 'sealed' }> } | null {
    const sealed = this.adjournment.sealed;
    const seat = this.adjournment.sealer && this.seats[this.adjournment.sealer];
    return sealed && seat?.kind === 'human' ? { deviceId: seat.deviceId, message: { type: 'sealed', gameId: this.id, usi: sealed.usi } } : null;
  }

  /** The sealed move for this device when it is the sealer's; null for anyone else. */
  sealedFor(deviceId: string): Extract<ServerMessage, { type: 'sealed' }> | null {
    const note = this.sealedNote();
    return note?.deviceId === deviceId ? note.message : null;
  }

  /** Why the game is adjourned, while it is: a sealed move (agreement, RULES.md §7) or nobody present (absence, §8). */
  get adjournedWhy(): AdjournReason | null { return adjournReason(this.state, this.adjournment.adjourned); }

  eventsSince(version: number): GameEvent[] | null {
    return this.history.since(version, this.version);
  }

  /**
   * The one check before a seated player's command: the game is in the state the command needs
   * ('active': in play; 'live': not finished) and the sender holds a seat. Its color, or the refusal.
   */
  protected seated(deviceId: string, needs: 'active' | 'live'): Color | Refusal {
    if (needs === 'active' ? this.state !== 'active' : !this.live) return over(needs === 'active' ? 'The game is not in play.' : 'The game is over.');
    return this.colorOf(deviceId) ?? refuse('not-seated', 'You do not hold a seat in this game.');
  }

  protected adjournedRefusal(): Refusal {
    return this.adjournedWhy === 'agreement'
      ? refuse('adjourned', 'The game is adjourned by agreement; it resumes when both players agree.')
      : refuse('adjourned', 'The game is adjourned until a player returns.');
  }

  // ---- moves and ends, written by the ledger -----------------------------------------------------

  /**
   * What a move played now costs: the clocks after it, the time it took and the lag credited back, or
   * 'flag' when a person's move came past its time (and its grace): the clock is read when the server
   * stores the move. The CPU standing in never forfeits: its late move is played.
   */
  protected measure(t: number, by: Mover): { clockAfter: ClockState | null; timeMs: number; creditMs: number } | 'flag' {
    const measured = this.clock?.measure(t, by.lagMs) ?? null;
    if (measured === 'flag' && !by.byCpu) return 'flag';
    if (measured === null || measured === 'flag') {
      return { clockAfter: measured && this.clock!.late(), timeMs: this.clock?.elapsedMs(t) ?? 0, creditMs: 0 };
    }
    return { clockAfter: measured.next, timeMs: measured.elapsedMs, creditMs: measured.creditMs };
  }

  protected async flagged(color: Color): Promise<Step> {
    const ended = await this.end((g) => g.timeout(color));
    return { ...ended, reply: over('Your time ran out before the move arrived.') };
  }

  /** A stored move takes effect in memory: its ack id, the clocks, the next turn; and the events that tell it. */
  protected played({ move }: Entered, color: Color, by: Mover, m: Played): GameEvent[] {
    if (by.deviceId && by.ack) this.acks.set(`${by.deviceId}:${by.ack}`, { ply: move.ply, usi: move.usi, version: m.moveVersion });
    if (m.clockAfter) this.clock?.push(m.clockAfter);
    if (m.outcome) this.clock?.stop();
    else this.clock?.startTurn(this.game.turn, m.t, m.wall);
    const events: GameEvent[] = [this.remember({
      kind: 'move', gameId: this.id, version: m.moveVersion, usi: move.usi, ply: move.ply, color,
      byCpu: by.byCpu, notation: move.notation, turn: this.game.turn, turnRemainingMs: m.outcome ? null : this.remainingMs(m.t),
      clock: this.clockView(), lagCreditMs: m.creditMs,
    })];
    if (m.outcome) events.push(this.finished(m.outcome, m.finalVersion, m.ratings));
    return events;
  }

  // The rules decided an outcome outside a move (resign, agreement, timeout, abort): store, then tell.
  protected async end(decide: (g: Game) => void): Promise<Step> {
    const version = this.version + 1;
    const { outcome, ratings } = await this.ledger.end(decide, version);
    this.version = version;
    return { reply: { ok: true, version }, events: [this.finished(outcome, version, ratings)] };
  }

  protected finished(outcome: Outcome, version: number, ratingChanges: RatingChanges | null): GameEvent {
    this.outcome = outcome;
    this.ratingChanges = ratingChanges;
    this.state = 'finished';
    this.offers.withdraw('draw', 'adjourn', 'resume');
    this.adjournment.clear();
    this.clock?.stop();
    return this.remember({ kind: 'end', gameId: this.id, version, outcome, ratingChanges });
  }

  /**
   * Events that are not moves: numbered, stored as the game's version (and status), then remembered.
   * `store`: another write of the ledger's that stores the version along with what it changed.
   */
  protected async record(events: NewEvent[], status?: 'active' | 'adjourned', store?: (version: number) => Promise<void>): Promise<Step> {
    const numbered = events.map((e, i) => ({ ...e, gameId: this.id, version: this.version + 1 + i }) as GameEvent);
    const version = this.version + events.length;
    await (store ? store(version) : this.ledger.event(version, status));
    this.version = version;
    return { reply: { ok: true, version }, events: numbered.map((e) => this.remember(e)) };
  }

  protected remember(e: GameEvent): GameEvent {
    this.history.push(e);
    return e;
  }

  protected nothing(): Step { return { reply: { ok: true, version: this.version }, events: [] }; }

  protected seatEvent(color: Color): NewEvent {
    return { kind: 'seat', color, status: this.absence.of(color), takeoverInMs: this.takeoverInMs(color) };
  }

  // Before both first moves nobody stands in and nothing adjourns: the first-move allowance decides, and
  // an absent player's game is aborted when it is gone (RULES.md §7, §8), ranked games included.
  protected dues() {
    if (this.clock?.opening) return [];
    const reserve = this.reserveMs();
    return COLORS.map((c) => this.absence.due(c, this.game.turn, this.clock?.deadline() ?? null, reserve)).filter((d) => d !== null);
  }

  // On a timed turn or a running clock the CPU stands in with a third of the time the seat had when its
  // turn started (main time and every period) still left: enough for it to think and move, so an away
  // person never loses on time (RULES.md §8).
  protected reserveMs(): number {
    return this.clock ? Math.round(this.clock.allowanceMs(this.game.turn) / 3) : 0;
  }

  protected remainingMs(t: number): number | null {
    return this.clock && this.clock.remainingMs(this.game.turn, t);
  }

  // while adjourned by agreement, the clocks as the sealed move left them: its thinking time is charged
  protected clockView() {
    const sealed = this.adjournment.sealed?.clock;
    return this.clock && this.clock.view(Date.now(), sealed ?? undefined);
  }

  protected takeoverInMs(color: Color): number | null {
    if (this.state !== 'active' || this.clock?.opening) return null;
    const d = this.absence.due(color, this.game.turn, this.clock?.deadline() ?? null, this.reserveMs());
    return d ? Math.max(0, Math.round(d.at - now())) : null;
  }
}
