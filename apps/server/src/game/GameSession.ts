import { Game, type Outcome as RulesOutcome } from '@chu/rules';
import {
  COLORS, GIVEN_TIME_SECONDS, opposite, rulesOptions, seatOf, setupOfRoom, type Color, type ErrorCode, type GameEvent, type GameStatus, type GameView, type Outcome,
  type RatingChanges, type RoomOptions, type SeatRating, type Seats, type SeatView, type SetupView,
} from '@chu/protocol';
import type { Logger } from 'pino';
import type { Store } from '../db/Store.ts';
import { recordResult } from '../ranked/RatingBook.ts';
import { Absence } from './Absence.ts';
import { EventHistory } from './EventHistory.ts';
import type { StoredClock } from '../db/MoveWriter.ts';
import type { TurnClock } from '../cpu/CpuDesk.ts';
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
}

/** A CPU move to compute: the side, its level, the position, and the time it must be back by. */
export interface CpuTurn {
  color: Color;
  level: number;
  ply: number;
  game: Game;
  clock: TurnClock | null; // the seat's clock; null = untimed, or correspondence (days: the CPU answers as untimed)
}

/** The move an ack id was used for, in one game ("deviceId:ack" → it): a retry of it is acknowledged again, not played. */
export interface AckedMove { ply: number; usi: string; version: number }

export const TAKEOVER_LEVEL = 4; // how the CPU plays while standing in for an absent person


const refuse = (code: ErrorCode, message: string, extra: Partial<Refusal> = {}): Refusal => ({ ok: false, code, message, ...extra });
const refused = (r: Refusal): Step => ({ reply: r, events: [] });
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
    if (this.state === 'adjourned') return refused(refuse('adjourned', 'The game is adjourned until a player returns.'));
    if (this.game.turn !== color) return refused(refuse('not-your-turn', 'It is not your turn.'));
    if (this.absence.controller(color) === 'cpu') return refused(refuse('not-your-turn', 'The CPU is playing this seat.'));
    if (this.clock?.expired(now())) {
      const step = await this.tick(); // the server's clock decides, even if the timer has not fired yet
      return { ...step, reply: refuse('game-over', 'Your time for this move ran out.') };
    }
    const legal = this.game.check(usi);
    if (!legal.ok) return refused(refuse('illegal', `Illegal move ${usi}: ${legal.error}.`, { reason: legal.error }));
    if (version < this.positionVersion || version > this.version) {
      return refused(refuse('stale-version', `Your game is at version ${version}, the server at ${this.version}; resyncing.`, { resync: true }));
    }
    return this.commit(legal.value, { byCpu: false, deviceId, ack, lagMs });
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
    if (this.state === 'adjourned') {
      this.state = 'active';
      const t = now();
      this.clock?.startTurn(this.game.turn, t, Date.now()); // the stored time: nobody could play while it was adjourned
      events.push({ kind: 'resume', turnRemainingMs: this.remainingMs(t), clock: this.clockView() });
    }
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
      this.deps.log.info({ game: this.id }, 'nobody seated is present: game adjourned');
      return this.record([...events, { kind: 'adjourn' }], 'adjourned');
    }
    if (this.clock?.expired(t)) {
      const side = this.game.turn;
      const stored = events.length ? await this.record(events) : this.nothing();
      // The CPU never forfeits on time: if its search is late, the rules' first legal move is played.
      const late = this.absence.controller(side) === 'cpu' ? this.game.legalMoves()[0] : undefined;
      const ended = late ? await this.commit(late, { byCpu: true, deviceId: null, ack: null, lagMs: 0 }) : await this.end((g) => g.timeout(side));
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
      color, level: seat.kind === 'cpu' ? seat.level : TAKEOVER_LEVEL, ply: this.game.ply, game: this.game.clone(),
      clock: this.clock && !this.clock.correspondence ? this.clock.turnClock() : null,
    };
  }

  /** The CPU's answer for `turn`; dropped if the game moved on meanwhile (a return, an end, an adjournment). */
  async cpuMove(turn: CpuTurn, usi: string): Promise<Step> {
    if (this.state !== 'active' || this.game.ply !== turn.ply || this.absence.controller(turn.color) !== 'cpu') return this.nothing();
    return this.commit(usi, { byCpu: true, deviceId: null, ack: null, lagMs: 0 });
  }

  // ---- storing ---------------------------------------------------------------------------------

  private async commit(usi: string, by: { byCpu: boolean; deviceId: string | null; ack: string | null; lagMs: number }): Promise<Step> {
    const color = this.game.turn;
    const before = [...this.game.moves];
    const t = now();
    const wall = Date.now();
    // The clock is read when the server stores the move; a move past its time (and its grace) loses on time.
    const measured = this.clock?.measure(t, by.lagMs) ?? null;
    if (measured === 'flag' && !by.byCpu) {
      const ended = await this.end((g) => g.timeout(color));
      return { ...ended, reply: refuse('game-over', 'Your time ran out before the move arrived.') };
    }
    const clockAfter = measured === null ? null : measured === 'flag' ? this.clock!.late() : measured.next;
    const timeMs = measured === null || measured === 'flag' ? this.clock?.elapsedMs(t) ?? 0 : measured.elapsedMs;
    const creditMs = measured === null || measured === 'flag' ? 0 : measured.creditMs;
    // Game.clone() replays the whole game, so play in place and rebuild only if the write fails.
    const played = this.game.play(usi);
    if (!played.ok) return refused(refuse('illegal', `Illegal move ${usi}: ${played.error}.`, { reason: played.error }));
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
    let ratings: RatingChanges | null = null;
    try {
      if (outcome) ratings = await recordResult(this.deps.store, { gameId: this.id, version: finalVersion, outcome, finalMove: move, fence: this.fence });
      else await this.deps.store.appendMove(move);
    } catch (err) {
      this.game = restoreGame(this.game.startSfen, before, this.options);
      throw err;
    }
    // Committed: from here on the move exists.
    this.version = finalVersion;
    this.positionVersion = moveVersion;
    this.drawOfferBy = null;
    this.takebackOfferBy = null;
    if (by.deviceId && by.ack) this.acks.set(`${by.deviceId}:${by.ack}`, { ply: played.value.ply, usi: played.value.usi, version: moveVersion });
    if (clockAfter) this.clock?.push(clockAfter);
    if (outcome) this.clock?.stop();
    else this.clock?.startTurn(this.game.turn, t, wall);
    const events: GameEvent[] = [this.remember({
      kind: 'move', gameId: this.id, version: moveVersion, usi: played.value.usi, ply: played.value.ply, color,
      byCpu: by.byCpu, notation: played.value.notation, turn: this.game.turn, turnRemainingMs: outcome ? null : this.remainingMs(t),
      clock: this.clockView(), lagCreditMs: creditMs,
    })];
    if (outcome) events.push(this.finished(outcome, finalVersion, ratings));
    return { reply: { ok: true, version: moveVersion }, events };
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
    this.clock?.stop();
    return this.remember({ kind: 'end', gameId: this.id, version, outcome, ratingChanges });
  }

  /** Events that are not moves: numbered, stored as the game's version (and status), then remembered. */
  private async record(events: NewEvent[], status?: 'active' | 'adjourned'): Promise<Step> {
    const numbered = events.map((e, i) => ({ ...e, gameId: this.id, version: this.version + 1 + i }) as GameEvent);
    const version = this.version + events.length;
    await this.deps.store.setVersion(this.id, version, status, this.fence);
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

  private clockView() {
    return this.clock && this.clock.view(Date.now());
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
