import { Game } from '@chu/rules';
import {
  RoomOptionsSchema, type Color, type RoomOptions, type RoomOptionsPatch, type RoomView, type SeatView, type ServerMessage,
} from '@chu/protocol';
import type { Logger } from 'pino';
import type { CpuPlayer } from '../cpu/CpuPlayer.ts';
import type { RatedPlayers, RoomRecord, Store } from '../db/Store.ts';
import { GameSession, rulesOptions, type Refusal, type Reply } from '../game/GameSession.ts';
import { SerialQueue } from '../game/SerialQueue.ts';
import { newId } from '../identity/secrets.ts';
import { seatOf, type Seat, type Seats } from './Seat.ts';

export interface RoomContext {
  store: Store;
  cpu: CpuPlayer;
  log: Logger;
  msPerSecond: number;
  cpuDelayMs: number;
  emit(code: string, msg: ServerMessage): void;
  gameStarted(room: Room, session: GameSession, previous: GameSession | null): void;
  gameEnded(room: Room, session: GameSession): void;
}

interface Presence { name: string; sockets: Set<string> }

const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });
const COLORS = ['black', 'white'] as const;

// A table friends meet at: two seats, spectators, options, and the current (or last) game.
export class Room {
  readonly id: string;
  readonly code: string;
  hostDeviceId: string;
  options: RoomOptions;
  seats: Seats;
  gameNumber: number;
  session: GameSession | null = null;
  readonly queue = new SerialQueue();
  private readonly present = new Map<string, Presence>();
  private readonly grace = new Map<Color, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly ctx: RoomContext, rec: RoomRecord) {
    this.id = rec.id;
    this.code = rec.code;
    this.hostDeviceId = rec.hostDeviceId;
    this.options = rec.options;
    this.seats = rec.seats;
    this.gameNumber = rec.gameNumber;
  }

  get record(): RoomRecord {
    return { id: this.id, code: this.code, hostDeviceId: this.hostDeviceId, options: this.options, seats: this.seats, gameNumber: this.gameNumber };
  }

  get activeGame(): GameSession | null { return this.session?.active ? this.session : null; }
  // Nobody here and nothing running: the room can leave memory (it stays in the database).
  get idle(): boolean { return this.present.size === 0 && !this.activeGame && this.queue.size === 0; }
  isPresent(deviceId: string): boolean { return this.present.has(deviceId); }
  get presentCount(): number { return this.present.size; }

  view(): RoomView {
    return {
      code: this.code,
      invitePath: `/r/${this.code}`,
      hostDeviceId: this.hostDeviceId,
      options: this.options,
      seats: this.seatViews(),
      present: [...this.present].map(([deviceId, p]) => ({
        deviceId, name: p.name, role: this.seatedColor(deviceId) ? 'player' as const : 'spectator' as const,
      })),
      gameId: this.session?.id ?? null,
      gameNumber: this.gameNumber,
    };
  }

  seatViews(): Record<Color, SeatView> {
    const seats = this.activeGame?.seats ?? this.seats;
    const view = (color: Color): SeatView => {
      const s: Seat = seats[color];
      const control = this.activeGame?.control[color];
      if (s.kind === 'empty') return { color, kind: 'empty', deviceId: null, name: null, level: null, connected: false, controller: 'none' };
      if (s.kind === 'cpu') return { color, kind: 'cpu', deviceId: null, name: `CPU ${s.level}`, level: s.level, connected: true, controller: 'cpu' };
      return {
        color, kind: 'human', deviceId: s.deviceId, name: s.name, level: null,
        connected: this.present.has(s.deviceId), controller: control ?? 'human',
      };
    };
    return { black: view('black'), white: view('white') };
  }

  seatedColor(deviceId: string): Color | null {
    return seatOf(this.activeGame?.seats ?? this.seats, deviceId);
  }

  // A socket of this device entered the room. Its seat, if any, is held again.
  enter(device: { id: string; name: string }, socketId: string): void {
    const p = this.present.get(device.id) ?? { name: device.name, sockets: new Set<string>() };
    p.name = device.name;
    p.sockets.add(socketId);
    this.present.set(device.id, p);
    const color = this.seatedColor(device.id);
    if (color) {
      this.cancelGrace(color);
      this.activeGame?.returned(color);
    }
  }

  // Returns true when the device has no socket left here.
  exit(deviceId: string, socketId: string): boolean {
    const p = this.present.get(deviceId);
    if (!p) return false;
    p.sockets.delete(socketId);
    if (p.sockets.size > 0) return false;
    this.present.delete(deviceId);
    const color = this.seatedColor(deviceId);
    if (color && this.activeGame) this.startGrace(color);
    return true;
  }

  // After a restart nobody is connected: every person seated in the running game gets a grace period.
  startGraceForAbsent(): void {
    const game = this.activeGame;
    if (!game) return;
    for (const c of COLORS) {
      const s = game.seats[c];
      if (s.kind === 'human' && !this.present.has(s.deviceId)) this.startGrace(c);
    }
  }

  async sit(device: { id: string; name: string }, color?: Color): Promise<Reply> {
    if (this.activeGame) return refuse('game-running', 'Seats change between games.');
    const current = seatOf(this.seats, device.id);
    const target = color ?? (current ?? COLORS.find((c) => this.seats[c].kind === 'empty'));
    if (!target) return refuse('seat-taken', 'Both seats are taken.');
    if (current === target) return this.saved();
    if (this.seats[target].kind !== 'empty') return refuse('seat-taken', 'That seat is taken.');
    if (current) this.seats[current] = { kind: 'empty' };
    this.seats[target] = { kind: 'human', deviceId: device.id, name: device.name };
    return this.saved();
  }

  async stand(deviceId: string): Promise<Reply> {
    if (this.activeGame) return refuse('game-running', 'Seats change between games.');
    const current = seatOf(this.seats, deviceId);
    if (!current) return refuse('not-seated', 'You are not seated.');
    this.seats[current] = { kind: 'empty' };
    return this.saved();
  }

  async setCpu(deviceId: string, color: Color, level: number | null): Promise<Reply> {
    if (deviceId !== this.hostDeviceId) return refuse('not-host', 'Only the host can seat the CPU.');
    if (this.activeGame) return refuse('game-running', 'Seats change between games.');
    const s = this.seats[color];
    if (s.kind === 'human' && s.deviceId !== deviceId) return refuse('seat-taken', 'A person holds that seat.');
    this.seats[color] = level === null ? { kind: 'empty' } : { kind: 'cpu', level };
    return this.saved();
  }

  async setOptions(deviceId: string, patch: RoomOptionsPatch): Promise<Reply> {
    if (deviceId !== this.hostDeviceId) return refuse('not-host', 'Only the host changes the options.');
    if (this.activeGame) return refuse('game-running', 'Options change between games.');
    this.options = RoomOptionsSchema.parse({ ...this.options, ...patch });
    return this.saved();
  }

  /** `rated`: the accounts of a ranked game's seats (ratings change when it ends). */
  async start(deviceId: string, rated: RatedPlayers | null = null): Promise<Reply> {
    if (this.activeGame) return refuse('game-running', 'A game is already running.');
    if (deviceId !== this.hostDeviceId && !seatOf(this.seats, deviceId)) {
      return refuse('not-seated', 'Only the host or a seated player can start.');
    }
    if (this.seats.black.kind === 'empty' || this.seats.white.kind === 'empty') {
      return refuse('seats-not-filled', 'Both seats must be filled.');
    }
    if (this.seats.black.kind === 'cpu' && this.seats.white.kind === 'cpu') {
      return refuse('seats-not-filled', 'At least one seat needs a person.');
    }
    const game = Game.start(rulesOptions(this.options));
    const number = this.gameNumber + 1;
    const id = newId();
    const seats: Seats = structuredClone(this.seats);
    await this.ctx.store.createGame(
      { id, roomId: this.id, number, options: this.options, startSfen: game.startSfen, seats },
      { ...this.record, gameNumber: number },
      rated,
    );
    this.gameNumber = number;
    this.attach(new GameSession(this.sessionContext(), {
      id, roomCode: this.code, options: this.options, seats, game, version: 0, rated: rated !== null,
    }));
    for (const c of COLORS) {
      const s = seats[c];
      if (s.kind === 'human' && !this.present.has(s.deviceId)) this.startGrace(c);
    }
    return { ok: true, version: 0 };
  }

  async rematch(deviceId: string): Promise<Reply> {
    if (this.activeGame) return refuse('game-running', 'A game is already running.');
    if (!this.session && this.gameNumber === 0) return refuse('no-game', 'There was no game to rematch.');
    if (!seatOf(this.seats, deviceId) && deviceId !== this.hostDeviceId) {
      return refuse('not-seated', 'Only the host or a seated player can ask for a rematch.');
    }
    const seats = this.seats;
    if (this.options.alternateFirst) this.seats = { black: seats.white, white: seats.black };
    const r = await this.start(deviceId);
    if (!r.ok) this.seats = seats;
    return r;
  }

  attach(session: GameSession): void {
    const previous = this.session;
    previous?.stop();
    this.session = session;
    this.ctx.gameStarted(this, session, previous);
    session.begin();
  }

  sessionContext() {
    return {
      store: this.ctx.store,
      cpu: this.ctx.cpu,
      log: this.ctx.log,
      queue: this.queue,
      msPerSecond: this.ctx.msPerSecond,
      cpuDelayMs: this.ctx.cpuDelayMs,
      emit: (msg: ServerMessage) => this.ctx.emit(this.code, msg),
      seatViews: () => this.seatViews(),
      controlChanged: () => this.broadcast(),
      ended: () => {
        this.clearGrace();
        if (this.session) this.ctx.gameEnded(this, this.session);
        this.broadcast();
      },
    };
  }

  broadcast(): void {
    this.ctx.emit(this.code, { type: 'room', room: this.view() });
  }

  close(): void {
    this.closed = true;
    this.clearGrace();
    this.session?.stop();
  }

  private async saved(): Promise<Reply> {
    await this.ctx.store.saveRoom(this.record);
    return { ok: true, version: this.session?.version ?? 0 };
  }

  private startGrace(color: Color): void {
    this.cancelGrace(color);
    if (this.closed) return;
    const game = this.activeGame;
    if (!game) return;
    const ms = game.options.graceSeconds * this.ctx.msPerSecond;
    const timer = setTimeout(() => {
      this.grace.delete(color);
      void this.queue.run(() => { if (this.activeGame === game) game.takeOver(color); });
    }, ms);
    this.grace.set(color, timer);
  }

  private cancelGrace(color: Color): void {
    const t = this.grace.get(color);
    if (t) clearTimeout(t);
    this.grace.delete(color);
  }

  private clearGrace(): void {
    for (const c of COLORS) this.cancelGrace(c);
  }
}
