import {
  CLIENT_EVENT, ClientMessageSchema, DEFAULT_ROOM_OPTIONS, DEVICE_COOKIE, IdSchema, LobbySchema, RANKED_CONTROLS, RoomOptionsSchema, SERVER_EVENT,
  type Lobby as LobbyListing,
  type ClientMessage, type ClientMessageOf, type ErrorCode, type RoomOptionsPatch, type ServerMessage,
} from '@chu/protocol';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { sitePrefix, type ServerConfig } from '../config.ts';
import type { Metrics } from '../metrics.ts';
import type { Ownership } from '../db/Leases.ts';
import { isStorageOutage, OUTAGE_RETRY_MS } from '../db/outage.ts';
import type { Store } from '../db/Store.ts';
import type { GameSession, Reply, Step } from '../game/GameSession.ts';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import { checkOrigin, clientAddress } from '../identity/origin.ts';
import type { Matchmaker, Match } from '../ranked/Matchmaker.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import { tournamentChannel, type Tournaments } from '../tournaments/Tournaments.ts';
import type { Room, RoomStep } from '../rooms/Room.ts';
import { accountChannel, deviceChannel, roomChannel, type Fanout } from './Fanout.ts';
import { Floods, type SocketCredit } from './Floods.ts';
import { TransportLag } from './TransportLag.ts';
import { HandshakeBudget } from './Handshakes.ts';
import type { TokenBucket } from './TokenBucket.ts';

interface SocketState {
  device: DeviceIdentity; // follows login and logout (identityChanged), not only the handshake
  credential: string; // the token it signed in with (Identity's): once the device's token rotates, the socket is closed
  credit: SocketCredit; // the device's, shared with its other sockets on this process
  bucket: TokenBucket; // credit.bucket: seated players refill faster
  rooms: Set<string>; // room codes this socket is present in
  lag: TransportLag; // this connection's measured transport lag, credited back to its moves' clocks
}

type Handler<T extends ClientMessage['type']> = (s: Socket, st: SocketState, m: ClientMessageOf<T>) => Promise<void>;

/** Who a handshake let in (socket.data until the connection is set up). */
interface Admitted { device: DeviceIdentity; createdAt: Date; credential: string; heard: number }
/** What the handshake found: who connects, or why not (an expected refusal, not an exception). */
type Admission = ({ ok: true } & Admitted) | { ok: false; code: ErrorCode; message: string; retryAfterMs?: number };

/** Who sent a command: a socket (on any process of the site) and its device. */
// lagMs: the transport lag measured on the caller's socket (TransportLag), credited back to a move's clock.
interface Caller { socketId: string; device: DeviceIdentity; lagMs: number }
/** The commands that run on a room's owner. */
type RoomCommand = Exclude<ClientMessage, { type: 'room.create' | 'ranked.join' | 'ranked.leave' | 'lobby.watch' | 'lobby.unwatch' | 'tournament.watch' | 'tournament.unwatch' }>;
type GameCommand = Extract<ClientMessage, { type: 'move' | 'resign' | 'abort' | 'draw' | 'takeback' | 'give-time' | 'adjourn' | 'seal' | 'resume' | 'sync' }>;

const FORWARD_EVENT = 'chu:command';
const FORWARDED_EVENT = 'chu:command-done'; // the owner's answer to one forwarded command
const LOBBY_EVENT = 'chu:lobby';
const LOBBY_CHANNEL = 'lobby';
const LOBBY_EVERY_MS = 2000;
const IDENTITY_EVENT = 'chu:identity';
const DevicesSchema = z.array(z.object({ id: IdSchema, name: z.string(), user: z.object({ id: IdSchema, username: z.string() }).nullable() }));
const LOBBY_TIMEOUT_MS = 5000;

