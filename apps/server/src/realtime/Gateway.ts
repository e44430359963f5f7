import {
  CLIENT_EVENT, ClientMessageSchema, DEFAULT_ROOM_OPTIONS, DEVICE_COOKIE, IdSchema, SERVER_EVENT,
  type ClientMessage, type ClientMessageOf, type ErrorCode, type ServerMessage,
} from '@chu/protocol';
import fastifyCookie from '@fastify/cookie';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { ServerConfig } from '../config.ts';
import type { Store } from '../db/Store.ts';
import type { GameSession, Reply, Step } from '../game/GameSession.ts';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import type { Matchmaker, Match } from '../ranked/Matchmaker.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { Room, RoomStep } from '../rooms/Room.ts';
import { roomChannel, type Fanout } from './Fanout.ts';
import { TokenBucket } from './TokenBucket.ts';

interface SocketState {
  device: DeviceIdentity;
  bucket: TokenBucket;
  rooms: Set<string>; // room codes this socket is present in
}

type Handler<T extends ClientMessage['type']> = (s: Socket, st: SocketState, m: ClientMessageOf<T>) => Promise<void>;

/** Who sent a command: a socket (on any process of the site) and its device. */
interface Caller { socketId: string; device: DeviceIdentity }
/** The commands that run on a room's owner. */
type RoomCommand = Exclude<ClientMessage, { type: 'room.create' | 'ranked.join' | 'ranked.leave' }>;
type GameCommand = Extract<ClientMessage, { type: 'move' | 'resign' | 'abort' | 'draw' | 'sync' }>;

const RELEASE_AFTER_MS = 5 * 60_000; // an empty room stays in memory this long
const FORWARD_EVENT = 'chu:command';
const FORWARD_TIMEOUT_MS = 5000;

// A command forwarded between processes; the owner parses it again.
const ForwardedSchema = z.object({
  to: z.string(),
  code: z.string(),
  caller: z.object({
    socketId: z.string().max(64),
    device: z.object({ id: IdSchema, name: z.string(), user: z.object({ id: IdSchema, username: z.string() }).nullable() }),
  }),
  message: ClientMessageSchema,
});
type Forwarded = z.infer<typeof ForwardedSchema>;

/**
 * The Socket.IO edge: authenticates the device, rate-limits, parses every message and runs it as a
 * command on its room's queue, on the process that owns the room (this one, or another one it is
 * forwarded to). In that same turn of the queue the owner acknowledges the sender, then tells the
 * room, so the order is always: stored → acknowledged → broadcast.
 */
export class Gateway {
  private pairing: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly gameRooms = new Map<string, string>(); // game id → room code, for games owned elsewhere

  constructor(
    private readonly io: Server,
    private readonly fanout: Fanout,
    private readonly identity: Identity,
    private readonly lobby: Lobby,
    private readonly matchmaker: Matchmaker,
    private readonly store: Store,
    private readonly self: string, // this process, as the room leases name it
    private readonly config: ServerConfig,
    private readonly log: Logger,
  ) {}

