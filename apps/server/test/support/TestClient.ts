import { Game } from '@chu/rules';
import {
  CLIENT_EVENT, SERVER_EVENT, type ClientMessage, type GameView, type RoomView, type ServerMessage,
} from '@chu/protocol';
import { io, type Socket } from 'socket.io-client';

type Pred = (m: ServerMessage) => boolean;
interface Waiter { pred: Pred; resolve: (m: ServerMessage) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }

let ackSeq = 0;

// A real Socket.IO client holding one device, with a mailbox of everything the server sent.
export class TestClient {
  readonly inbox: ServerMessage[] = [];
  private readonly unread: ServerMessage[] = [];
  private readonly waiters: Waiter[] = [];
  game: GameView | null = null;
  room: RoomView | null = null;
  socket!: Socket;

  private constructor(readonly url: string, readonly token: string, readonly deviceId: string) {}

  static async device(url: string, name: string): Promise<{ token: string; deviceId: string }> {
    const res = await fetch(`${url}/api/device`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }),
    });
    if (!res.ok) throw new Error(`device: ${res.status}`);
    const body = (await res.json()) as { token: string; device: { id: string } };
    return { token: body.token, deviceId: body.device.id };
  }

  static async connect(url: string, who: string | { token: string; deviceId: string }): Promise<TestClient> {
    const d = typeof who === 'string' ? await TestClient.device(url, who) : who;
    const c = new TestClient(url, d.token, d.deviceId);
    await c.open();
    return c;
  }

  async open(): Promise<void> {
    this.socket = io(this.url, { auth: { token: this.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.on(SERVER_EVENT, (m: ServerMessage) => this.receive(m));
    await Promise.race([
      this.next((m) => m.type === 'welcome'),
      new Promise((_, reject) => this.socket.once('connect_error', (e) => reject(e))),
    ]);
  }

  send(m: ClientMessage): void { this.socket.emit(CLIENT_EVENT, m); }
  sendRaw(event: string, payload: unknown): void { this.socket.emit(event, payload); }
  close(): void { this.socket.disconnect(); }

  // The first unread message matching pred (waiting for it if needed); it is then marked read.
  next(pred: Pred, ms = 8000): Promise<ServerMessage> {
    const i = this.unread.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.unread.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const w: Waiter = {
        pred, resolve, reject,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          reject(new Error(`timed out waiting; unread: ${JSON.stringify(this.unread.map((m) => m.type === 'error' ? m : m.type))}`));
        }, ms),
      };
      this.waiters.push(w);
    });
  }

  nextOf<T extends ServerMessage['type']>(type: T, pred: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true, ms?: number) {
    return this.next((m) => m.type === type && pred(m as Extract<ServerMessage, { type: T }>), ms) as Promise<Extract<ServerMessage, { type: T }>>;
  }

  error(code?: string) { return this.nextOf('error', (m) => code === undefined || m.code === code); }

  async createRoom(options: Extract<ClientMessage, { type: 'room.create' }>['options'] = {}): Promise<RoomView> {
    this.send({ type: 'room.create', options });
    return (await this.nextOf('room')).room;
  }

  async join(code: string, game?: { id: string; version: number }, ms?: number): Promise<RoomView> {
    this.send({ type: 'room.join', code, ...(game ? { game } : {}) });
    return (await this.nextOf('room', (m) => m.room.code === code, ms)).room;
  }

  // Plays a move and resolves with the ack (or the error that refused it).
  async move(usi: string, opts: { version?: number; ack?: string; waitMs?: number } = {}): Promise<ServerMessage> {
    const g = this.game!;
    const ack = opts.ack ?? `a${++ackSeq}`;
    this.send({ type: 'move', gameId: g.id, usi, version: opts.version ?? g.version, ack });
    return this.next((m) => (m.type === 'ack' || m.type === 'error') && m.ack === ack, opts.waitMs);
  }

  /** Sends a command with an ack id and resolves with its answer: the ack, or the error that carries it. */
  command(m: ClientMessage, ack: string): Promise<ServerMessage> {
    this.send({ ...m, ack } as ClientMessage);
    return this.next((r) => (r.type === 'ack' || r.type === 'error') && r.ack === ack);
  }

  // Waits until this client's view of the game has reached `version`.
  async reach(version: number, ms = 8000): Promise<GameView> {
    const deadline = Date.now() + ms;
    while (!this.game || this.game.version < version) {
      if (Date.now() > deadline) throw new Error(`stuck at version ${this.game?.version} waiting for ${version}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.game;
  }

  /** Waits until `cond` holds of what this client has seen. */
  async until(cond: () => boolean, ms = 8000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  silentFor(pred: Pred): boolean { return !this.unread.some(pred); }

  private receive(m: ServerMessage): void {
    this.inbox.push(m);
    if (m.type === 'room') this.room = m.room;
    if (m.type === 'game') this.game = structuredClone(m.game);
    if (m.type === 'event' && this.game && m.event.gameId === this.game.id && m.event.version === this.game.version + 1) {
      const e = m.event;
      this.game.version = e.version;
      if (e.kind === 'move') {
        this.game.moves.push(e.usi);
        this.game.ply = e.ply + 1;
        this.game.turn = e.color === 'black' ? 'white' : 'black';
        this.game.drawOfferBy = null;
        this.game.adjournment.offerBy = null;
        this.game.clock = e.clock;
        this.game.turnRemainingMs = e.turnRemainingMs;
      }
      if (e.kind === 'time-given') this.game.clock = e.clock;
      if (e.kind === 'draw-offer') this.game.drawOfferBy = e.by;
      if (e.kind === 'draw-decline') this.game.drawOfferBy = null;
      if (e.kind === 'end') { this.game.status = 'finished'; this.game.outcome = e.outcome; }
      if (e.kind === 'adjourn') {
        this.game.status = 'adjourned';
        this.game.adjourned = e.why;
        this.game.clock = e.clock;
        if (e.why === 'agreement') this.game.adjournment.sealed = true;
      }
      if (e.kind === 'adjourn-offer') this.game.adjournment.offerBy = e.by;
      if (e.kind === 'adjourn-decline') this.game.adjournment.offerBy = null;
      if (e.kind === 'adjourn-accept') this.game.adjournment = { offerBy: null, sealer: e.sealer, sealed: false, resumeOfferBy: null };
      if (e.kind === 'resume-offer') this.game.adjournment.resumeOfferBy = e.by;
      if (e.kind === 'resume-decline') this.game.adjournment.resumeOfferBy = null;
      if (e.kind === 'takeback-offer') this.game.takebackOfferBy = e.by;
      if (e.kind === 'takeback-decline') this.game.takebackOfferBy = null;
      if (e.kind === 'takeback') {
        this.game.moves.splice(e.ply);
        this.game.ply = e.ply;
        if (e.plies % 2 === 1) this.game.turn = this.game.turn === 'black' ? 'white' : 'black';
        this.game.takebackOfferBy = null;
        this.game.clock = e.clock;
      }
      if (e.kind === 'resume') {
        this.game.status = 'active';
        this.game.adjourned = null;
        this.game.turnRemainingMs = e.turnRemainingMs;
        this.game.clock = e.clock;
        if (this.game.adjournment.sealed) this.game.adjournment = { offerBy: null, sealer: null, sealed: false, resumeOfferBy: null };
      }
      if (e.kind === 'seat') {
        // the room view and the game view apply the same event
        for (const view of [this.game.seats[e.color], this.room?.seats[e.color]]) {
          if (view) Object.assign(view, { status: e.status, takeoverInMs: e.takeoverInMs, controller: e.status === 'cpu' ? 'cpu' : 'human' });
        }
      }
    }
    const w = this.waiters.find((x) => x.pred(m));
    if (w) {
      clearTimeout(w.timer);
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(m);
    } else {
      this.unread.push(m);
    }
  }
}

// Host creates a room, guest joins; both sit, the host starts. Returns when both see the game.
// `who`: the devices to play from (an account's, say); new guests Ana and Ben by default.
export type Who = string | { token: string; deviceId: string };
export async function seatedPair(
  url: string, options: Extract<ClientMessage, { type: 'room.create' }>['options'] = {}, who: { host?: Who; guest?: Who } = {},
) {
  const host = await TestClient.connect(url, who.host ?? 'Ana');
  const guest = await TestClient.connect(url, who.guest ?? 'Ben');
  const room = await host.createRoom(options);
  await guest.join(room.code);
  host.send({ type: 'room.sit', code: room.code, color: 'black' });
  await host.nextOf('room', (m) => m.room.seats.black.kind === 'human');
  guest.send({ type: 'room.sit', code: room.code, color: 'white' });
  await host.nextOf('room', (m) => m.room.seats.white.kind === 'human');
  host.send({ type: 'room.start', code: room.code });
  await host.nextOf('game', (m) => m.reason === 'start');
  await guest.nextOf('game', (m) => m.reason === 'start');
  return { host, guest, code: room.code, gameId: host.game!.id };
}

/** A person seated as Black facing a CPU seat as White; the game started. */
export async function againstCpu(url: string, options: Extract<ClientMessage, { type: 'room.create' }>['options'] = {}, level = 8) {
  const person = await TestClient.connect(url, 'Solo');
  const room = await person.createRoom(options);
  person.send({ type: 'room.sit', code: room.code, color: 'black' });
  await person.nextOf('room', (m) => m.room.seats.black.kind === 'human');
  person.send({ type: 'room.cpu', code: room.code, color: 'white', level });
  await person.nextOf('room', (m) => m.room.seats.white.kind === 'cpu');
  person.send({ type: 'room.start', code: room.code });
  const { game } = await person.nextOf('game', (m) => m.reason === 'start');
  return { person, code: room.code, gameId: game.id };
}

/**
 * Black and White make their first moves at once (7j5h, 11d11e): on a real-time control no clock runs and
 * nobody stands in before both have (RULES.md §7, first-moves.test.ts).
 */
export async function firstMoves(black: TestClient, white: TestClient): Promise<void> {
  const acked = (m: ServerMessage): number => {
    if (m.type !== 'ack') throw new Error(`a first move was refused: ${JSON.stringify(m)}`);
    return m.version;
  };
  await white.reach(acked(await black.move('7j5h')));
  await black.reach(acked(await white.move('11d11e')));
  // both moves' events are read: what a test waits for next is what comes after them
  const gameId = black.game!.id;
  for (const c of [black, white]) {
    for (const ply of [0, 1]) await c.nextOf('event', (m) => m.event.kind === 'move' && m.event.gameId === gameId && m.event.ply === ply);
  }
}

/** The rules' first legal move after `moves`: a move that is sure to be accepted. */
export const firstLegal = (moves: string[]): string => {
  const g = Game.replay(moves);
  if (!g.ok) throw new Error(`moves do not replay: ${moves.join(' ')}`);
  return g.value.legalMoves()[0];
};

// A short game to a royal capture: the black lion walks to the white king while white shuffles edge pawns.
// Found with packages/rules (greedy lion walk); 9 plies, ends "black wins by royal capture".
export const LION_RUSH = ['7j5h', '11d11e', '5h3f', '11e11f', '3f3d', '12d12e', '3d4c5b', '12e12f', '5b5a6a'];