// A command forwarded between processes; the owner parses it again.
const ForwardedSchema = z.object({
  id: z.string().max(64), // the answer names it
  from: z.string().max(200), // the process that waits for the answer
  to: z.string(),
  code: z.string(),
  caller: z.object({
    socketId: z.string().max(64),
    lagMs: z.number().int().min(0).max(60_000),
    device: z.object({ id: IdSchema, name: z.string(), user: z.object({ id: IdSchema, username: z.string() }).nullable() }),
  }),
  message: ClientMessageSchema,
});
type Forwarded = z.infer<typeof ForwardedSchema>;
const ForwardAnswerSchema = z.object({ id: z.string().max(64), to: z.string().max(200), ok: z.boolean() });
/** What became of a forwarded command: run by the owner; refused (it no longer holds the room); or neither. */
type ForwardOutcome = 'ran' | 'refused' | 'moved' | 'unanswered';

/**
 * The Socket.IO edge: authenticates the device, rate-limits, parses every message and runs it as a
 * command on its room's queue, on the process that owns the room (this one, or another one it is
 * forwarded to). In that same turn of the queue the owner acknowledges the sender, then tells the
 * room, so the order is always: stored → acknowledged → broadcast.
 */
export class Gateway {
  private pairing: NodeJS.Timeout | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private readonly gameRooms = new Map<string, string>(); // game id → room code, for games owned elsewhere
  private readonly awaiting = new Map<string, (ok: boolean) => void>(); // forwarded command id → its waiter

  constructor(
    private readonly io: Server,
    private readonly fanout: Fanout,
    private readonly identity: Identity,
    private readonly lobby: Lobby,
    private readonly matchmaker: Matchmaker,
    private readonly store: Store,
    private readonly ownership: Ownership, // who holds which room; its self is this process
    private readonly config: ServerConfig,
    redis: Redis | null, // with several processes: the handshake counters and flood holds are the site's
    private readonly log: Logger,
    private readonly metrics: Metrics,
    private readonly tournaments: Tournaments,
  ) {
    this.floods = new Floods(config, redis, sitePrefix(config), log);
    this.handshakes = new HandshakeBudget(config.handshakes, redis, sitePrefix(config));
  }

  private readonly floods: Floods;
  private readonly handshakes: HandshakeBudget;

  attach(): void {
    this.io.use((socket, next) => {
      // The client reads err.data.code; err.message stays 'unauthenticated' for both no device and an
      // expired one, which is what makes a browser ask for a new device.
      const refuse = (code: ErrorCode, message: string, retryAfterMs?: number) => next(Object.assign(
        new Error(code === 'expired' ? 'unauthenticated' : code), { data: { code, message, ...(retryAfterMs ? { retryAfterMs } : {}) } },
      ));
      this.admit(socket).then((a) => {
        if (!a.ok) return refuse(a.code, a.message, a.retryAfterMs);
        // the credit is taken in connected(): a handshake whose client left meanwhile never connects, nor disconnects
        socket.data = { device: a.device, createdAt: a.createdAt, credential: a.credential, heard: a.heard } satisfies Admitted;
        next();
      }, (err) => {
        if (isStorageOutage(err)) return refuse('unavailable', 'Storage is unreachable; reconnect shortly.', OUTAGE_RETRY_MS);
        this.log.error({ err }, 'handshake failed');
        refuse('internal', 'Something went wrong on the server.');
      });
    });
    this.io.on('connection', (socket) => this.connected(socket));
    // A login or logout handled by another process, for this one's sockets of those devices.
    this.io.on(IDENTITY_EVENT, (raw: unknown) => {
      const devices = DevicesSchema.safeParse(raw);
      if (devices.success) void this.updateIdentities(devices.data).catch((err) => this.log.error({ err }, 'identity update failed'));
    });
    // Another process gathers the lobby: this one's part of it.
    this.io.on(LOBBY_EVENT, (answer: (l: LobbyListing) => void) => answer(this.lobby.listing()));
    // A device's token rotated (here or on another process): its sockets that signed in with the old one close.
    this.identity.onChange((deviceIds) => {
      this.closeRevoked(deviceIds).catch((err) => this.log.error({ err }, 'revoked sockets not closed'));
    });
    // Commands other processes forward to the rooms this one owns, and the answers to those it forwarded.
    this.io.on(FORWARD_EVENT, (raw: unknown) => this.fromPeer(raw));
    this.io.on(FORWARDED_EVENT, (raw: unknown) => {
      const a = ForwardAnswerSchema.safeParse(raw);
      if (a.success && a.data.to === this.ownership.self) this.awaiting.get(a.data.id)?.(a.data.ok);
    });
  }

