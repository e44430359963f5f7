import {
  CLIENT_EVENT, ClientMessageSchema, DEVICE_COOKIE, SERVER_EVENT,
  type ClientMessage, type ClientMessageOf, type ErrorCode, type ServerMessage,
} from '@chu/protocol';
import fastifyCookie from '@fastify/cookie';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { ServerConfig } from '../config.ts';
import type { GameSession, Reply } from '../game/GameSession.ts';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { Matchmaker } from '../ranked/Matchmaker.ts';
import type { Room } from '../rooms/Room.ts';
import { TokenBucket } from './TokenBucket.ts';

interface SocketState {
  device: DeviceIdentity;
  bucket: TokenBucket;
  rooms: Set<string>; // room codes this socket is present in
}

type Handler<T extends ClientMessage['type']> = (s: Socket, st: SocketState, m: ClientMessageOf<T>) => Promise<void>;

export const roomChannel = (code: string) => `room:${code}`;

// Socket.IO edge: authenticates the device, rate-limits, parses every message, routes it to its room's queue.
export class Gateway {
  constructor(
    private readonly io: Server,
    private readonly identity: Identity,
    private readonly lobby: Lobby,
    private readonly matchmaker: Matchmaker,
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
  }

  emitToRoom(code: string, msg: ServerMessage): void {
    this.io.to(roomChannel(code)).emit(SERVER_EVENT, msg);
  }

