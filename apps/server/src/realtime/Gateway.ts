import {
  CLIENT_EVENT, ClientMessageSchema, DEVICE_COOKIE, IdSchema, RoomOptionsSchema, SERVER_EVENT,
  type ClientMessage, type ClientMessageOf, type ErrorCode, type ServerMessage,
} from '@chu/protocol';
import fastifyCookie from '@fastify/cookie';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { sitePrefix, type ServerConfig } from '../config.ts';
import type { Metrics } from '../metrics.ts';
import { isStorageOutage, OUTAGE_RETRY_MS } from '../db/outage.ts';
import { API_WATCH_CREDENTIAL, apiCredential, apiSeat, apiWatcher, isApiCredential } from '../identity/apiSeat.ts';
import type { ApiTokens } from '../identity/ApiTokens.ts';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import { safeEqual } from '../identity/secrets.ts';
import { checkOrigin, clientAddress } from '../identity/origin.ts';
import type { Matchmaker } from '../ranked/Matchmaker.ts';
import { execute, routeOf, unavailable, type Caller, type RoomCommand, type RoomCommandType, type Target } from '../rooms/commands.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import { tournamentChannel, type Tournaments } from '../tournaments/Tournaments.ts';
import { accountChannel, deviceChannel, roomChannel, type Fanout } from './Fanout.ts';
import { Floods, type SocketCredit } from './Floods.ts';
import type { Forwarding, Ran } from './Forwarding.ts';
import { HandshakeBudget } from './Handshakes.ts';
import type { LobbyFeed } from './LobbyFeed.ts';
import type { RankedPairing } from './RankedPairing.ts';
import type { TokenBucket } from './TokenBucket.ts';
import { TransportLag } from './TransportLag.ts';

interface SocketState {
  device: DeviceIdentity; // follows login and logout (identityChanged), not only the handshake
  credential: string; // the token it signed in with (Identity's): once the device's token rotates, the socket is closed
  credit: SocketCredit; // the device's, shared with its other sockets on this process
  bucket: TokenBucket; // credit.bucket: seated players refill faster
  lag: TransportLag; // this connection's measured transport lag, credited back to its moves' clocks
}

/** The messages the edge answers itself; every other one is a room command (rooms/commands.ts). */
type EdgeMessageType = Exclude<ClientMessage['type'], RoomCommandType>;
type Handler<T extends EdgeMessageType> = (s: Socket, st: SocketState, m: ClientMessageOf<T>) => Promise<void>;

/** Who a handshake let in (socket.data until the connection is set up). */
interface Admitted { device: DeviceIdentity; createdAt: Date; credential: string; heard: number }
/** What the handshake found: who connects, or why not (an expected refusal, not an exception). */
type Admission = ({ ok: true } & Admitted) | { ok: false; code: ErrorCode; message: string; retryAfterMs?: number };

const IDENTITY_EVENT = 'chu:identity';
const ACCOUNT_DELETED_EVENT = 'chu:account-deleted';
const DevicesSchema = z.array(z.object({ id: IdSchema, name: z.string(), user: z.object({ id: IdSchema, username: z.string() }).nullable() }));

/** The rooms a socket is present in: the room channels it joined (Socket.IO keeps them; nothing else does). */
const ROOM_PREFIX = roomChannel('');
const roomsOf = (socket: Socket): string[] => [...socket.rooms].flatMap((r) => (r.startsWith(ROOM_PREFIX) ? [r.slice(ROOM_PREFIX.length)] : []));

/**
 * The Socket.IO edge: admits the device (handshake budget, origin, identity, flood holds), keeps its
 * sockets (flood limits, a rotated token closes them), parses every message once and hands it on: a
 * room command to its room's owner (realtime/Forwarding, rooms/commands), the rest to its own handlers
 * (the lobby feed, tournaments' pages, the ranked queue).
 */
export class Gateway {
  private readonly floods: Floods;
  private readonly handshakes: HandshakeBudget;