  /**
   * The handshake, cheapest refusal first: the address's budget (before any lookup), the origin, the
   * device, then a flood hold on it (on any process of the site).
   */
  private async admit(socket: Socket): Promise<Admission> {
    const budget = await this.handshakes.take(clientAddress(this.config, socket.handshake));
    if (!budget.ok) {
      return { ok: false, code: 'rate-limited', message: `Too many connections from this address; retry in ${Math.ceil(budget.retryAfterMs / 1000)} s.`, retryAfterMs: budget.retryAfterMs };
    }
    // A page on another site must not open a socket that carries our visitor's cookie.
    if (checkOrigin(this.config, socket.handshake.headers, socket.handshake.secure) === 'foreign') {
      return { ok: false, code: 'forbidden-origin', message: 'Connections from other sites are not accepted.' };
    }
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string'
      ? auth.token
      : fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[DEVICE_COOKIE];
    const a = await this.identity.authenticate(token);
    if (!a.ok) return { ok: false, code: a.code, message: a.code === 'expired' ? 'This device was unused for too long.' : 'Unknown device.' };
    const held = await this.floods.heldFor(a.device.id);
    if (held > 0) return { ok: false, code: 'flooding', message: `Dropped for flooding; reconnect in ${Math.ceil(held / 1000)} s.`, retryAfterMs: held };
    return { ok: true, device: a.device, createdAt: a.createdAt, credential: a.credential, heard: a.heard };
  }

  /** Login, logout, "log out other devices": every open socket of these devices is that identity now. */
  async identityChanged(devices: DeviceIdentity[]): Promise<void> {
    // each process's edge updates its own sockets: tell the others too
    if (this.config.redisUrl) this.io.serverSideEmit(IDENTITY_EVENT, devices);
    await this.updateIdentities(devices);
  }

  private async updateIdentities(devices: DeviceIdentity[]): Promise<void> {
    for (const device of devices) {
      for (const socket of await this.closeRevoked([device.id])) {
        const st = socket.data as SocketState;
        const accountChanged = (st.device.user?.id ?? null) !== (device.user?.id ?? null);
        if (accountChanged && st.device.user) await socket.leave(accountChannel(st.device.user.id));
        if (accountChanged && device.user) await socket.join(accountChannel(device.user.id));
        st.device = { ...device, user: device.user && { ...device.user } };
        // a queue entry holds the account it joined as: another account (or none) must not be paired in it
        if (accountChanged && (await this.matchmaker.leave(socket.id))) send(socket, { type: 'ranked', queue: null });
        send(socket, { type: 'welcome', device: { id: device.id, name: device.name }, user: device.user });
        // its rooms learn the name it goes by now (presence, and its seat between games)
        const caller = callerOf(socket, st);
        for (const code of st.rooms) {
          this.toOwner(code, caller, { type: 'room.join', code }).catch((err) => this.log.warn({ err, room: code }, 'rename not told'));
        }
      }
    }
  }

  /**
   * Closes this process's sockets of these devices (null: of every device) that signed in with a token
   * the device no longer has: a token copied before a login must not hold a socket that becomes the
   * account. The device's own tabs reconnect with its new cookie. Returns the sockets left open.
   */
  private async closeRevoked(deviceIds: string[] | null): Promise<Socket[]> {
    const all = this.io.sockets.sockets;
    const ids = deviceIds === null
      ? [...all.keys()]
      : deviceIds.flatMap((d) => [...(this.io.sockets.adapter.rooms.get(deviceChannel(d)) ?? [])]);
    const sockets = ids.flatMap((id) => {
      const s = all.get(id);
      return s && (s.data as Partial<SocketState>).rooms ? [s] : []; // set up by connected()
    });
    if (sockets.length === 0) return [];
    const now = await this.identity.credentialsOf([...new Set(sockets.map((s) => (s.data as SocketState).device.id))]);
    return sockets.filter((s) => {
      const st = s.data as SocketState;
      if (now.get(st.device.id) === st.credential) return true;
      this.revoke(s);
      return false;
    });
  }

