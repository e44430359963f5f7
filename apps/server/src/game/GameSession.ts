import { Game, type Outcome as RulesOutcome } from '@chu/rules';
import type { Color, ErrorCode, GameEvent, GameView, Outcome, RoomOptions, SeatView, ServerMessage } from '@chu/protocol';
import type { Logger } from 'pino';
import type { CpuPlayer } from '../cpu/CpuPlayer.ts';
import type { Store } from '../db/Store.ts';
import { opposite, seatOf, TAKEOVER_LEVEL, type Seats } from '../rooms/Seat.ts';
import type { SerialQueue } from './SerialQueue.ts';
import { TurnClock } from './TurnClock.ts';

export type Refusal = { ok: false; code: ErrorCode; message: string; reason?: string; resync?: boolean };
export type Done = { ok: true; version: number };
export type Reply = Done | Refusal;

export interface SessionContext {
  store: Store;
  cpu: CpuPlayer;
  log: Logger;
  queue: SerialQueue;            // the room's queue: every state change of this game runs on it
  msPerSecond: number;
  cpuDelayMs: number;
  emit(msg: ServerMessage): void; // to everyone in the room
  seatViews(): Record<Color, SeatView>;
  controlChanged(): void;        // a seat changed hands (person ↔ CPU): the room view must be re-sent
  ended(): void;
}

export interface SessionInit {
  id: string;
  roomCode: string;
  options: RoomOptions;
  seats: Seats;
  game: Game;
  version: number;
  acks?: Map<string, number>;
  rated?: boolean; // a ranked game: its result changes ratings
}

const HISTORY = 256; // events kept for catch-up; older gaps get a full resync

export const rulesOptions = (o: RoomOptions) => ({
  promotion: o.promotion, lionTrading: o.lionTrading, bareKing: o.bareKing, moveLimit: o.moveLimit,
});

const refuse = (code: ErrorCode, message: string, extra: Partial<Refusal> = {}): Refusal => ({ ok: false, code, message, ...extra });

// The authority over one game: checks, persists, acknowledges, broadcasts; keeps the clock and the CPU seats.
export class GameSession {
  readonly id: string;
  readonly roomCode: string;
  readonly options: RoomOptions;
  readonly seats: Seats;
  readonly rated: boolean;
  private game: Game;
  version: number;
  outcome: Outcome | null = null;
  drawOfferBy: Color | null = null;
  // Who plays each side now: a person's seat goes to the CPU after the grace period.
  readonly control: Record<Color, 'human' | 'cpu'>;
  private readonly returning: Record<Color, boolean> = { black: false, white: false };
  private readonly history: GameEvent[] = [];
  private readonly acks: Map<string, number>; // "deviceId:ack" → version acknowledged
  private readonly clock: TurnClock;
  private cpuTurn: AbortController | null = null;
  private stopped = false; // finished, replaced or server closing: no more timers or CPU turns

  constructor(private readonly ctx: SessionContext, init: SessionInit) {
    this.id = init.id;
    this.roomCode = init.roomCode;
    this.options = init.options;
    this.seats = init.seats;
    this.rated = init.rated ?? false;
    this.game = init.game;
    this.version = init.version;
    this.acks = init.acks ?? new Map();
    this.control = {
      black: init.seats.black.kind === 'cpu' ? 'cpu' : 'human',
      white: init.seats.white.kind === 'cpu' ? 'cpu' : 'human',
    };
    const limit = init.options.turnTime === null ? null : init.options.turnTime * ctx.msPerSecond;
    this.clock = new TurnClock(limit, () => void ctx.queue.run(() => this.expire()).catch((e) => this.fail(e)));
  }

  get active(): boolean { return this.outcome === null; }
  get turn(): Color { return this.game.turn; }
  get ply(): number { return this.game.ply; }
  colorOf(deviceId: string): Color | null { return seatOf(this.seats, deviceId); }

  // Starts (or, after a restart, resumes) the turn in progress.
  begin(): void {
    if (!this.active || this.stopped) return;
    this.clock.startTurn();
    this.scheduleCpu();
  }

  view(): GameView {
    return {
      id: this.id,
      roomCode: this.roomCode,
      options: this.options,
      startSfen: this.game.startSfen,
      moves: [...this.game.moves],
      version: this.version,
      ply: this.game.ply,
      turn: this.game.turn,
      status: this.active ? 'active' : 'finished',
      outcome: this.outcome,
      drawOfferBy: this.drawOfferBy,
      turnTime: this.options.turnTime,
      turnRemainingMs: this.active ? this.clock.remainingMs() : null,
      seats: this.ctx.seatViews(),
      rated: this.rated,
    };
  }

  // Events after `version`, or null when the history no longer reaches back that far.
  eventsSince(version: number): GameEvent[] | null {
    if (version > this.version) return null;
    if (version === this.version) return [];
    const first = this.history[0]?.version ?? this.version + 1;
    if (version + 1 < first) return null;
    return this.history.filter((e) => e.version > version);
  }