  private connected(socket: Socket): void {
    const st = socket.data as SocketState;
    send(socket, { type: 'welcome', device: { id: st.device.id, name: st.device.name }, user: st.device.user });
    socket.on(CLIENT_EVENT, (raw: unknown) => {
      if (!st.bucket.take()) return sendError(socket, 'rate-limited', 'Too many messages; slow down.');
      const parsed = ClientMessageSchema.safeParse(raw);
      if (!parsed.success) {
        const ack = (raw as { ack?: unknown } | null)?.ack;
        return sendError(socket, 'malformed', `Malformed message: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
          typeof ack === 'string' && ack.length <= 40 ? { ack } : {});
      }
      const msg = parsed.data;
      const handler = this.handlers[msg.type] as Handler<typeof msg.type>;
      handler(socket, st, msg as never).catch((err) => {
        this.log.error({ err, device: st.device.id, type: msg.type }, 'handler failed');
        sendError(socket, 'internal', 'Something went wrong on the server.');
      });
    });
    // Any other event name is not part of the protocol.
    socket.onAny((event: string) => {
      if (event !== CLIENT_EVENT && st.bucket.take()) sendError(socket, 'malformed', `Unknown event "${String(event).slice(0, 40)}".`);
    });
    socket.on('disconnect', () => {
      this.matchmaker.leave(socket.id);
      for (const code of st.rooms) void this.leave(socket, st, code);
    });
  }

  private readonly handlers: { [T in ClientMessage['type']]: Handler<T> } = {
    'room.create': async (socket, st, m) => {
      const room = await this.lobby.create(st.device.id, m.options);
      await this.enter(socket, st, room, undefined);
    },
    'room.join': async (socket, st, m) => {
      const room = await this.lobby.get(m.code);
      if (!room) return sendError(socket, 'no-room', `No room ${m.code}.`);
      await this.enter(socket, st, room, m.game);
    },
    'room.leave': async (socket, st, m) => {
      if (!st.rooms.has(m.code)) return sendError(socket, 'not-in-room', 'You are not in that room.');
      await this.leave(socket, st, m.code);
      send(socket, { type: 'left', code: m.code });
    },
    'room.sit': (socket, st, m) => this.roomAction(socket, st, m.code, (r) => r.sit(st.device, m.color)),
    'room.stand': (socket, st, m) => this.roomAction(socket, st, m.code, (r) => r.stand(st.device.id)),
    'room.cpu': (socket, st, m) => this.roomAction(socket, st, m.code, (r) => r.setCpu(st.device.id, m.color, m.level)),
    'room.options': (socket, st, m) => this.roomAction(socket, st, m.code, (r) => r.setOptions(st.device.id, m.options)),
    'room.start': (socket, st, m) => this.roomAction(socket, st, m.code, (r) => r.start(st.device.id), true),
    'room.rematch': (socket, st, m) => this.roomAction(socket, st, m.code, (r) => r.rematch(st.device.id), true),
    move: async (socket, st, m) => {
      const room = this.lobby.roomOfGame(m.gameId);
      if (!room?.session || room.session.id !== m.gameId) return sendError(socket, 'no-game', 'No such game.', { ack: m.ack });
      const session = room.session;
      this.seatedRate(st, session);
      await room.queue.run(() => session.move(st.device.id, m.usi, m.version, m.ack, (r) => {
        if (r.ok) return send(socket, { type: 'ack', ack: m.ack, version: r.version });
        sendError(socket, r.code, r.message, { ack: m.ack, ...(r.reason ? { reason: r.reason } : {}) });
        if (r.resync) send(socket, { type: 'game', game: session.view(), reason: 'resync' });
      }));
    },
    resign: (socket, st, m) => this.gameAction(socket, st, m.gameId, (g) => g.resign(st.device.id)),
    abort: (socket, st, m) => this.gameAction(socket, st, m.gameId, (g) => g.abort(st.device.id)),
    draw: (socket, st, m) => this.gameAction(socket, st, m.gameId, (g) => g.draw(st.device.id, m.action)),
    'ranked.join': async (socket, st, m) => {
      const user = st.device.user;
      if (!user) return sendError(socket, 'account-required', 'Ranked play needs an account: register or log in first.');
      await this.matchmaker.join(socket.id, { ...st.device, user }, m.turnTime, (msg) => send(socket, msg));
    },
    'ranked.leave': async (socket) => {
      if (!this.matchmaker.leave(socket.id)) send(socket, { type: 'ranked', queue: null });
    },
    sync: async (socket, st, m) => {
      const room = this.lobby.roomOfGame(m.gameId);
      if (!room?.session || room.session.id !== m.gameId) return sendError(socket, 'no-game', 'No such game.');
      const session = room.session;
      await room.queue.run(() => this.catchUp(socket, session, m.version));
    },
  };

  private async enter(socket: Socket, st: SocketState, room: Room, known: { id: string; version: number } | undefined) {
    await room.queue.run(() => {
      room.enter(st.device, socket.id);
      st.rooms.add(room.code);
      void socket.join(roomChannel(room.code));
      room.broadcast();
      const session = room.session;
      if (!session) return;
      if (session.colorOf(st.device.id)) this.seatedRate(st, session);
      if (known && known.id === session.id) this.catchUp(socket, session, known.version);
      else send(socket, { type: 'game', game: session.view(), reason: 'join' });
    });
  }

  private async leave(socket: Socket, st: SocketState, code: string) {
    st.rooms.delete(code);
    void socket.leave(roomChannel(code));
    const room = await this.lobby.get(code);
    if (!room) return;
    await room.queue.run(() => {
      if (room.exit(st.device.id, socket.id)) room.broadcast();
    });
    if (room.idle) setTimeout(() => this.lobby.release(room), 5 * 60_000).unref();
  }

  // Missing events when the short history still has them, otherwise the whole game.
  private catchUp(socket: Socket, session: GameSession, version: number): void {
    const events = session.eventsSince(version);
    if (events === null) return send(socket, { type: 'game', game: session.view(), reason: 'resync' });
    for (const event of events) send(socket, { type: 'event', event });
  }

  private async roomAction(socket: Socket, st: SocketState, code: string, act: (r: Room) => Promise<Reply>, starts = false) {
    if (!st.rooms.has(code)) return sendError(socket, 'not-in-room', 'Join the room first.');
    const room = await this.lobby.get(code);
    if (!room) return sendError(socket, 'no-room', `No room ${code}.`);
    await room.queue.run(async () => {
      const r = await act(room);
      if (!r.ok) return sendError(socket, r.code, r.message);
      room.broadcast();
      if (starts && room.session) this.emitToRoom(room.code, { type: 'game', game: room.session.view(), reason: 'start' });
    });
  }

  private async gameAction(socket: Socket, st: SocketState, gameId: string, act: (g: GameSession) => Promise<Reply>) {
    const room = this.lobby.roomOfGame(gameId);
    if (!room?.session || room.session.id !== gameId) return sendError(socket, 'no-game', 'No such game.');
    const session = room.session;
    await room.queue.run(async () => {
      const r = await act(session);
      if (!r.ok) sendError(socket, r.code, r.message);
    });
  }

  private seatedRate(st: SocketState, session: GameSession): void {
    if (session.colorOf(st.device.id)) st.bucket.refillPerSecond = this.config.rateLimit.refillPerSecond;
  }
}

function send(socket: Socket, msg: ServerMessage): void {
  socket.emit(SERVER_EVENT, msg);
}

function sendError(socket: Socket, code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): void {
  send(socket, { type: 'error', code, message, ...extra });
}