  private revoke(socket: Socket): void {
    if (socket.disconnected) return;
    this.log.info({ device: (socket.data as SocketState).device.id }, 'socket closed: its device\'s token was rotated');
    socket.disconnect(true);
  }

  /**
   * The lobby, live: every few seconds, when this process's part of it changed, everyone watching is
   * sent the whole lobby again (gathered from every process).
   */
  startLobby(): void {
    let last = '';
    let running = false;
    const t = setInterval(() => {
      if (running) return;
      const now = JSON.stringify(this.lobby.listing());
      if (now === last) return;
      last = now;
      running = true;
      this.wholeLobby()
        .then((lobby) => this.fanout.toChannel(LOBBY_CHANNEL, { type: 'lobby', lobby }))
        .catch((err) => this.log.warn({ err }, 'lobby update failed'))
        .finally(() => { running = false; });
    }, LOBBY_EVERY_MS);
    t.unref();
    this.timers.push(t);
  }

  /** The lobby across every process of the site. */
  private async wholeLobby(): Promise<LobbyListing> {
    const mine = this.lobby.listing();
    if (!this.config.redisUrl) return mine;
    const parts = await new Promise<unknown[]>((resolve) => {
      const timer = setTimeout(() => resolve([]), LOBBY_TIMEOUT_MS);
      Promise.resolve(this.io.of('/').adapter.serverSideEmit([LOBBY_EVENT, (_err: unknown, answers: unknown[] = []) => {
        clearTimeout(timer);
        resolve(answers);
      }])).catch(() => resolve([]));
    });
    const lobbies = [mine, ...parts.flatMap((p) => { const r = LobbySchema.safeParse(p); return r.success ? [r.data] : []; })];
    return { rooms: lobbies.flatMap((l) => l.rooms), live: lobbies.flatMap((l) => l.live) };
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
    for (const t of this.timers) clearInterval(t);
    if (this.pairing) clearInterval(this.pairing);
    this.pairing = null;
  }

