import {
  CLIENT_EVENT, ClientMessageSchema, DEFAULT_ROOM_OPTIONS, DEVICE_COOKIE, SERVER_EVENT,
  type ClientMessage, type ClientMessageOf, type ErrorCode, type ServerMessage,
} from '@chu/protocol';
import fastifyCookie from '@fastify/cookie';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { ServerConfig } from '../config.ts';
import { isStorageOutage, OUTAGE_RETRY_MS } from '../db/outage.ts';
import type { GameSession, Reply } from '../game/GameSession.ts';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import { checkOrigin } from '../identity/origin.ts';
import type { Matchmaker, Match } from '../ranked/Matchmaker.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { Room, RoomStep } from '../rooms/Room.ts';
import { roomChannel, type Fanout } from './Fanout.ts';
import { Floods, type SocketCredit } from './Floods.ts';
import type { TokenBucket } from './TokenBucket.ts';

interface SocketState {
  device: DeviceIdentity; // follows login and logout (identityChanged), not only the handshake
  credit: SocketCredit;
  bucket: TokenBucket; // credit.bucket: seated players refill faster
  rooms: Set<string>; // room codes this socket is present in
}

type Handler<T extends ClientMessage['type']> = (s: Socket, st: SocketState, m: ClientMessageOf<T>) => Promise<void>;

const RELEASE_AFTER_MS = 5 * 60_000; // an empty room stays in memory this long
const deviceChannel = (id: string) => `device:${id}`; // every open socket of one device

/**
 * The Socket.IO edge: authenticates the device, rate-limits, parses every message and runs it as a
 * command on its room's queue. In that same turn of the queue it acknowledges the sender, then tells
 * the room, so the order is always: stored → acknowledged → broadcast.
 */
