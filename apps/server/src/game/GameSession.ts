import { Game, type IllegalReason, type Outcome as RulesOutcome } from '@chu/rules';
import {
  ADJOURN_FROM_PLY, adjournable, COLORS, GIVEN_TIME_SECONDS, opposite, rulesOptions, seatOf, setupOfRoom, type AdjournReason, type Color, type ErrorCode, type GameEvent, type GameStatus, type GameView, type Outcome,
  type RatingChanges, type RoomOptions, type SeatRating, type Seats, type SeatView, type SetupView,
} from '@chu/protocol';
import type { ClockState } from '@chu/rules';
import type { Logger } from 'pino';
import type { Store } from '../db/Store.ts';
import { recordResult } from '../ranked/RatingBook.ts';
import { Absence } from './Absence.ts';
import { EventHistory } from './EventHistory.ts';
import type { MoveRecord, StoredClock } from '../db/MoveWriter.ts';
import type { SealedRecord } from '../db/Store.ts';
import type { TurnClock } from '../cpu/CpuDesk.ts';
import { Adjournment, type SealedMove } from './Adjournment.ts';
import { GameClock, toStored } from './GameClock.ts';

export type Refusal = { ok: false; code: ErrorCode; message: string; reason?: string; resync?: boolean };
export type Done = { ok: true; version: number };
export type Reply = Done | Refusal;

/** What a command did: the answer for whoever sent it, and the events everyone else is told (once stored). */
export interface Step {
  reply: Reply;
  events: GameEvent[];
}

export interface SessionDeps {
  store: Store;
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

/** Who played a move, as stored with it; `lagMs` is the transport lag measured on the mover's connection. */
interface Mover { byCpu: boolean; deviceId: string | null; ack: string | null; lagMs: number }
const CPU: Mover = { byCpu: true, deviceId: null, ack: null, lagMs: 0 };

/** A CPU move to compute: the side, its level, the position, and the time it must be back by. */
export interface CpuTurn {
  color: Color;
  level: number;
  ply: number;
  positionVersion: number; // the version the position was reached at: a takeback and a new move make another
  standIn: boolean;        // the CPU plays for an absent person, not in a CPU seat
  game: Game;
  clock: TurnClock | null; // the seat's clock; null = untimed, or correspondence (days: the CPU answers as untimed)
}

/** The move an ack id was used for, in one game ("deviceId:ack" → it): a retry of it is acknowledged again, not played. */
export interface AckedMove { ply: number; usi: string; version: number }

export const TAKEOVER_LEVEL = 4; // how the CPU plays while standing in for an absent person


const refuse = (code: ErrorCode, message: string, extra: Partial<Refusal> = {}): Refusal => ({ ok: false, code, message, ...extra });
const refused = (r: Refusal): Step => ({ reply: r, events: [] });
/** A drop's refusal says which rule (heisei-chu.md §3–4); the client words every reason in the player's language. */
const ILLEGAL_WORDS: Partial<Record<IllegalReason, string>> = {
  'not-in-reserve': 'that piece is not in your reserve (or your one drop is spent)',
  'drop-occupied': 'a piece may only be dropped on an empty square',
  'drop-not-adjacent': 'a piece may only be dropped next to one of your own pieces',
  'drop-dead-end': 'a piece may not be dropped where it could never move (a Lance on the last rank)',
};
const illegal = (usi: string, reason: IllegalReason): Refusal =>
  refuse('illegal', `Illegal move ${usi}: ${reason}${ILLEGAL_WORDS[reason] ? `: ${ILLEGAL_WORDS[reason]}` : ''}.`, { reason });
const now = () => performance.now();

/**
 * The authority over one game: checks a command, stores its effect, and returns what happened as a
 * `Step`. It owns the game, its version, the turn clock and the seats' absence state; it keeps no
 * timers and tells nobody: the room runs it on its queue and says when the next thing is due.
 */
export class GameSession {
  readonly id: string;
  readonly roomCode: string;
  readonly options: RoomOptions;
  readonly seats: Seats;
  readonly rated: boolean;
  private game: Game;
  version: number;
  // The version at which the current position arose: a move needs the client to have seen it, not
  // the seat and draw events since, which change nothing on the board.
  private positionVersion: number;
  private state: GameStatus;
  outcome: Outcome | null;
  drawOfferBy: Color | null = null;
  takebackOfferBy: Color | null = null;
  readonly seatRatings: Record<Color, SeatRating | null>;
  private ratingChanges: RatingChanges | null;
  private readonly absence: Absence;
  private readonly history = new EventHistory();
  private readonly acks: Map<string, AckedMove>;
  private readonly clock: GameClock | null; // null = untimed
  private readonly fence: number | null;
  private readonly adjournment: Adjournment; // by agreement (RULES.md §7); absence is `absence`'s (§8)