  constructor(
    private readonly io: Server,
    private readonly fanout: Fanout,
    private readonly identity: Identity,
    private readonly lobby: Lobby,
    private readonly forwarding: Forwarding,
    private readonly lobbyFeed: LobbyFeed,
    private readonly ranked: { pairing: RankedPairing; matchmaker: Matchmaker },
    private readonly tournaments: Tournaments,
    private readonly config: ServerConfig,
    redis: Redis | null, // with several processes: the handshake counters and flood holds are the site's
    private readonly log: Logger,
    private readonly metrics: Metrics,
    // the API's own sockets (issue 50): opened by this process for a program's token, with its key
    private readonly api: { tokens: ApiTokens; key: string } | null = null,
  ) {
    this.floods = new Floods(config, redis, sitePrefix(config), log);
    this.handshakes = new HandshakeBudget(config.handshakes, redis, sitePrefix(config));
  }

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
    // An account deleted on another process: this one's rooms forget its name too.
    this.io.on(ACCOUNT_DELETED_EVENT, (raw: unknown) => {
      const userId = z.string().safeParse(raw);
      if (userId.success) this.lobby.forgetAccount(userId.data);
    });
    // A device's token rotated (here or on another process): its sockets that signed in with the old one close.
    this.identity.onChange((deviceIds) => {
      this.closeRevoked(deviceIds).catch((err) => this.log.error({ err }, 'revoked sockets not closed'));
    });
    this.forwarding.attach();
    this.lobbyFeed.attach();
  }

  /**
   * The handshake, cheapest refusal first: the address's budget (before any lookup), the origin, the
   * device, then a flood hold on it (on any process of the site).
   */
  private async admit(socket: Socket): Promise<Admission> {
    const auth = socket.handshake.auth as { token?: unknown; apiToken?: unknown; watch?: unknown; key?: unknown } | undefined;
    const ownLoopback = this.api !== null && typeof auth?.key === 'string' && safeEqual(auth.key, this.api.key);
    if (ownLoopback && auth?.apiToken !== undefined) return this.admitApi(auth.apiToken);
    // a spectator's stream of a game (GET /api/stream/game/{id}): nobody's device, signed in to no account
    if (ownLoopback && auth?.watch === true) return { ok: true, device: apiWatcher(), createdAt: new Date(0), credential: API_WATCH_CREDENTIAL, heard: -1 };
    const budget = await this.handshakes.take(clientAddress(this.config, socket.handshake));
    if (!budget.ok) {
      return { ok: false, code: 'rate-limited', message: `Too many connections from this address; retry in ${Math.ceil(budget.retryAfterMs / 1000)} s.`, retryAfterMs: budget.retryAfterMs };
    }
    // an API token from anywhere but this process's own loopback: refused, after the address paid for the try
    if (auth?.apiToken !== undefined) return { ok: false, code: 'api-token-required', message: 'API tokens work on the HTTP API (docs/api.md), not on sockets.' };
    // A page on another site must not open a socket that carries our visitor's cookie.
    if (checkOrigin(this.config, socket.handshake.headers, socket.handshake.secure) === 'foreign') {
      return { ok: false, code: 'forbidden-origin', message: 'Connections from other sites are not accepted.' };
    }
    const token = typeof auth?.token === 'string'
      ? auth.token
      : fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[DEVICE_COOKIE];
    const a = await this.identity.authenticate(token);
    if (!a.ok) return { ok: false, code: a.code, message: a.code === 'expired' ? 'This device was unused for too long.' : 'Unknown device.' };
    const held = await this.floods.heldFor(a.device.id);
    if (held > 0) return { ok: false, code: 'flooding', message: `Dropped for flooding; reconnect in ${Math.ceil(held / 1000)} s.`, retryAfterMs: held };
    return { ok: true, device: a.device, createdAt: a.createdAt, credential: a.credential, heard: a.heard };
  }

  /**
   * A socket the API opened on this process for a program's token (api/Loopback): only this process has
   * the key, so no program opens one itself. It sits as the account's API seat; the API's own limits
   * (per token and address) counted its requests, so the address budget (this machine's) is not taken.
   */
  private async admitApi(apiToken: unknown): Promise<Admission> {
    if (!this.api || typeof apiToken !== 'string') return { ok: false, code: 'api-token-required', message: 'The API\'s socket carries its token as a string.' };
    const r = await this.api.tokens.check(apiToken);
    if (!r.ok) return { ok: false, code: 'unauthenticated', message: 'No such API token: it was revoked, or never existed.' };
    const seat = apiSeat(r.caller.user);
    return { ok: true, device: { ...seat, user: seat.user! }, createdAt: new Date(0), credential: apiCredential(r.caller.tokenId), heard: -1 };
  }

  /** Login, logout, "log out other devices": every open socket of these devices is that identity now. */
  async identityChanged(devices: DeviceIdentity[]): Promise<void> {
    // each process's edge updates its own sockets: tell the others too
    if (this.config.redisUrl) this.io.serverSideEmit(IDENTITY_EVENT, devices);
    await this.updateIdentities(devices);
  }

  /** An account was deleted (its stored seats already renamed): every process's rooms in memory follow. */
  accountDeleted(userId: string): void {
    if (this.config.redisUrl) this.io.serverSideEmit(ACCOUNT_DELETED_EVENT, userId);
    this.lobby.forgetAccount(userId);
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
        if (accountChanged && (await this.ranked.matchmaker.leave(socket.id))) send(socket, { type: 'ranked', queue: null });
        send(socket, { type: 'welcome', device: { id: device.id, name: device.name }, user: device.user });
        // its rooms learn the name it goes by now (presence, and its seat between games)
        const caller = callerOf(socket, st);
        for (const code of roomsOf(socket)) {
          this.forwarding.toOwner(code, caller, { type: 'room.join', code }).catch((err) => this.log.warn({ err, room: code }, 'rename not told'));
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
      return s && (s.data as Partial<SocketState>).lag ? [s] : []; // set up by connected()
    });
    if (sockets.length === 0) return [];
    const now = await this.identity.credentialsOf([...new Set(sockets.map((s) => (s.data as SocketState).device.id))]);
    return sockets.filter((s) => {
      const st = s.data as SocketState;
      if (isApiCredential(st.credential)) return true; // a token's socket: its stream ends it on revocation (api/)
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

  stop(): void {
    this.forwarding.stop();
  }

  private connected(socket: Socket): void {
    const { device, createdAt, credential, heard } = socket.data as Admitted;
    const credit = this.floods.credit(device.id, createdAt);
    const st: SocketState = { device, credential, credit, bucket: credit.bucket, lag: new TransportLag() };
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
    if (heard >= 0 && this.identity.changedSince(heard)) {
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
      const route = routeOf(msg);
      const timed = route?.timed ? this.metrics.moveRoundTrip.startTimer() : null;
      const handled = route
        ? this.route(socket, st, msg as RoomCommand, route.target)
        : (this.handlers[msg.type as EdgeMessageType] as Handler<EdgeMessageType>)(socket, st, msg as never);
      handled.finally(() => timed?.()).catch((err) => {
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
    // 'disconnecting': the socket still holds its room channels, which say where it was present
    socket.on('disconnecting', () => {
      this.floods.release(device.id);
      void this.ranked.matchmaker.leave(socket.id).catch((err) => this.log.warn({ err }, 'ranked leave failed'));
      const caller = callerOf(socket, st);
      for (const code of roomsOf(socket)) {
        this.forwarding.toOwner(code, caller, { type: 'room.leave', code }).catch((err) => this.log.error({ err, room: code }, 'leave failed'));
      }
    });
  }

  /** The edge's own messages: everything that is not a room command. */
  private readonly handlers: { [T in EdgeMessageType]: Handler<T> } = {
    'lobby.watch': async (socket) => {
      send(socket, { type: 'lobby', lobby: await this.lobbyFeed.watch(socket) });
    },
    'lobby.unwatch': (socket) => this.lobbyFeed.unwatch(socket),
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
      const joined = await this.ranked.matchmaker.join(socket.id, { ...st.device, user }, m.control);
      if (!joined.ok) return sendError(socket, joined.denial.code, joined.denial.message, acked(m.ack));
      const { since, rating, replaced } = joined;
      for (const id of replaced) this.fanout.toSocket(id, { type: 'ranked', queue: null });
      send(socket, { type: 'ranked', queue: { control: m.control, since, rating } });
      if (m.ack !== undefined) send(socket, { type: 'ack', ack: m.ack, version: 0, serverNow: Date.now() });
      await this.ranked.pairing.pair();
    },
    'ranked.leave': async (socket, _st, m) => {
      await this.ranked.matchmaker.leave(socket.id);
      send(socket, { type: 'ranked', queue: null });
      if (m.ack !== undefined) send(socket, { type: 'ack', ack: m.ack, version: 0, serverNow: Date.now() });
    },
  };

  /**
   * A room command goes to its room's owner, where rooms/commands runs it; the socket's side of it
   * (entering or leaving the room's channel, the room it opens) is done here. What comes back is a
   * fact about the caller its own process keeps: a seated player's socket refills faster.
   */
  private async route(socket: Socket, st: SocketState, m: RoomCommand, target: Target): Promise<void> {
    const ran = await this.ranWhere(socket, st, m, target);
    if (ran?.seated) st.bucket.refillPerSecond = this.config.rateLimit.refillPerSecond;
  }

  private async ranWhere(socket: Socket, st: SocketState, m: RoomCommand, target: Target): Promise<Ran | null> {
    const caller = callerOf(socket, st);
    switch (target) {
      case 'new': {
        const room = await this.openRoom(socket, st, m as Extract<RoomCommand, { type: 'room.create' | 'room.cpuGame' }>);
        if (!room) return null;
        const deps = { outlet: this.fanout, log: this.log };
        await execute(room, caller, { type: 'room.join', code: room.code }, deps);
        return execute(room, caller, m, deps);
      }
      case 'enter': {
        const { code } = m as ClientMessageOf<'room.join'>;
        await socket.join(roomChannel(code));
        return this.forwarding.toOwner(code, caller, m);
      }
      case 'leave': {
        const { code } = m as ClientMessageOf<'room.leave'>;
        if (!socket.rooms.has(roomChannel(code))) return refused(socket, 'not-in-room', 'You are not in that room.', m.ack);
        await socket.leave(roomChannel(code));
        const ran = await this.forwarding.toOwner(code, caller, m);
        send(socket, { type: 'left', code });
        return ran;
      }
      case 'room': {
        const { code } = m as Extract<RoomCommand, { code: string }>;
        if (!socket.rooms.has(roomChannel(code))) return refused(socket, 'not-in-room', 'Join the room first.', m.ack);
        return this.forwarding.toOwner(code, caller, m);
      }
      case 'game': return this.forwarding.toGameOwner((m as Extract<RoomCommand, { gameId: string }>).gameId, caller, m);
    }
  }

  /** A new room hosted by this socket's device, the socket in its channel; null when refused (and told why). */
  private async openRoom(socket: Socket, st: SocketState, m: { options?: ClientMessageOf<'room.create'>['options']; ack?: string }) {
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
    await socket.join(roomChannel(opened.room.code));
    return opened.room;
  }
}

const callerOf = (socket: Socket, st: SocketState): Caller => ({ socketId: socket.id, device: st.device, lagMs: st.lag.estimateMs });

function send(socket: Socket, msg: ServerMessage): void {
  socket.emit(SERVER_EVENT, msg);
}

const acked = (ack: string | undefined): { ack?: string } => (ack !== undefined ? { ack } : {});

function sendError(socket: Socket, code: ErrorCode, message: string, extra: { ack?: string; reason?: string } = {}): void {
  send(socket, { type: 'error', code, message, ...extra });
}

/** A room command the edge refuses before it reaches a room: nothing ran. */
function refused(socket: Socket, code: ErrorCode, message: string, ack: string | undefined): null {
  sendError(socket, code, message, acked(ack));
  return null;
}