  attach(): void {
    this.io.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = typeof auth?.token === 'string'
        ? auth.token
        : fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[DEVICE_COOKIE];
      this.identity.authenticate(token).then((device) => {
        if (!device) return next(new Error('unauthenticated'));
        const st: SocketState = {
          device,
          bucket: new TokenBucket(this.config.rateLimit.capacity, this.config.rateLimit.spectatorRefillPerSecond),
          rooms: new Set(),
        };
        socket.data = st;
        next();
      }, (err) => next(err as Error));
    });
    this.io.on('connection', (socket) => this.connected(socket));
    // Commands other processes forward to the rooms this one owns.
    this.io.on(FORWARD_EVENT, (raw: unknown, answer: (ok: boolean) => void) => {
      this.fromPeer(raw).then(answer, (err) => {
        this.log.error({ err }, 'forwarded command failed');
        answer(false);
      });
    });
  }

  /** Ranked pairing, once a second: matched seekers get a rated game in a new room. */
  startPairing(everyMs = 1000): void {
    let running = false;
    this.pairing = setInterval(() => {
      if (running) return;
      running = true;
      this.pairRanked().catch((err) => this.log.error({ err }, 'ranked pairing failed')).finally(() => { running = false; });
    }, everyMs);
    this.pairing.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.pairing) clearInterval(this.pairing);
    this.pairing = null;
  }

  private connected(socket: Socket): void {
    const st = socket.data as SocketState;
    send(socket, { type: 'welcome', device: { id: st.device.id, name: st.device.name }, user: st.device.user });
    socket.on(CLIENT_EVENT, (raw: unknown) => {
      if (!st.bucket.take()) return sendError(socket, 'rate-limited', 'Too many messages; slow down.');
      const parsed = ClientMessageSchema.safeParse(raw);
      if (!parsed.success) {
        const ack = (raw as { ack?: unknown } | null)?.ack;
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        return sendError(socket, 'malformed', `Malformed message${where}: ${issue?.message ?? 'invalid'}.`,
          typeof ack === 'string' && ack.length <= 40 ? { ack } : {});
      }
      const msg = parsed.data;
      const handler = this.handlers[msg.type] as Handler<typeof msg.type>;
      handler(socket, st, msg as never).catch((err) => {
        this.log.error({ err, device: st.device.id, type: msg.type }, 'handler failed');
        sendError(socket, 'internal', 'Something went wrong on the server.', 'ack' in msg ? { ack: msg.ack } : {});
      });
    });
    // Any other event name is not part of the protocol.
    socket.onAny((event: string) => {
      if (event !== CLIENT_EVENT && st.bucket.take()) sendError(socket, 'malformed', `Unknown event "${String(event).slice(0, 40)}".`);
    });
    socket.on('disconnect', () => {
      void this.matchmaker.leave(socket.id).catch((err) => this.log.warn({ err }, 'ranked leave failed'));
      const caller = callerOf(socket, st);
      for (const code of st.rooms) {
        this.toOwner(code, caller, { type: 'room.leave', code }).catch((err) => this.log.error({ err, room: code }, 'leave failed'));
      }
    });
  }

  private readonly handlers: { [T in ClientMessage['type']]: Handler<T> } = {
    'room.create': async (socket, st, m) => {
      const room = await this.lobby.create(st.device.id, m.options);
      await this.joinChannel(socket, st, room.code);
      await this.execute(room, callerOf(socket, st), { type: 'room.join', code: room.code });
    },
    'room.join': async (socket, st, m) => {
      await this.joinChannel(socket, st, m.code);
      await this.toOwner(m.code, callerOf(socket, st), m);
    },
    'room.leave': async (socket, st, m) => {
      if (!st.rooms.has(m.code)) return sendError(socket, 'not-in-room', 'You are not in that room.');
      st.rooms.delete(m.code);
      await socket.leave(roomChannel(m.code));
      await this.toOwner(m.code, callerOf(socket, st), m);
      send(socket, { type: 'left', code: m.code });
    },
    'room.sit': (socket, st, m) => this.inRoom(socket, st, m),
    'room.stand': (socket, st, m) => this.inRoom(socket, st, m),
    'room.cpu': (socket, st, m) => this.inRoom(socket, st, m),
    'room.options': (socket, st, m) => this.inRoom(socket, st, m),
    'room.start': (socket, st, m) => this.inRoom(socket, st, m),
    'room.rematch': (socket, st, m) => this.inRoom(socket, st, m),
    move: (socket, st, m) => this.inGame(socket, st, m, m.ack),
    resign: (socket, st, m) => this.inGame(socket, st, m),
    abort: (socket, st, m) => this.inGame(socket, st, m),
    draw: (socket, st, m) => this.inGame(socket, st, m),
    sync: (socket, st, m) => this.inGame(socket, st, m),
    'ranked.join': async (socket, st, m) => {
      const user = st.device.user;
      if (!user) return sendError(socket, 'account-required', 'Ranked play needs an account: register or log in first.');
      const { since, rating, replaced } = await this.matchmaker.join(socket.id, { ...st.device, user }, m.turnTime);
      for (const id of replaced) this.fanout.toSocket(id, { type: 'ranked', queue: null });
      send(socket, { type: 'ranked', queue: { turnTime: m.turnTime, since, rating } });
      await this.pairRanked();
    },
    'ranked.leave': async (socket) => {
      await this.matchmaker.leave(socket.id);
      send(socket, { type: 'ranked', queue: null });
    },
  };

  // ---- where a command runs: on the room's owner ------------------------------------------------

  private async joinChannel(socket: Socket, st: SocketState, code: string): Promise<void> {
    st.rooms.add(code);
    await socket.join(roomChannel(code));
  }

  private async inRoom(socket: Socket, st: SocketState, m: RoomCommand & { code: string }): Promise<void> {
    if (!st.rooms.has(m.code)) return sendError(socket, 'not-in-room', 'Join the room first.');
    await this.toOwner(m.code, callerOf(socket, st), m);
  }

  private async inGame(socket: Socket, st: SocketState, m: GameCommand, ack?: string): Promise<void> {
    const code = await this.codeOfGame(m.gameId);
    if (!code) return sendError(socket, 'no-game', 'No such game.', ack ? { ack } : {});
    await this.toOwner(code, callerOf(socket, st), m);
  }

  /** A game's room code: known here if this process owns it, else asked of the database once. */
  private async codeOfGame(gameId: string): Promise<string | null> {
    const local = this.lobby.roomOfGame(gameId)?.code ?? this.gameRooms.get(gameId);
    if (local) return local;
    const code = await this.store.roomCodeOfGame(gameId);
    if (code) this.gameRooms.set(gameId, code);
    return code;
  }

  /**
   * Runs a room command where the room is owned: here, or on its owner's process (forwarded through
   * the Socket.IO adapter). While an owner that died still holds its lease the command waits, then
   * runs on whichever process takes the room over, so a failover delays moves but loses none.
   */
  private async toOwner(code: string, caller: Caller, m: RoomCommand): Promise<void> {
    const ack = 'ack' in m ? m.ack : undefined;
    const deadline = Date.now() + this.config.leaseMs + FORWARD_TIMEOUT_MS;
    for (;;) {
      const at = await this.lobby.locate(code);
      if (!at) return this.fanout.toSocket(caller.socketId, errorMessage('no-room', `No room ${code}.`, ack ? { ack } : {}));
      if ('room' in at) return this.execute(at.room, caller, m);
      if (await this.forward({ to: at.owner, code, caller, message: m })) return;
      if (this.stopped || Date.now() > deadline) {
        return this.fanout.toSocket(caller.socketId, errorMessage('internal', 'The room\'s server did not answer; try again.', ack ? { ack } : {}));
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** True once the owner ran it. A retry after a timeout is safe: moves carry ack ids, applied once. */
  private forward(f: Forwarded): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), FORWARD_TIMEOUT_MS);
      this.io.serverSideEmit(FORWARD_EVENT, f, (_err: unknown, answers: unknown[] = []) => {
        clearTimeout(timer);
        resolve(answers.includes(true));
      });
    });
  }

  /** Another process forwarded a command for a room this process owns (checked again: it is input too). */
  private async fromPeer(raw: unknown): Promise<boolean> {
    const f = ForwardedSchema.safeParse(raw);
    if (!f.success || f.data.to !== this.self) return false;
    const room = await this.lobby.get(f.data.code);
    if (!room) return false;
    await this.execute(room, f.data.caller, f.data.message as RoomCommand);
    return true;
  }

  /**
   * The owner's side of every room command: on the room's queue, the command runs and is stored;
   * then, in that same turn, the caller is answered and the room is told.
   */
  private async execute(room: Room, caller: Caller, m: RoomCommand): Promise<void> {
    const to = (msg: ServerMessage) => this.fanout.toSocket(caller.socketId, msg);
    const refuse = (r: Reply, ack?: string) => {
      if (r.ok) return;
      to(errorMessage(r.code, r.message, { ...(ack !== undefined ? { ack } : {}), ...(r.reason ? { reason: r.reason } : {}) }));
    };
    await room.queue.run(async () => {
      switch (m.type) {
        case 'room.join': {
          const step = await room.enter(caller.device, caller.socketId);
          // The newcomer gets the room and its game as they are now (this step included), or catches
          // up from the version it had; the others are told what changed.
          to({ type: 'room', room: room.view() });
          const session = room.session;
          if (session && m.game?.id === session.id) this.catchUp(to, room, session, m.game.version);
          else {
            const game = room.gameMessage('join');
            if (game) to(game);
          }
          return this.fanout.toRoom(room.code, step.out, caller.socketId);
        }
        case 'room.leave': {
          const step = await room.exit(caller.device.id, caller.socketId);
          this.fanout.toRoom(room.code, step.out);
          if (room.idle) setTimeout(() => this.lobby.release(room), RELEASE_AFTER_MS).unref();
          return;
        }
        case 'sync': {
          const session = room.session;
          if (session?.id !== m.gameId) return to(errorMessage('no-game', 'No such game.'));
          return this.catchUp(to, room, session, m.version);
        }
        case 'move': case 'resign': case 'abort': case 'draw': {
          const ack = m.type === 'move' ? m.ack : undefined;
          if (room.session?.id !== m.gameId) return to(errorMessage('no-game', 'That game is over.', ack ? { ack } : {}));
          const step = await room.play((g) => gameCommand(g, caller.device.id, m));
          if (ack !== undefined && step.reply.ok) to({ type: 'ack', ack, version: step.reply.version });
          refuse(step.reply, ack);
          if (!step.reply.ok && step.reply.resync) {
            const game = room.gameMessage('resync');
            if (game) to(game);
          }
          return this.fanout.toRoom(room.code, step.out);
        }
        default: {
          const step = await roomCommand(room, caller.device, m);
          refuse(step.reply);
          return this.fanout.toRoom(room.code, step.out);
        }
      }
    });
  }

  // Missing events when the short history still has them, otherwise the whole game.
  private catchUp(to: (m: ServerMessage) => void, room: Room, session: GameSession, version: number): void {
    const events = session.eventsSince(version);
    if (events === null) {
      const game = room.gameMessage('resync');
      if (game) to(game);
      return;
    }
    for (const event of events) to({ type: 'event', event });
  }

  private async pairRanked(): Promise<void> {
    for (const match of await this.matchmaker.pair(Date.now())) {
      // a seeker whose process died left no word: only sockets still connected somewhere are matched
      const [b, w] = await Promise.all([match.black, match.white].map(async (e) => (await this.io.in(e.id).fetchSockets()).length > 0));
      if (b && w) await this.startRanked(match);
      else for (const [alive, e] of [[b, match.black], [w, match.white]] as const) if (alive) await this.matchmaker.restore(e);
    }
  }

  /** A rated game under the default rules in a new private room; both seekers are told where to go. */
  private async startRanked({ black, white, turnTime }: Match): Promise<void> {
    const room = await this.lobby.create(black.device.id, { ...DEFAULT_ROOM_OPTIONS, turnTime, alternateFirst: true });
    const step = await room.queue.run(async () => {
      await room.sit(black.device, 'black');
      await room.sit(white.device, 'white');
      const s = await room.start(black.device.id, { black: black.accountId, white: white.accountId });
      this.fanout.toRoom(room.code, s.out);
      return s;
    });
    if (!step.reply.ok || !room.session) {
      this.log.error({ code: step.reply.ok ? 'no-session' : step.reply.code }, 'ranked game did not start');
      return;
    }
    const gameId = room.session.id;
    this.log.info({ game: gameId, black: black.accountId, white: white.accountId, turnTime }, 'ranked match');
    for (const [color, e] of [['black', black], ['white', white]] as const) {
      this.fanout.toSocket(e.id, { type: 'ranked', queue: null });
      this.fanout.toSocket(e.id, { type: 'ranked.match', roomCode: room.code, gameId, color });
    }
  }

}