  constructor(private readonly deps: SessionDeps, init: SessionInit) {
    this.id = init.id;
    this.roomCode = init.roomCode;
    this.options = init.options;
    this.seats = init.seats;
    this.rated = init.rated ?? false;
    this.game = init.game;
    this.version = init.version;
    this.positionVersion = init.version;
    this.acks = init.acks ?? new Map();
    this.state = init.status ?? 'active';
    this.outcome = init.outcome ?? null;
    this.seatRatings = init.seatRatings ?? { black: null, white: null };
    this.ratingChanges = init.ratingChanges ?? null;
    this.fence = init.fence ?? null;
    this.clock = GameClock.of(init.options.timeControl, deps.msPerSecond, init.clocks);
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


  get status(): GameStatus { return this.state; }
  /** Not finished: seats and options of the room wait for it. */
  get live(): boolean { return this.state !== 'finished'; }
  get turn(): Color { return this.game.turn; }
  get ply(): number { return this.game.ply; }
  /** The named setup this game started from ('even', 'two-lions'), null for another position (handicaps.md §3). */
  get setup(): SetupView | null { return setupOfRoom({ variant: this.game.variant, startSfen: this.game.startSfen }); }
  colorOf(deviceId: string): Color | null { return seatOf(this.seats, deviceId); }

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
    const t = now();
    return {
      id: this.id,
      roomCode: this.roomCode,
      options: this.options,
      startSfen: this.game.startSfen,
      setup: this.setup,
      moves: [...this.game.moves],
      version: this.version,
      ply: this.game.ply,
      turn: this.game.turn,
      status: this.state,
      adjourned: this.adjournedWhy,
      adjournment: this.adjournment.view(),
      outcome: this.outcome,
      drawOfferBy: this.drawOfferBy,
      takebackOfferBy: this.takebackOfferBy,
      turnRemainingMs: this.live ? this.remainingMs(t) : null,
      clock: this.clockView(),
      seats,
      rated: this.rated,
      ratingChanges: this.ratingChanges,
    };
  }

  /** Why the game is adjourned, while it is: a sealed move (agreement, RULES.md §7) or nobody present (absence, §8). */
  get adjournedWhy(): AdjournReason | null {
    return this.state !== 'adjourned' ? null : this.adjournment.adjourned ? 'agreement' : 'absence';
  }

  eventsSince(version: number): GameEvent[] | null {
    return this.history.since(version, this.version);
  }

  // ---- commands from players -------------------------------------------------------------------