  // Checks in order: seated → (retry?) → to move → legal → version current. Runs on the room queue.
  async move(deviceId: string, usi: string, version: number, ack: string, reply: (r: Reply) => void): Promise<void> {
    if (!this.active) return reply(refuse('game-over', 'The game is over.'));
    const color = this.colorOf(deviceId);
    if (!color) return reply(refuse('not-seated', 'You do not hold a seat in this game.'));
    const seen = this.acks.get(`${deviceId}:${ack}`);
    if (seen !== undefined) return reply({ ok: true, version: seen }); // a retry: already applied once
    if (this.game.turn !== color) return reply(refuse('not-your-turn', 'It is not your turn.'));
    if (this.control[color] === 'cpu') {
      return reply(refuse('not-your-turn', 'The CPU is playing this turn for you; you take the seat back at your next turn.'));
    }
    if (this.clock.expired()) {
      await this.expire(); // the server's clock decides, even if the timer has not fired yet
      return reply(refuse('game-over', 'Your time for this move ran out.'));
    }
    const legal = this.game.check(usi);
    if (!legal.ok) return reply(refuse('illegal', `Illegal move ${usi}: ${legal.error}.`, { reason: legal.error }));
    if (version !== this.version) {
      return reply(refuse('stale-version', `Your game is at version ${version}, the server at ${this.version}; resyncing.`, { resync: true }));
    }
    await this.commit(legal.value, { byCpu: false, deviceId, ack }, reply);
  }

  async resign(deviceId: string): Promise<Reply> {
    const color = this.colorOf(deviceId);
    if (!this.active) return refuse('game-over', 'The game is over.');
    if (!color) return refuse('not-seated', 'You do not hold a seat in this game.');
    return this.end((g) => g.resign(color));
  }

  async abort(deviceId: string): Promise<Reply> {
    if (!this.active) return refuse('game-over', 'The game is over.');
    if (!this.colorOf(deviceId)) return refuse('not-seated', 'You do not hold a seat in this game.');
    if (this.game.ply >= 2) return refuse('cannot-abort', 'A game can only be aborted before both sides have moved.');
    return this.end((g) => g.abort());
  }

  async draw(deviceId: string, action: 'offer' | 'accept' | 'decline'): Promise<Reply> {
    if (!this.active) return refuse('game-over', 'The game is over.');
    const color = this.colorOf(deviceId);
    if (!color) return refuse('not-seated', 'You do not hold a seat in this game.');
    if (action === 'offer') {
      if (this.drawOfferBy === color) return { ok: true, version: this.version };
      if (this.drawOfferBy === opposite(color)) return this.draw(deviceId, 'accept');
      return this.record({ kind: 'draw-offer', by: color }, color);
    }
    if (this.drawOfferBy !== opposite(color)) return refuse('no-draw-offer', 'There is no draw offer to answer.');
    if (action === 'decline') return this.record({ kind: 'draw-decline', by: color }, null);
    return this.end((g) => g.agreeDraw());
  }

  // Grace period over: the CPU plays this side until its owner comes back.
  takeOver(color: Color): void {
    if (!this.active || this.stopped || this.seats[color].kind !== 'human' || this.control[color] === 'cpu') return;
    this.control[color] = 'cpu';
    this.returning[color] = false;
    this.ctx.log.info({ game: this.id, color }, 'cpu takes over an absent player');
    this.ctx.controlChanged();
    this.scheduleCpu();
  }

  // The owner is back: they get the seat at their next turn (now, if the CPU is not mid-turn for them).
  returned(color: Color): void {
    if (this.control[color] !== 'cpu' || this.seats[color].kind !== 'human') return;
    if (this.game.turn !== color) {
      this.control[color] = 'human';
      this.ctx.controlChanged();
    } else {
      this.returning[color] = true;
    }
  }

  stop(): void {
    this.stopped = true;
    this.clock.stop();
    this.cpuTurn?.abort();
    this.cpuTurn = null;
  }