  private connected(socket: Socket): void {
    const { device, createdAt, credential, heard } = socket.data as Admitted;
    const credit = this.floods.credit(device.id, createdAt);
    const st: SocketState = { device, credential, credit, bucket: credit.bucket, rooms: new Set(), lag: new TransportLag() };
    socket.data = st;
    // Each engine ping and its pong: the round trip this socket's moves are credited from.
    socket.conn.on('packetCreate', (p: { type: string }) => { if (p.type === 'ping') st.lag.pinged(performance.now()); });
    socket.conn.on('heartbeat', () => st.lag.ponged(performance.now()));
    void socket.join(deviceChannel(st.device.id));
    // an account's sockets, on every process: its challenges reach them, and friends see it online
    if (st.device.user) void socket.join(accountChannel(st.device.user.id));
    send(socket, { type: 'welcome', device: { id: st.device.id, name: st.device.name }, user: st.device.user });
    // a change heard since the handshake's check (a login, on any process) may have rotated its token,
    // and this socket was not yet among the device's to close
    if (this.identity.changedSince(heard)) {
      this.closeRevoked([device.id]).catch((err) => this.log.error({ err }, 'revoked sockets not closed'));
    }
    // Out of credit: no parse and at most one notice a window; a socket that goes on is dropped and
    // its device held back for a while, so a flooder costs others next to nothing.
    const admitted = (): boolean => {
      const a = st.credit.admit();
      if (a.kind === 'pass') return true;
      if (a.kind === 'notice') send(socket, { type: 'error', code: 'rate-limited', message: 'Too many messages; slow down.', retryAfterMs: a.retryAfterMs });
      if (a.kind === 'drop') {
        this.floods.hold(st.device.id, a.holdBackMs);
        this.log.warn({ device: st.device.id, address: clientAddress(this.config, socket.handshake) }, 'socket dropped for flooding');
        send(socket, { type: 'error', code: 'flooding', message: `Dropped for flooding; reconnect in ${Math.ceil(a.holdBackMs / 1000)} s.`, retryAfterMs: a.holdBackMs });
        socket.disconnect(true);
      }
      return false;
    };
    // A frame over maxMessageBytes (the transport reads up to FRAME_CAP times that: config.ts) is refused
    // unread, with words the client can show, rather than the connection dropped with none.
    let frameBytes = 0;
    socket.conn.on('packet', (p: { type: string; data?: unknown }) => {
      frameBytes = p.type !== 'message' ? 0 : typeof p.data === 'string' ? Buffer.byteLength(p.data) : Buffer.isBuffer(p.data) ? p.data.length : 0;
    });
    socket.use((_event, next) => {
      if (frameBytes <= this.config.maxMessageBytes) return next();
      if (admitted()) sendError(socket, 'too-large', `That message is ${Math.ceil(frameBytes / 1024)} KiB; messages may be at most ${this.config.maxMessageBytes / 1024} KiB. It was not read.`);
    });
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
      const timed = msg.type === 'move' ? this.metrics.moveRoundTrip.startTimer() : null;
      handler(socket, st, msg as never).finally(() => timed?.()).catch((err) => {
        if (isStorageOutage(err)) {
          // Nothing was applied (GameSession restores the game on a failed write): the client sends the
          // same message again, with the same ack id, once storage is back.
          this.log.warn({ err: (err as Error).message, device: st.device.id, type: msg.type }, 'storage unreachable');
          return send(socket, unavailable('ack' in msg ? msg.ack : undefined));
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
      this.floods.release(device.id);
      void this.matchmaker.leave(socket.id).catch((err) => this.log.warn({ err }, 'ranked leave failed'));
      const caller = callerOf(socket, st);
      for (const code of st.rooms) {
        this.toOwner(code, caller, { type: 'room.leave', code }).catch((err) => this.log.error({ err, room: code }, 'leave failed'));
      }
    });
  }

  private readonly handlers: { [T in ClientMessage['type']]: Handler<T> } = {
    'room.create': async (socket, st, m) => {
      const room = await this.openRoom(socket, st, m);
      if (room) await this.execute(room, callerOf(socket, st), { type: 'room.join', code: room.code, ack: m.ack });
    },
    // "Play the CPU": the room, the seats and the start, on the server (not in a browser tab that may close)
    'room.cpuGame': async (socket, st, m) => {
      const room = await this.openRoom(socket, st, m);
      if (!room) return;
      await this.execute(room, callerOf(socket, st), { type: 'room.join', code: room.code });
      await this.execute(room, callerOf(socket, st), m);
    },
    'room.join': async (socket, st, m) => {
      await this.joinChannel(socket, st, m.code);
      await this.toOwner(m.code, callerOf(socket, st), m);
    },
    'room.leave': async (socket, st, m) => {
      if (!st.rooms.has(m.code)) return sendError(socket, 'not-in-room', 'You are not in that room.', acked(m.ack));
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
    move: (socket, st, m) => this.inGame(socket, st, m),
    resign: (socket, st, m) => this.inGame(socket, st, m),
    abort: (socket, st, m) => this.inGame(socket, st, m),
    draw: (socket, st, m) => this.inGame(socket, st, m),
    takeback: (socket, st, m) => this.inGame(socket, st, m),
    'give-time': (socket, st, m) => this.inGame(socket, st, m),
    adjourn: (socket, st, m) => this.inGame(socket, st, m),
    seal: (socket, st, m) => this.inGame(socket, st, m),
    resume: (socket, st, m) => this.inGame(socket, st, m),
    sync: (socket, st, m) => this.inGame(socket, st, m),
    'chat.send': (socket, st, m) => this.inRoom(socket, st, m),
    'chat.mute': (socket, st, m) => this.inRoom(socket, st, m),
    'lobby.watch': async (socket) => {
      await socket.join(LOBBY_CHANNEL);
      send(socket, { type: 'lobby', lobby: await this.wholeLobby() });
    },
    'lobby.unwatch': async (socket) => {
      await socket.leave(LOBBY_CHANNEL);
    },
    // A tournament's page: the tournament now, then again whenever it changes (any process tells the channel).
    'tournament.watch': async (socket, _st, m) => {
      const view = await this.tournaments.view(m.id);
      if (!view) return sendError(socket, 'no-tournament', 'No such tournament.');
      await socket.join(tournamentChannel(m.id));
      send(socket, { type: 'tournament', tournament: view });
    },
    'tournament.unwatch': async (socket, _st, m) => {
      await socket.leave(tournamentChannel(m.id));
    },
    'ranked.join': async (socket, st, m) => {
      // The device as stored now, not as this socket last heard: a logout elsewhere cannot slip through,
      // nor a token that a login replaced.
      const stored = await this.identity.holding(st.device.id, st.credential);
      if (!stored) return this.revoke(socket);
      st.device = stored;
      const user = stored.user;
      if (!user) return sendError(socket, 'account-required', 'Ranked play needs an account: register or log in first.', acked(m.ack));
      const { since, rating, replaced } = await this.matchmaker.join(socket.id, { ...st.device, user }, m.control);
      for (const id of replaced) this.fanout.toSocket(id, { type: 'ranked', queue: null });
      send(socket, { type: 'ranked', queue: { control: m.control, since, rating } });
      if (m.ack !== undefined) send(socket, { type: 'ack', ack: m.ack, version: 0, serverNow: Date.now() });
      await this.pairRanked();
    },
    'ranked.leave': async (socket, _st, m) => {
      await this.matchmaker.leave(socket.id);
      send(socket, { type: 'ranked', queue: null });
      if (m.ack !== undefined) send(socket, { type: 'ack', ack: m.ack, version: 0, serverNow: Date.now() });
    },
  };

  // ---- where a command runs: on the room's owner ------------------------------------------------

  private async joinChannel(socket: Socket, st: SocketState, code: string): Promise<void> {
    st.rooms.add(code);
    await socket.join(roomChannel(code));
  }

  /** A new room hosted by this socket's device, the socket in its channel; null when refused (and told why). */
  private async openRoom(socket: Socket, st: SocketState, m: { options?: RoomOptionsPatch; ack?: string }): Promise<Room | null> {
    // the options as the room would hold them: a start position must be one of the room's variant
    const options = RoomOptionsSchema.safeParse(m.options ?? {});
    if (!options.success) {
      sendError(socket, 'malformed', options.error.issues[0]?.message ?? 'Those options do not fit together.', acked(m.ack));
      return null;
    }
    const opened = await this.lobby.open({ deviceId: st.device.id, address: clientAddress(this.config, socket.handshake) }, options.data);
    if (!opened.ok) {
      sendError(socket, opened.code, opened.message, acked(m.ack));
      return null;
    }
    await this.joinChannel(socket, st, opened.room.code);
    return opened.room;
  }

  private async inRoom(socket: Socket, st: SocketState, m: RoomCommand & { code: string }): Promise<void> {
    if (!st.rooms.has(m.code)) return sendError(socket, 'not-in-room', 'Join the room first.', acked(m.ack));
    await this.toOwner(m.code, callerOf(socket, st), m);
  }

  private async inGame(socket: Socket, st: SocketState, m: GameCommand): Promise<void> {
    const code = await this.codeOfGame(m.gameId);
    if (!code) return sendError(socket, 'no-game', 'No such game.', acked(m.ack));
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
   * the Socket.IO adapter). A command waiting for an owner that died moves on as soon as the room's
   * lease leaves it, to whichever process takes the room over, so a failover delays moves but loses none.
   */
  private async toOwner(code: string, caller: Caller, m: RoomCommand): Promise<void> {
    const ack = 'ack' in m ? m.ack : undefined;
    const deadline = Date.now() + this.config.leaseMs + this.config.forwardTimeoutMs;
    for (;;) {
      const at = await this.lobby.locate(code);
      if (!at) return this.fanout.toSocket(caller.socketId, errorMessage('no-room', `No room ${code}.`, ack ? { ack } : {}));
      if ('room' in at) return this.execute(at.room, caller, m);
      const outcome = await this.forward({ to: at.owner, code, caller, message: m });
      if (outcome === 'ran') return;
      if (this.stopped || Date.now() > deadline) {
        return this.fanout.toSocket(caller.socketId, errorMessage('internal', 'The room\'s server did not answer; try again.', ack ? { ack } : {}));
      }
      if (outcome !== 'moved') await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * Sends a command to the room's owner and waits for its answer, or for the owner to lose the room:
   * the lease is watched while no answer comes, since a dead owner never answers. Moving on after
   * that is safe: the old owner can no longer store anything for the room, and moves carry ack ids,
   * applied once.
   */
  private forward(f: Omit<Forwarded, 'id' | 'from'>): Promise<ForwardOutcome> {
    const id = randomUUID();
    return new Promise((resolve) => {
      const done = (outcome: ForwardOutcome) => {
        clearTimeout(timer);
        clearInterval(watch);
        this.awaiting.delete(id);
        resolve(outcome);
      };
      const timer = setTimeout(() => done('unanswered'), this.config.forwardTimeoutMs);
      const watch = setInterval(() => {
        this.ownership.holderOf(f.code).then((holder) => { if (holder !== f.to) done('moved'); }, () => {});
      }, Math.max(100, Math.floor(this.config.leaseMs / 10)));
      this.awaiting.set(id, (ok) => done(ok ? 'ran' : 'refused'));
      // the adapter's promise, not io.serverSideEmit's boolean: Redis being away must not go unheard
      Promise.resolve(this.io.of('/').adapter.serverSideEmit([FORWARD_EVENT, { ...f, id, from: this.ownership.self }]))
        .catch(() => done('unanswered'));
    });
  }

  /**
   * Another process forwarded a command for a room this process owns (checked again: it is input too).
   * Only the owner answers, at once: the sender does not wait for every process of the site.
   */
  private async fromPeer(raw: unknown): Promise<void> {
    const f = ForwardedSchema.safeParse(raw);
    if (!f.success || f.data.to !== this.ownership.self) return;
    const answer = (ok: boolean) => this.io.serverSideEmit(FORWARDED_EVENT, { id: f.data.id, to: f.data.from, ok });
    try {
      const room = await this.lobby.get(f.data.code);
      if (room) await this.execute(room, f.data.caller, f.data.message as RoomCommand);
      answer(room !== null);
    } catch (err) {
      this.log.error({ err }, 'forwarded command failed');
      answer(false);
    }
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
      try {
        await this.run(room, caller, m, to, refuse);
      } catch (err) {
        if (!isStorageOutage(err)) throw err;
        // Nothing was applied (GameSession restores the game on a failed write): the client sends the
        // same message again, with the same ack id, once storage is back.
        this.log.warn({ err: (err as Error).message, device: caller.device.id, type: m.type }, 'storage unreachable');
        to(unavailable('ack' in m ? m.ack : undefined));
      }
    });
  }

  private async run(room: Room, caller: Caller, m: RoomCommand, to: (msg: ServerMessage) => void, refuse: (r: Reply, ack?: string) => void): Promise<void> {
    // the sender's answer, before the room is told: its ack once done, or the refusal carrying the ack
    const answer = (r: Reply) => {
      if (r.ok && m.ack !== undefined) to({ type: 'ack', ack: m.ack, version: r.version, serverNow: Date.now() });
      refuse(r, m.ack);
    };
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
          to({ type: 'chat.history', code: room.code, messages: await room.chatFor(caller.device) });
          answer(step.reply);
          return this.fanout.toRoom(room.code, step.out, caller.socketId);
        }
        case 'room.leave': {
          const step = await room.exit(caller.device.id, caller.socketId);
          answer(step.reply);
          // an empty room leaves memory by itself a while later (Lobby.letEmptyRoomsGo)
          return this.fanout.toRoom(room.code, step.out);
        }
        case 'sync': {
          const session = room.session;
          if (session?.id !== m.gameId) return to(errorMessage('no-game', 'No such game.', acked(m.ack)));
          this.catchUp(to, room, session, m.version);
          return answer({ ok: true, version: session.version });
        }
        case 'move': case 'resign': case 'abort': case 'draw': case 'takeback': case 'give-time':
        case 'adjourn': case 'seal': case 'resume': {
          if (room.session?.id !== m.gameId) return to(errorMessage('no-game', 'That game is over.', acked(m.ack)));
          if (room.session.colorOf(caller.device.id)) this.seatedRate(caller.socketId);
          const step = await room.play((g) => gameCommand(g, caller.device.id, m, caller.lagMs));
          answer(step.reply);
          if (!step.reply.ok && step.reply.resync) {
            const game = room.gameMessage('resync');
            if (game) to(game);
          }
          return this.fanout.toRoom(room.code, step.out);
        }
        default: {
          const step = await roomCommand(room, caller.device, m);
          answer(step.reply);
          if (step.toDevices) this.fanout.toDevices(step.toDevices.deviceIds, step.toDevices.messages);
          return this.fanout.toRoom(room.code, step.out, undefined, step.hiddenFrom);
        }
    }
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

  // A seated player's socket (on this process) refills faster than a spectator's.
  private seatedRate(socketId: string): void {
    const st = this.io.sockets.sockets.get(socketId)?.data as SocketState | undefined;
    if (st) st.bucket.refillPerSecond = this.config.rateLimit.refillPerSecond;
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
  private async startRanked({ black, white, control }: Match): Promise<void> {
    const timeControl = { ...RANKED_CONTROLS[control] }; // a copy: the set itself is frozen
    const started = await this.lobby.startGame(
      { black: black.device, white: white.device }, { ...DEFAULT_ROOM_OPTIONS, timeControl, alternateFirst: true },
      { black: black.accountId, white: white.accountId },
    );
    if (!started) return;
    const { room, gameId } = started;
    this.log.info({ game: gameId, black: black.accountId, white: white.accountId, control }, 'ranked match');
    for (const [color, e] of [['black', black], ['white', white]] as const) {
      this.fanout.toSocket(e.id, { type: 'ranked', queue: null });
      this.fanout.toSocket(e.id, { type: 'ranked.match', roomCode: room.code, gameId, color });
    }
  }

}

const callerOf = (socket: Socket, st: SocketState): Caller => ({ socketId: socket.id, device: st.device, lagMs: st.lag.estimateMs });

function gameCommand(g: GameSession, deviceId: string, m: Exclude<GameCommand, { type: 'sync' }>, lagMs: number): Promise<Step> {
  switch (m.type) {
    case 'move': return g.move(deviceId, m.usi, m.version, m.ack, lagMs);
    case 'give-time': return g.giveTime(deviceId);
    case 'resign': return g.resign(deviceId);
    case 'abort': return g.abort(deviceId);
    case 'draw': return g.draw(deviceId, m.action);
    case 'takeback': return g.takeback(deviceId, m.action);
    case 'adjourn': return g.adjourn(deviceId, m.action);
    case 'seal': return g.seal(deviceId, m.usi, m.version, m.ack, lagMs);
    case 'resume': return g.resume(deviceId, m.action);
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
    case 'room.cpuGame': return room.cpuGame(device, m.color ?? 'black', m.level);
    case 'chat.send': return room.chat(device, m.channel, m.text);
    case 'chat.mute': return room.mute(device.id, m.deviceId, m.muted);
  }
}

function send(socket: Socket, msg: ServerMessage): void {
  socket.emit(SERVER_EVENT, msg);
}

const unavailable = (ack: string | undefined): ServerMessage => ({
  type: 'error', code: 'unavailable', message: 'Storage is unreachable; nothing was applied. Retry shortly.',
  ...(ack !== undefined ? { ack } : {}), retryAfterMs: OUTAGE_RETRY_MS,
});

const acked = (ack: string | undefined): { ack?: string } => (ack !== undefined ? { ack } : {});

const errorMessage = (code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): ServerMessage =>
  ({ type: 'error', code, message, ...extra });

function sendError(socket: Socket, code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): void {
  send(socket, errorMessage(code, message, extra));
}