  // Checks in order: in play → seated → (retry?) → to move → clock → legal → version current.
  // lagMs: the transport lag measured on the sender's connection, credited back within the quota.
  async move(deviceId: string, usi: string, version: number, ack: string, lagMs = 0): Promise<Step> {
    if (this.state === 'finished') return refused(refuse('game-over', 'The game is over.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    const seen = this.acks.get(`${deviceId}:${ack}`);
    if (seen) {
      // a retry is acknowledged again, not played twice; the id on another move would be taken for that one
      if (this.sameMove(seen, usi)) return { reply: { ok: true, version: seen.version }, events: [] };
      return refused(refuse('ack-reused', `Ack id ${ack} was already used for the move ${seen.usi} of this game; nothing was played. Send ${usi} with a new ack id.`));
    }
    if (this.state === 'adjourned') return refused(this.adjournedRefusal());
    if (this.game.turn !== color) return refused(refuse('not-your-turn', 'It is not your turn.'));
    if (this.adjournment.sealing) return refused(refuse('must-seal', 'The adjournment is agreed: seal your move instead of playing it.'));
    const checked = await this.checkMove(color, usi, version);
    return 'step' in checked ? checked.step : this.commit(checked.usi, { byCpu: false, deviceId, ack, lagMs });
  }

  /**
   * What a person's move and a seal both go through once it is that person's turn: a CPU standing in,
   * the clock, the rules, the version. The move in its canonical form, or the step that refused it.
   */
  private async checkMove(color: Color, usi: string, version: number): Promise<{ usi: string } | { step: Step }> {
    if (this.absence.controller(color) === 'cpu') return { step: refused(refuse('not-your-turn', 'The CPU is playing this seat.')) };
    if (this.clock?.expired(now())) {
      const step = await this.tick(); // the server's clock decides, even if the timer has not fired yet
      return { step: { ...step, reply: refuse('game-over', 'Your time for this move ran out.') } };
    }
    const legal = this.game.check(usi);
    if (!legal.ok) return { step: refused(illegal(usi, legal.error)) };
    if (version < this.positionVersion || version > this.version) {
      return { step: refused(refuse('stale-version', `Your game is at version ${version}, the server at ${this.version}; resyncing.`, { resync: true })) };
    }
    return { usi: legal.value };
  }

  /**
   * Casual clock games, when the room allows it: GIVEN_TIME_SECONDS more on the opponent's main time.
   * Stored with the last move's clocks, so a restart keeps the gift.
   */
  async giveTime(deviceId: string): Promise<Step> {
    if (this.state !== 'active') return refused(refuse('game-over', 'The game is not in play.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    if (this.rated) return refused(refuse('no-give-time', 'Ranked games take no gifts of time.'));
    if (!this.options.giveTime) return refused(refuse('no-give-time', 'This room does not allow giving time.'));
    if (!this.clock || this.options.timeControl.kind !== 'clock') return refused(refuse('no-give-time', 'Time can be given only in games played on a clock.'));
    if (this.game.ply === 0) return refused(refuse('no-give-time', 'Time can be given once the first move is played.'));
    const other = opposite(color);
    const ms = GIVEN_TIME_SECONDS * this.deps.msPerSecond;
    const next = this.clock.given(other, ms);
    const version = this.version + 1;
    await this.deps.store.amendClock(this.id, this.game.ply - 1, toStored(next), version, this.fence);
    this.clock.amend(next);
    this.version = version;
    const t = now();
    const e = this.remember({ kind: 'time-given', gameId: this.id, version, by: color, ms, clock: this.clock.view(Date.now()) });
    return { reply: { ok: true, version }, events: [e] };
  }

  async resign(deviceId: string): Promise<Step> {
    const color = this.colorOf(deviceId);
    if (!this.live) return refused(refuse('game-over', 'The game is over.'));
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    return this.end((g) => g.resign(color));
  }

  async abort(deviceId: string): Promise<Step> {
    if (!this.live) return refused(refuse('game-over', 'The game is over.'));
    if (!this.colorOf(deviceId)) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    if (this.game.ply >= 2) return refused(refuse('cannot-abort', 'A game can only be aborted before both sides have moved.'));
    return this.end((g) => g.abort());
  }

  async draw(deviceId: string, action: 'offer' | 'accept' | 'decline'): Promise<Step> {
    if (this.state !== 'active') return refused(refuse('game-over', 'The game is not in play.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    if (action === 'offer') {
      if (this.drawOfferBy === color) return { reply: { ok: true, version: this.version }, events: [] };
      if (this.drawOfferBy === opposite(color)) return this.draw(deviceId, 'accept');
      this.drawOfferBy = color;
      return this.record([{ kind: 'draw-offer', by: color }]);
    }
    if (this.drawOfferBy !== opposite(color)) return refused(refuse('no-draw-offer', 'There is no draw offer to answer.'));
    if (action === 'decline') {
      this.drawOfferBy = null;
      return this.record([{ kind: 'draw-decline', by: color }]);
    }
    return this.end((g) => g.agreeDraw());
  }

  /**
   * Casual games: a player asks to take back their last move — two plies when the opponent has
   * replied since, so the asker is to move again. The other player accepts or declines, like a draw
   * offer; a CPU seat accepts at once when the room allows takebacks against it. Never in ranked games.
   */
  async takeback(deviceId: string, action: 'offer' | 'accept' | 'decline'): Promise<Step> {
    if (this.state !== 'active') return refused(refuse('game-over', 'The game is not in play.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    if (this.rated) return refused(refuse('no-takebacks', 'Ranked games have no takebacks.'));
    if (this.adjournment.sealing) return refused(refuse('must-seal', 'The adjournment is agreed: the sealed move comes first.'));
    if (!this.options.takebacks) return refused(refuse('no-takebacks', 'This room has takebacks turned off.'));
    const other = opposite(color);
    if (action === 'offer') {
      if (this.takebackPlies(color) === 0) return refused(refuse('no-takebacks', 'You have no move to take back.'));
      if (this.seats[other].kind === 'cpu') {
        if (!this.options.cpuTakebacks) return refused(refuse('no-takebacks', 'This room allows no takebacks against the CPU.'));
        return this.takeBack(color);
      }
      if (this.takebackOfferBy === other) return this.takeBack(other);
      if (this.takebackOfferBy === color) return this.nothing();
      this.takebackOfferBy = color;
      return this.record([{ kind: 'takeback-offer', by: color }]);
    }
    if (this.takebackOfferBy !== other) return refused(refuse('no-takeback-offer', 'There is no takeback request to answer.'));
    if (action === 'decline') {
      this.takebackOfferBy = null;
      return this.record([{ kind: 'takeback-decline', by: color }]);
    }
    return this.takeBack(other);
  }

  // ---- adjournment by agreement (RULES.md §7) -------------------------------------------------------

  /**
   * Clock games between two people, from ply ADJOURN_FROM_PLY on: a player offers to adjourn; the other
   * accepts or declines, like a draw offer (an offer lapses with the next move). On acceptance the side
   * to move is the sealer: its next move is sealed rather than played, and its clock runs until then.
   */
  async adjourn(deviceId: string, action: 'offer' | 'accept' | 'decline'): Promise<Step> {
    if (this.state === 'finished') return refused(refuse('game-over', 'The game is over.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    if (this.state === 'adjourned') return refused(this.adjournedRefusal());
    if (!this.clock || !adjournable(this.options.timeControl)) {
      return refused(refuse('cannot-adjourn', 'Only games on a clock adjourn by agreement (not untimed, per-move or correspondence games).'));
    }
    if (COLORS.some((c) => this.seats[c].kind !== 'human')) return refused(refuse('cannot-adjourn', 'Adjourning takes two people at the board.'));
    if (this.game.ply < ADJOURN_FROM_PLY) return refused(refuse('cannot-adjourn', `A game may adjourn from ply ${ADJOURN_FROM_PLY} on; it is at ply ${this.game.ply}.`));
    if (this.adjournment.sealer) return refused(refuse('must-seal', 'The adjournment is already agreed: the player to move seals a move.'));
    const other = opposite(color);
    const a = this.adjournment;
    if (action === 'offer') {
      if (a.offerBy === color) return this.nothing();
      if (a.offerBy !== other) {
        a.offerBy = color;
        return this.record([{ kind: 'adjourn-offer', by: color }]);
      }
    } else {
      if (a.offerBy !== other) return refused(refuse('no-adjourn-offer', 'There is no offer to adjourn to answer.'));
      if (action === 'decline') {
        a.offerBy = null;
        return this.record([{ kind: 'adjourn-decline', by: color }]);
      }
    }
    const sealer = this.game.turn;
    const step = await this.record([{ kind: 'adjourn-accept', by: color, sealer }], undefined,
      (version) => this.deps.store.setSealer(this.id, sealer, version, this.fence));
    a.agree(sealer);
    return step;
  }

  /**
   * The sealer's move, checked like any move (seat, turn, clock, rules, version) and stored apart from
   * the game: it is never told to anyone, its own player included, until the game resumes.
   */
  async seal(deviceId: string, usi: string, version: number, ack: string, lagMs = 0): Promise<Step> {
    if (this.state === 'finished') return refused(refuse('game-over', 'The game is over.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    const sealed = this.adjournment.sealed;
    if (sealed) {
      // a retry of the seal is acknowledged again; its move is not compared, so nothing about it is said
      if (sealed.deviceId === deviceId && sealed.ack === ack) return { reply: { ok: true, version: sealed.version }, events: [] };
      return refused(refuse('no-seal', 'The move is already sealed.'));
    }
    if (this.state === 'adjourned') return refused(this.adjournedRefusal());
    if (!this.adjournment.sealing) return refused(refuse('no-seal', 'No adjournment was agreed: there is no move to seal.'));
    if (this.adjournment.sealer !== color) return refused(refuse('not-your-turn', 'Only the player to move seals a move.'));
    const checked = await this.checkMove(color, usi, version);
    return 'step' in checked ? checked.step : this.sealMove(checked.usi, { byCpu: false, deviceId, ack, lagMs });
  }

  /** Seals a move (a person's was checked; a CPU's is checked here): its clock is read as a move's, it is stored, and the game adjourns with no clock running. */
  private async sealMove(usi: string, by: Mover): Promise<Step> {
    const color = this.game.turn;
    const legal = this.game.check(usi);
    if (!legal.ok) return refused(illegal(usi, legal.error));
    const t = now();
    const measured = this.measure(t, by);
    if (measured === 'flag') return this.flagged(color);
    const sealed: SealedMove = {
      ply: this.game.ply, usi: legal.value, timeMs: measured.timeMs, lagMs: measured.creditMs, clock: measured.clockAfter,
      byCpu: by.byCpu, deviceId: by.deviceId, ack: by.ack, version: this.version + 1,
    };
    const stored: SealedRecord = {
      ply: sealed.ply, usi: sealed.usi, timeMs: sealed.timeMs, lagMs: this.clock ? sealed.lagMs : null, clock: sealed.clock && toStored(sealed.clock),
      byCpu: sealed.byCpu, deviceId: sealed.deviceId, ackId: sealed.ack,
    };
    await this.deps.store.seal(this.id, stored, sealed.version, this.fence);
    this.version = sealed.version;
    this.state = 'adjourned';
    this.adjournment.sealed = sealed;
    this.clock?.stop();
    this.drawOfferBy = null;
    this.takebackOfferBy = null;
    this.deps.log.info({ game: this.id, ply: sealed.ply }, 'move sealed: game adjourned by agreement');
    const e = this.remember({ kind: 'adjourn', gameId: this.id, version: sealed.version, why: 'agreement', clock: this.clockView() });
    return { reply: { ok: true, version: sealed.version }, events: [e] };
  }

  /**
   * An adjourned-by-agreement game resumes when both players are present and agree: one offers, the
   * other accepts. The sealed move is played first (its event goes out then), and the clock runs for
   * the side that answers it.
   */
  async resume(deviceId: string, action: 'offer' | 'accept' | 'decline'): Promise<Step> {
    if (this.state === 'finished') return refused(refuse('game-over', 'The game is over.'));
    const color = this.colorOf(deviceId);
    if (!color) return refused(refuse('not-seated', 'You do not hold a seat in this game.'));
    if (this.adjournedWhy !== 'agreement') return refused(refuse('no-resume-offer', 'The game is not adjourned by agreement.'));
    const other = opposite(color);
    const a = this.adjournment;
    if (action === 'decline') {
      if (a.resumeOfferBy !== other) return refused(refuse('no-resume-offer', 'There is no offer to resume to answer.'));
      a.resumeOfferBy = null;
      return this.record([{ kind: 'resume-decline', by: color }]);
    }
    if (action === 'accept' && a.resumeOfferBy !== other) return refused(refuse('no-resume-offer', 'There is no offer to resume to answer.'));
    if (!this.absence.isHere(other)) return refused(refuse('opponent-away', 'Both players must be present to resume the game.'));
    if (a.resumeOfferBy === color) return this.nothing();
    if (a.resumeOfferBy !== other) {
      a.resumeOfferBy = color;
      return this.record([{ kind: 'resume-offer', by: color }]);
    }
    return this.playSealed();
  }

  /** Both agreed: the game is in play again and the sealed move is played, stored in one transaction. */
  private async playSealed(): Promise<Step> {
    const sealed = this.adjournment.sealed!;
    const color = this.game.turn;
    const before = [...this.game.moves];
    const played = this.game.play(sealed.usi);
    if (!played.ok) throw new Error(`the sealed move ${sealed.usi} no longer plays: ${played.error}`);
    const rulesOutcome = this.game.outcome();
    const outcome = rulesOutcome ? toOutcome(rulesOutcome) : null;
    const resumeVersion = this.version + 1;
    const moveVersion = resumeVersion + 1;
    const finalVersion = outcome ? moveVersion + 1 : moveVersion;
    const t = now();
    const wall = Date.now();
    const move: MoveRecord = {
      gameId: this.id, ply: played.value.ply, usi: played.value.usi, timeMs: sealed.timeMs, byCpu: sealed.byCpu,
      clock: sealed.clock && toStored(sealed.clock), lagMs: this.clock ? sealed.lagMs : null, at: new Date(wall),
      ackId: sealed.ack, deviceId: sealed.deviceId, version: finalVersion, fence: this.fence,
    };
    const ratings = await this.storeMove(move, outcome, before, (m) => this.deps.store.playSealed(m));
    // Committed: the game is in play, stopped clocks first, then the sealed move runs the other side's.
    const resumed = this.remember({ kind: 'resume', gameId: this.id, version: resumeVersion, turnRemainingMs: null, clock: this.clockView() });
    this.state = 'active';
    this.version = finalVersion;
    this.positionVersion = moveVersion;
    this.adjournment.clear();
    const by: Mover = { byCpu: sealed.byCpu, deviceId: sealed.deviceId, ack: sealed.ack, lagMs: sealed.lagMs };
    const events = this.played(played.value, color, by, {
      clockAfter: sealed.clock, creditMs: sealed.lagMs, t, wall, moveVersion, outcome, finalVersion, ratings,
    });
    return { reply: { ok: true, version: finalVersion }, events: [resumed, ...events] };
  }

  private adjournedRefusal(): Refusal {
    return this.adjournedWhy === 'agreement'
      ? refuse('adjourned', 'The game is adjourned by agreement; it resumes when both players agree.')
      : refuse('adjourned', 'The game is adjourned until a player returns.');
  }

  /**
   * Whether `usi` is the move an ack id was used for. The move was stored in its canonical form: a
   * retry written another way is read in the position it was played in, while that move still stands.
   */
  private sameMove(acked: AckedMove, usi: string): boolean {
    if (acked.usi === usi) return true;
    if (this.game.moves[acked.ply] !== acked.usi) return false;
    const then = restoreGame(this.game.startSfen, this.game.moves.slice(0, acked.ply), this.options).check(usi);
    return then.ok && then.value === acked.usi;
  }

  /** How many plies `asker`'s takeback undoes: their last move, and the reply to it if there was one. */
  private takebackPlies(asker: Color): number {
    const plies = this.game.turn === asker ? 2 : 1;
    return this.game.ply >= plies ? plies : 0;
  }

  private async takeBack(asker: Color): Promise<Step> {
    const plies = this.takebackPlies(asker);
    if (plies === 0) return refused(refuse('no-takebacks', 'There is no move to take back.'));
    const keep = this.game.moves.slice(0, this.game.ply - plies);
    const version = this.version + 1;
    await this.deps.store.takeBack(this.id, keep.length, version, this.fence);
    this.game = restoreGame(this.game.startSfen, keep, this.options);
    this.version = version;
    this.positionVersion = version;
    this.takebackOfferBy = null;
    this.drawOfferBy = null;
    this.adjournment.lapse();
    const t = now();
    this.clock?.truncate(keep.length);
    this.clock?.startTurn(this.game.turn, t, Date.now());
    const e = this.remember({
      kind: 'takeback', gameId: this.id, version, plies, ply: keep.length, turn: this.game.turn, turnRemainingMs: this.remainingMs(t), clock: this.clockView(),
    });
    return { reply: { ok: true, version }, events: [e] };
  }

  // ---- the seats' presence (RULES.md §8) -------------------------------------------------------

  /** A seated person's device is back: they play again at once; an adjourned game resumes. */
  async arrive(color: Color): Promise<Step> {
    if (!this.live || !this.absence.arrive(color)) return this.nothing();
    const events: NewEvent[] = [this.seatEvent(color)];
    // adjourned by agreement, it waits for both players to agree to resume (RULES.md §7)
    if (this.adjournedWhy !== 'absence') return this.record(events);
    this.state = 'active';
    const t = now();
    this.clock?.startTurn(this.game.turn, t, Date.now()); // the stored time: nobody could play while it was adjourned
    events.push({ kind: 'resume', turnRemainingMs: this.remainingMs(t), clock: this.clockView() });
    return this.record(events, 'active');
  }

  /** A seated person's last connection closed: away, with the grace period running. */
  async leave(color: Color): Promise<Step> {
    if (!this.live || !this.absence.leave(color, now())) return this.nothing();
    return this.record([this.seatEvent(color)]);
  }

  // ---- time ------------------------------------------------------------------------------------

  /** When the room should call `tick` next (performance.now() ms), or null: nothing is waiting on time. */
  nextWakeAt(): number | null {
    if (this.state !== 'active') return null;
    const times = this.dues().map((d) => d.at);
    const flag = this.clock?.flagAt() ?? null;
    if (flag !== null) times.push(flag);
    return times.length ? Math.min(...times) : null;
  }

  /** Whatever is due now: an away seat goes to the CPU, or the game adjourns; a turn runs out. */
  async tick(): Promise<Step> {
    if (this.state !== 'active') return this.nothing();
    const t = now();
    const events: NewEvent[] = [];
    let adjourn = false;
    for (const d of this.dues()) {
      if (d.at > t) continue;
      if (d.then === 'adjourn') { adjourn = true; break; }
      this.absence.takeOver(d.color);
      events.push(this.seatEvent(d.color));
    }
    if (adjourn) {
      this.state = 'adjourned';
      this.clock?.stop();
      this.drawOfferBy = null;
      this.adjournment.lapse();
      this.deps.log.info({ game: this.id }, 'nobody seated is present: game adjourned');
      return this.record([...events, { kind: 'adjourn', why: 'absence', clock: this.clockView() }], 'adjourned');
    }
    if (this.clock?.expired(t)) {
      const side = this.game.turn;
      const stored = events.length ? await this.record(events) : this.nothing();
      // The CPU never forfeits on time: if its search is late, the rules' first legal move is played.
      const late = this.absence.controller(side) === 'cpu' ? this.game.legalMoves()[0] : undefined;
      const ended = late ? await this.commit(late, CPU) : await this.end((g) => g.timeout(side));
      return { ...ended, events: [...stored.events, ...ended.events] };
    }
    return events.length ? this.record(events) : this.nothing();
  }

  // ---- the CPU ---------------------------------------------------------------------------------

  /** The CPU's move to think about now, if it is to move. */
  cpuTurn(): CpuTurn | null {
    if (this.state !== 'active') return null;
    const color = this.game.turn;
    if (this.absence.controller(color) !== 'cpu') return null;
    const seat = this.seats[color];
    return {
      color, level: seat.kind === 'cpu' ? seat.level : TAKEOVER_LEVEL, ply: this.game.ply, positionVersion: this.positionVersion,
      standIn: seat.kind !== 'cpu', game: this.game.clone(),
      clock: this.clock && !this.clock.correspondence ? this.clock.turnClock() : null,
    };
  }

  /**
   * The CPU's answer for `turn`; dropped if the game moved on meanwhile (a return, an end, an adjournment,
   * a takeback: the same ply reached again is another position version).
   */
  async cpuMove(turn: CpuTurn, usi: string): Promise<Step> {
    const samePosition = this.game.ply === turn.ply && this.positionVersion === turn.positionVersion;
    if (this.state !== 'active' || !samePosition || this.absence.controller(turn.color) !== 'cpu') return this.nothing();
    return this.commit(usi, CPU);
  }

  // ---- storing ---------------------------------------------------------------------------------

  /**
   * What a move played now costs: the clocks after it, the time it took and the lag credited back, or
   * 'flag' when a person's move came past its time (and its grace): the clock is read when the server
   * stores the move. The CPU standing in never forfeits: its late move is played.
   */
  private measure(t: number, by: Mover): { clockAfter: ClockState | null; timeMs: number; creditMs: number } | 'flag' {
    const measured = this.clock?.measure(t, by.lagMs) ?? null;
    if (measured === 'flag' && !by.byCpu) return 'flag';
    if (measured === null || measured === 'flag') {
      return { clockAfter: measured && this.clock!.late(), timeMs: this.clock?.elapsedMs(t) ?? 0, creditMs: 0 };
    }
    return { clockAfter: measured.next, timeMs: measured.elapsedMs, creditMs: measured.creditMs };
  }

  private async flagged(color: Color): Promise<Step> {
    const ended = await this.end((g) => g.timeout(color));
    return { ...ended, reply: refuse('game-over', 'Your time ran out before the move arrived.') };
  }

  private async commit(usi: string, by: Mover): Promise<Step> {
    // agreed to adjourn: the sealer's move, whoever plays it (the CPU standing in too), is sealed
    if (this.adjournment.sealing) return this.sealMove(usi, by);
    const color = this.game.turn;
    const before = [...this.game.moves];
    const t = now();
    const wall = Date.now();
    const measured = this.measure(t, by);
    if (measured === 'flag') return this.flagged(color);
    const { clockAfter, timeMs, creditMs } = measured;
    // Game.clone() replays the whole game, so play in place and rebuild only if the write fails.
    const played = this.game.play(usi);
    if (!played.ok) return refused(illegal(usi, played.error));
    const rulesOutcome = this.game.outcome();
    const outcome = rulesOutcome && toOutcome(rulesOutcome);
    const moveVersion = this.version + 1;
    const finalVersion = outcome ? moveVersion + 1 : moveVersion;
    const move = {
      gameId: this.id, ply: played.value.ply, usi: played.value.usi, timeMs, byCpu: by.byCpu,
      clock: clockAfter && toStored(clockAfter), lagMs: this.clock ? creditMs : null,
      at: new Date(wall),
      ackId: by.ack, deviceId: by.deviceId, version: finalVersion, fence: this.fence,
    };
    const ratings = await this.storeMove(move, outcome ?? null, before, (m) => this.deps.store.appendMove(m));
    // Committed: from here on the move exists.
    this.version = finalVersion;
    this.positionVersion = moveVersion;
    this.drawOfferBy = null;
    this.takebackOfferBy = null;
    this.adjournment.lapse();
    return { reply: { ok: true, version: moveVersion }, events: this.played(played.value, color, by, { clockAfter, creditMs, t, wall, moveVersion, outcome: outcome ?? null, finalVersion, ratings }) };
  }

  /**
   * Stores a move already played on `this.game`: with the result when it ended the game, else by `write`.
   * If the write fails the game goes back to its `before` moves, as if the move had never been played.
   */
  private async storeMove(move: MoveRecord, outcome: Outcome | null, before: string[], write: (m: MoveRecord) => Promise<void>): Promise<RatingChanges | null> {
    try {
      if (outcome) return await recordResult(this.deps.store, { gameId: this.id, version: move.version, outcome, finalMove: move, fence: this.fence });
      await write(move);
      return null;
    } catch (err) {
      this.game = restoreGame(this.game.startSfen, before, this.options);
      throw err;
    }
  }

  /** A stored move takes effect in memory: its ack id, the clocks, the next turn; and the events that tell it. */
  private played(
    move: { ply: number; usi: string; notation: string | null }, color: Color, by: Mover,
    m: { clockAfter: ClockState | null; creditMs: number; t: number; wall: number; moveVersion: number; outcome: Outcome | null; finalVersion: number; ratings: RatingChanges | null },
  ): GameEvent[] {
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
  private async end(decide: (g: Game) => void): Promise<Step> {
    decide(this.game);
    const o = this.game.outcome();
    if (!o) throw new Error('the rules gave no outcome');
    const outcome = toOutcome(o);
    const version = this.version + 1;
    let ratings: RatingChanges | null;
    try {
      ratings = await recordResult(this.deps.store, { gameId: this.id, version, outcome, fence: this.fence });
    } catch (err) {
      this.game = restoreGame(this.game.startSfen, [...this.game.moves], this.options);
      throw err;
    }
    this.version = version;
    return { reply: { ok: true, version }, events: [this.finished(outcome, version, ratings)] };
  }

  private finished(outcome: Outcome, version: number, ratingChanges: RatingChanges | null): GameEvent {
    this.outcome = outcome;
    this.ratingChanges = ratingChanges;
    this.state = 'finished';
    this.drawOfferBy = null;
    this.adjournment.clear();
    this.clock?.stop();
    return this.remember({ kind: 'end', gameId: this.id, version, outcome, ratingChanges });
  }

  /**
   * Events that are not moves: numbered, stored as the game's version (and status), then remembered.
   * `store`: another write that stores the version along with what it changed.
   */
  private async record(events: NewEvent[], status?: 'active' | 'adjourned', store?: (version: number) => Promise<void>): Promise<Step> {
    const numbered = events.map((e, i) => ({ ...e, gameId: this.id, version: this.version + 1 + i }) as GameEvent);
    const version = this.version + events.length;
    await (store ? store(version) : this.deps.store.setVersion(this.id, version, status, this.fence));
    this.version = version;
    return { reply: { ok: true, version }, events: numbered.map((e) => this.remember(e)) };
  }

  private remember(e: GameEvent): GameEvent {
    this.history.push(e);
    return e;
  }

  private nothing(): Step { return { reply: { ok: true, version: this.version }, events: [] }; }

  private seatEvent(color: Color): NewEvent {
    return { kind: 'seat', color, status: this.absence.of(color), takeoverInMs: this.takeoverInMs(color) };
  }

  private dues() {
    const reserve = this.reserveMs();
    return COLORS.map((c) => this.absence.due(c, this.game.turn, this.clock?.deadline() ?? null, reserve)).filter((d) => d !== null);
  }

  // On a timed turn or a running clock the CPU stands in with a third of the time the seat had when its
  // turn started (main time and every period) still left: enough for it to think and move, so an away
  // person never loses on time (RULES.md §8).
  private reserveMs(): number {
    return this.clock ? Math.round(this.clock.allowanceMs(this.game.turn) / 3) : 0;
  }

  private remainingMs(t: number): number | null {
    return this.clock && this.clock.remainingMs(this.game.turn, t);
  }

  // while adjourned by agreement, the clocks as the sealed move left them: its thinking time is charged
  private clockView() {
    const sealed = this.adjournment.sealed?.clock;
    return this.clock && this.clock.view(Date.now(), sealed ?? undefined);
  }

  private takeoverInMs(color: Color): number | null {
    if (this.state !== 'active') return null;
    const d = this.absence.due(color, this.game.turn, this.clock?.deadline() ?? null, this.reserveMs());
    return d ? Math.max(0, Math.round(d.at - now())) : null;
  }
}

type NewEvent = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'gameId' | 'version'> : never) : never;

const toOutcome = (o: RulesOutcome): Outcome => ({ winner: o.winner, reason: o.reason });

export function restoreGame(startSfen: string, usis: string[], options: RoomOptions): Game {
  const r = Game.replay(usis, rulesOptions(options), startSfen);
  if (!r.ok) throw new Error(`stored game does not replay at ply ${r.error.ply}: ${r.error.reason}`);
  return r.value;
}