  private async commit(
    usi: string,
    by: { byCpu: boolean; deviceId: string | null; ack: string | null },
    reply?: (r: Reply) => void,
  ): Promise<void> {
    const color = this.game.turn;
    const before = [...this.game.moves];
    const timeMs = this.clock.elapsedMs();
    // Game.clone() replays the whole game, so play in place and rebuild only if the write fails.
    const played = this.game.play(usi);
    if (!played.ok) { reply?.(refuse('illegal', `Illegal move ${usi}: ${played.error}.`, { reason: played.error })); return; }
    const outcome = this.game.outcome();
    const moveVersion = this.version + 1;
    const finalVersion = outcome ? moveVersion + 1 : moveVersion;
    try {
      await this.ctx.store.appendMove({
        gameId: this.id, ply: played.value.ply, usi: played.value.usi, timeMs, byCpu: by.byCpu,
        ackId: by.ack, deviceId: by.deviceId, version: finalVersion, outcome: outcome && toOutcome(outcome),
      });
    } catch (err) {
      this.game = restoreGame(this.game.startSfen, before, this.options);
      throw err;
    }
    // Committed: from here on the move exists.
    this.version = finalVersion;
    this.drawOfferBy = null;
    if (by.deviceId && by.ack) this.acks.set(`${by.deviceId}:${by.ack}`, moveVersion);
    reply?.({ ok: true, version: moveVersion });
    if (!outcome && !this.stopped) this.clock.startTurn();
    this.publish({
      kind: 'move', gameId: this.id, version: moveVersion, usi: played.value.usi, ply: played.value.ply, color,
      byCpu: by.byCpu, notation: played.value.notation, turnRemainingMs: outcome ? null : this.clock.remainingMs(),
    });
    if (outcome) {
      this.finished(toOutcome(outcome), finalVersion);
      return;
    }
    this.nextTurn();
  }

  private nextTurn(): void {
    const color = this.game.turn;
    if (this.returning[color]) {
      this.returning[color] = false;
      this.control[color] = 'human';
      this.ctx.controlChanged();
    }
    this.scheduleCpu();
  }

  private scheduleCpu(): void {
    if (!this.active || this.stopped) return;
    const color = this.game.turn;
    if (this.control[color] !== 'cpu') return;
    if (this.cpuTurn && !this.cpuTurn.signal.aborted) return;
    const seat = this.seats[color];
    const level = seat.kind === 'cpu' ? seat.level : TAKEOVER_LEVEL;
    const turn = new AbortController();
    this.cpuTurn = turn;
    const ply = this.game.ply;
    const snapshot = this.game.clone();
    const budget = this.clock.remainingMs();
    const think = async () => {
      await new Promise((r) => setTimeout(r, this.ctx.cpuDelayMs));
      if (turn.signal.aborted) return;
      const timeMs = Math.max(50, Math.min(2000, budget === null ? 2000 : budget / 4));
      const usi = await this.ctx.cpu.chooseMove(snapshot, { level, timeMs, signal: turn.signal });
      await this.ctx.queue.run(async () => {
        if (this.cpuTurn === turn) this.cpuTurn = null;
        if (turn.signal.aborted || this.stopped || !this.active || this.game.ply !== ply || this.control[color] !== 'cpu') return;
        await this.commit(usi, { byCpu: true, deviceId: null, ack: null });
      });
    };
    think().catch((e) => {
      if (this.cpuTurn === turn) this.cpuTurn = null;
      this.fail(e);
    });
  }

  private async expire(): Promise<void> {
    if (!this.active || !this.clock.expired()) return;
    const loser = this.game.turn;
    await this.end((g) => g.timeout(loser));
  }

  // The rules decided an outcome outside a move (resign, agreement, timeout, abort): persist, then tell.
  private async end(decide: (g: Game) => void): Promise<Reply> {
    decide(this.game);
    const o = this.game.outcome();
    if (!o) return refuse('internal', 'No outcome.');
    const outcome = toOutcome(o);
    const version = this.version + 1;
    try {
      await this.ctx.store.finishGame(this.id, version, outcome);
    } catch (err) {
      this.game = restoreGame(this.game.startSfen, [...this.game.moves], this.options);
      throw err;
    }
    this.version = version;
    this.finished(outcome, version);
    return { ok: true, version };
  }

  private finished(outcome: Outcome, version: number): void {
    this.outcome = outcome;
    this.drawOfferBy = null;
    this.stop();
    this.publish({ kind: 'end', gameId: this.id, version, outcome });
    this.ctx.ended();
  }

  private async record(
    e: { kind: 'draw-offer'; by: Color } | { kind: 'draw-decline'; by: Color },
    drawOfferBy: Color | null,
  ): Promise<Reply> {
    const version = this.version + 1;
    await this.ctx.store.setVersion(this.id, version);
    this.version = version;
    this.drawOfferBy = drawOfferBy;
    this.publish({ ...e, gameId: this.id, version });
    return { ok: true, version };
  }

  private publish(e: GameEvent): void {
    this.history.push(e);
    if (this.history.length > HISTORY) this.history.shift();
    this.ctx.emit({ type: 'event', event: e });
  }

  private fail(e: unknown): void {
    this.ctx.log.error({ err: e, game: this.id }, 'game session error');
  }
}

const toOutcome = (o: RulesOutcome): Outcome => ({ winner: o.winner, reason: o.reason as Outcome['reason'] });

export function restoreGame(startSfen: string, usis: string[], options: RoomOptions): Game {
  const r = Game.replay(usis, rulesOptions(options), startSfen);
  if (!r.ok) throw new Error(`stored game does not replay at ply ${r.error.ply}: ${r.error.reason}`);
  return r.value;
}