export class Gateway {
  private pairing: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: Server,
    private readonly fanout: Fanout,
    private readonly identity: Identity,
    private readonly lobby: Lobby,
    private readonly matchmaker: Matchmaker,
    private readonly config: ServerConfig,
    private readonly log: Logger,
  ) {}

  private floods!: Floods;

  attach(): void {
    this.floods = new Floods(this.config);
    this.io.use((socket, next) => {
      // The client reads err.data.code; err.message stays 'unauthenticated' for both no device and an
      // expired one, which is what makes a browser ask for a new device.
      const refuse = (code: ErrorCode, message: string, retryAfterMs?: number) => next(Object.assign(
        new Error(code === 'expired' ? 'unauthenticated' : code), { data: { code, message, ...(retryAfterMs ? { retryAfterMs } : {}) } },
      ));
      // A page on another site must not open a socket that carries our visitor's cookie.
      if (checkOrigin(this.config, socket.handshake.headers, socket.handshake.secure) === 'foreign') {
        return refuse('forbidden-origin', 'Connections from other sites are not accepted.');
      }
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = typeof auth?.token === 'string'
        ? auth.token
        : fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[DEVICE_COOKIE];
      this.identity.authenticate(token).then((a) => {
        if (!a.ok) return refuse(a.code, a.code === 'expired' ? 'This device was unused for too long.' : 'Unknown device.');
        const held = this.floods.heldFor(a.device.id);
        if (held > 0) return refuse('flooding', `Dropped for flooding; reconnect in ${Math.ceil(held / 1000)} s.`, held);
        const credit = this.floods.credit(a.createdAt);
        const st: SocketState = { device: a.device, credit, bucket: credit.bucket, rooms: new Set() };
        socket.data = st;
        next();
      }, (err) => {
        if (isStorageOutage(err)) return refuse('unavailable', 'Storage is unreachable; reconnect shortly.', OUTAGE_RETRY_MS);
        this.log.error({ err }, 'handshake failed');
        refuse('internal', 'Something went wrong on the server.');
      });
    });
    this.io.on('connection', (socket) => this.connected(socket));
  }

  /** Login, logout, "log out other devices": every open socket of these devices is that identity now. */
  async identityChanged(devices: DeviceIdentity[]): Promise<void> {
    for (const device of devices) {
      for (const remote of await this.io.in(deviceChannel(device.id)).fetchSockets()) {
        // This instance's own sockets; with a shared adapter, each instance's edge updates its own.
        const socket = this.io.sockets.sockets.get(remote.id);
        if (!socket) continue;
        const st = socket.data as SocketState;
        const accountChanged = (st.device.user?.id ?? null) !== (device.user?.id ?? null);
        st.device = { ...device, user: device.user && { ...device.user } };
        // a queue entry holds the account it joined as: another account (or none) must not be paired in it
        if (accountChanged && this.matchmaker.leave(socket.id)) send(socket, { type: 'ranked', queue: null });
        send(socket, { type: 'welcome', device: { id: device.id, name: device.name }, user: device.user });
      }
    }
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
    if (this.pairing) clearInterval(this.pairing);
    this.pairing = null;
  }

  private connected(socket: Socket): void {
    const st = socket.data as SocketState;
    void socket.join(deviceChannel(st.device.id));
    send(socket, { type: 'welcome', device: { id: st.device.id, name: st.device.name }, user: st.device.user });
    // Out of credit: no parse and at most one notice a window; a socket that goes on is dropped and
    // its device held back for a while, so a flooder costs others next to nothing.
    const admitted = (): boolean => {
      const a = st.credit.admit();
      if (a.kind === 'pass') return true;
      if (a.kind === 'notice') send(socket, { type: 'error', code: 'rate-limited', message: 'Too many messages; slow down.', ...{ retryAfterMs: a.retryAfterMs } });
      if (a.kind === 'drop') {
        this.floods.hold(st.device.id, a.holdBackMs);
        this.log.warn({ device: st.device.id, address: socket.handshake.address }, 'socket dropped for flooding');
        send(socket, { type: 'error', code: 'flooding', message: `Dropped for flooding; reconnect in ${Math.ceil(a.holdBackMs / 1000)} s.`, ...{ retryAfterMs: a.holdBackMs } });
        socket.disconnect(true);
      }
      return false;
    };
    socket.on(CLIENT_EVENT, (raw: unknown) => {
      if (!admitted()) return;
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
        if (isStorageOutage(err)) {
          // Nothing was applied (GameSession restores the game on a failed write): the client sends the
          // same message again, with the same ack id, once storage is back.
          this.log.warn({ err: (err as Error).message, device: st.device.id, type: msg.type }, 'storage unreachable');
          return send(socket, {
            type: 'error', code: 'unavailable', message: 'Storage is unreachable; nothing was applied. Retry shortly.',
            ...('ack' in msg ? { ack: msg.ack } : {}), ...{ retryAfterMs: OUTAGE_RETRY_MS },
          });
        }
        this.log.error({ err, device: st.device.id, type: msg.type }, 'handler failed');
        sendError(socket, 'internal', 'Something went wrong on the server.', 'ack' in msg ? { ack: msg.ack } : {});
      });
    });
    // Any other event name is not part of the protocol.
    socket.onAny((event: string) => {
      if (event !== CLIENT_EVENT && admitted()) sendError(socket, 'malformed', `Unknown event "${String(event).slice(0, 40)}".`);
    });
    socket.on('disconnect', () => {
      this.matchmaker.leave(socket.id);
      for (const code of st.rooms) void this.leave(socket, st, code).catch((err) => this.log.error({ err, room: code }, 'leave failed'));
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
    'room.sit': (socket, st, m) => this.roomCommand(socket, st, m.code, (r) => r.sit(st.device, m.color)),
    'room.stand': (socket, st, m) => this.roomCommand(socket, st, m.code, (r) => r.stand(st.device.id)),
    'room.cpu': (socket, st, m) => this.roomCommand(socket, st, m.code, (r) => r.setCpu(st.device.id, m.color, m.level)),
    'room.options': (socket, st, m) => this.roomCommand(socket, st, m.code, (r) => r.setOptions(st.device.id, m.options)),
    'room.start': (socket, st, m) => this.roomCommand(socket, st, m.code, (r) => r.start(st.device.id)),
    'room.rematch': (socket, st, m) => this.roomCommand(socket, st, m.code, (r) => r.rematch(st.device.id, m.action)),
    move: (socket, st, m) =>
      this.gameCommand(socket, st, m.gameId, (g) => g.move(st.device.id, m.usi, m.version, m.ack), m.ack),
    resign: (socket, st, m) => this.gameCommand(socket, st, m.gameId, (g) => g.resign(st.device.id)),
    abort: (socket, st, m) => this.gameCommand(socket, st, m.gameId, (g) => g.abort(st.device.id)),
    draw: (socket, st, m) => this.gameCommand(socket, st, m.gameId, (g) => g.draw(st.device.id, m.action)),
    'ranked.join': async (socket, st, m) => {
      // The device as stored now, not as this socket last heard: a logout elsewhere cannot slip through.
      const stored = await this.identity.current(st.device.id);
      if (stored) st.device = stored;
      const user = stored?.user ?? null;
      if (!user) return sendError(socket, 'account-required', 'Ranked play needs an account: register or log in first.');
      const { since, rating, replaced } = await this.matchmaker.join(socket.id, { ...st.device, user }, m.turnTime);
      for (const id of replaced) this.fanout.toSocket(id, { type: 'ranked', queue: null });
      send(socket, { type: 'ranked', queue: { turnTime: m.turnTime, since, rating } });
      await this.pairRanked();
    },
    'ranked.leave': async (socket) => {
      this.matchmaker.leave(socket.id);
      send(socket, { type: 'ranked', queue: null });
    },
    sync: async (socket, _st, m) => {
      const room = this.lobby.roomOfGame(m.gameId);
      if (!room?.session || room.session.id !== m.gameId) return sendError(socket, 'no-game', 'No such game.');
      const session = room.session;
      await room.queue.run(() => this.catchUp(socket, room, session, m.version));
    },
  };

  private async enter(socket: Socket, st: SocketState, room: Room, known: { id: string; version: number } | undefined) {
    await room.queue.run(async () => {
      const step = await room.enter(st.device, socket.id);
      st.rooms.add(room.code);
      await socket.join(roomChannel(room.code));
      const session = room.session;
      if (session?.colorOf(st.device.id)) this.seatedRate(st);
      // The newcomer gets the room and its game as they are now (this step included), or catches up
      // from the version it had; the others are told what changed.
      send(socket, { type: 'room', room: room.view() });
      if (session && known?.id === session.id) this.catchUp(socket, room, session, known.version);
      else {
        const game = room.gameMessage('join');
        if (game) send(socket, game);
      }
      this.fanout.toRoom(room.code, step.out, socket.id);
    });
  }

  private async leave(socket: Socket, st: SocketState, code: string) {
    st.rooms.delete(code);
    await socket.leave(roomChannel(code));
    const room = await this.lobby.get(code);
    if (!room) return;
    await room.queue.run(async () => {
      const step = await room.exit(st.device.id, socket.id);
      this.fanout.toRoom(room.code, step.out);
    });
    if (room.idle) setTimeout(() => this.lobby.release(room), RELEASE_AFTER_MS).unref();
  }

  // Missing events when the short history still has them, otherwise the whole game.
  private catchUp(socket: Socket, room: Room, session: GameSession, version: number): void {
    const events = session.eventsSince(version);
    if (events === null) {
      const game = room.gameMessage('resync');
      if (game) send(socket, game);
      return;
    }
    for (const event of events) send(socket, { type: 'event', event });
  }

  /** A room command: runs on the room's queue; the sender hears of a refusal, everyone of the change. */
  private async roomCommand(socket: Socket, st: SocketState, code: string, command: (r: Room) => Promise<RoomStep>) {
    if (!st.rooms.has(code)) return sendError(socket, 'not-in-room', 'Join the room first.');
    const room = await this.lobby.get(code);
    if (!room) return sendError(socket, 'no-room', `No room ${code}.`);
    await room.queue.run(async () => {
      const step = await command(room);
      reply(socket, step.reply);
      this.fanout.toRoom(room.code, step.out);
    });
  }

  /** A game command: a move is acknowledged (or refused) to its sender before anyone sees it. */
  private async gameCommand(socket: Socket, st: SocketState, gameId: string, command: (g: GameSession) => ReturnType<GameSession['move']>, ack?: string) {
    const room = this.lobby.roomOfGame(gameId);
    const session = room?.session;
    if (!room || session?.id !== gameId) return sendError(socket, 'no-game', 'No such game.', ack ? { ack } : {});
    if (session.colorOf(st.device.id)) this.seatedRate(st);
    await room.queue.run(async () => {
      // the room's current game may have changed while this waited
      if (room.session !== session) return sendError(socket, 'no-game', 'That game is over.', ack ? { ack } : {});
      const step = await room.play(command);
      if (ack !== undefined) {
        if (step.reply.ok) send(socket, { type: 'ack', ack, version: step.reply.version });
        else {
          const r = step.reply;
          sendError(socket, r.code, r.message, { ack, ...(r.reason ? { reason: r.reason } : {}) });
          if (r.resync) { const game = room.gameMessage('resync'); if (game) send(socket, game); }
        }
      } else reply(socket, step.reply);
      this.fanout.toRoom(room.code, step.out);
    });
  }

  private async pairRanked(): Promise<void> {
    for (const match of this.matchmaker.pair(Date.now())) await this.startRanked(match);
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

  private seatedRate(st: SocketState): void {
    st.bucket.refillPerSecond = this.config.rateLimit.refillPerSecond;
  }
}

function send(socket: Socket, msg: ServerMessage): void {
  socket.emit(SERVER_EVENT, msg);
}

function reply(socket: Socket, r: Reply): void {
  if (!r.ok) sendError(socket, r.code, r.message);
}

function sendError(socket: Socket, code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): void {
  send(socket, { type: 'error', code, message, ...extra });
}