const callerOf = (socket: Socket, st: SocketState): Caller => ({ socketId: socket.id, device: st.device });

function gameCommand(g: GameSession, deviceId: string, m: Exclude<GameCommand, { type: 'sync' }>): Promise<Step> {
  switch (m.type) {
    case 'move': return g.move(deviceId, m.usi, m.version, m.ack);
    case 'resign': return g.resign(deviceId);
    case 'abort': return g.abort(deviceId);
    case 'draw': return g.draw(deviceId, m.action);
  }
}

function roomCommand(room: Room, device: DeviceIdentity, m: Exclude<RoomCommand, GameCommand | { type: 'room.join' | 'room.leave' }>): Promise<RoomStep> {
  switch (m.type) {
    case 'room.sit': return room.sit(device, m.color);
    case 'room.stand': return room.stand(device.id);
    case 'room.cpu': return room.setCpu(device.id, m.color, m.level);
    case 'room.options': return room.setOptions(device.id, m.options);
    case 'room.start': return room.start(device.id);
    case 'room.rematch': return room.rematch(device.id, m.action);
  }
}

function send(socket: Socket, msg: ServerMessage): void {
  socket.emit(SERVER_EVENT, msg);
}

const errorMessage = (code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): ServerMessage =>
  ({ type: 'error', code, message, ...extra });

function sendError(socket: Socket, code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): void {
  send(socket, errorMessage(code, message, extra));
}
