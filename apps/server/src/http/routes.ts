import type { TLSSocket } from 'node:tls';
import {
  ChangePasswordBodySchema, CreateDeviceBodySchema, CredentialsBodySchema, DEVICE_COOKIE, isApiTokenSecret, LeaderboardQuerySchema, PasswordBodySchema, RecoverBodySchema, IdSchema, RenameDeviceBodySchema, RoomCodeSchema, UsernameSchema,
  type AccountStatus, type LogoutOthersResult, type RecoveryCodes,
} from '@chu/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Health } from '../health.ts';
import type { Metrics } from '../metrics.ts';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import { checkOrigin, fromBrowser, overHttps, type OriginPolicy } from '../identity/origin.ts';
import type { Archive } from '../db/Archive.ts';
import type { GameRecords } from '../db/GameRecords.ts';
import { myGames } from './myGames.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { RatingBook } from '../ranked/RatingBook.ts';
import { HttpRefusal } from './errors.ts';
import { parsed, requestDevice, requestViewer, tokenOf } from './requester.ts';
import type { RouteLimits } from './limits.ts';
import type { LessonProgress } from '../learn/LessonProgress.ts';

const DAY_S = 24 * 3600;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteDeps {
  identity: Identity;
  lobby: Lobby;
  records: GameRecords;
  archive: Archive;
  /** lessons solved as a guest become the account's when it logs in on that device */
  lessons: LessonProgress;
  ratings: RatingBook;
  health: Health;
  metrics: Metrics;
  limits: RouteLimits;
  origin: OriginPolicy;
  deviceIdleDays: number;
  dbKind: string;
  msPerSecond: number; // clock seconds (CHU_MS_PER_SECOND): a correspondence deadline counts in them
  /** GET /api/account for a personal API token (issue 50): the account in lishogi's shape, as the API answers it. */
  apiAccount(req: FastifyRequest, reply: FastifyReply): Promise<object>;
  /** Devices whose identity just changed (login, logout): their open sockets follow at once. */
  identityChanged(devices: DeviceIdentity[]): Promise<void>;
  /** An account was deleted: the rooms in memory, on whichever process owns them, stop showing its name. */
  accountDeleted(userId: string): void;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { identity, lobby, records, limits } = deps;
  const encrypted = (req: FastifyRequest) => (req.raw.socket as TLSSocket).encrypted === true;

  // A page on another site may make the browser send our cookie with a form or fetch: refuse it before
  // anything runs. Programs without Origin or Referer carry no victim's cookie (see identity/origin.ts).
  app.addHook('onRequest', async (req) => {
    if (UNSAFE.has(req.method) && checkOrigin(deps.origin, req.headers, encrypted(req)) === 'foreign') {
      throw new HttpRefusal(403, 'forbidden-origin', 'Requests from other sites are not accepted.');
    }
  });

  const body = <S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> => {
    const r = schema.safeParse(req.body ?? {});
    if (!r.success) throw new HttpRefusal(400, 'malformed', `Malformed body: ${r.error.issues[0]?.message ?? 'invalid'}.`);
    return r.data;
  };

  const device = (req: FastifyRequest): Promise<DeviceIdentity> => requestDevice(identity, req);

  // The token travels in the httpOnly cookie; only programs (no Origin header) get it in the
  // body too, for the socket handshake's auth, since page scripts must never be able to read it.
  const issue = (req: FastifyRequest, reply: FastifyReply, token: string): { token?: string } => {
    void reply.setCookie(DEVICE_COOKIE, token, {
      httpOnly: true, sameSite: 'lax', path: '/', maxAge: deps.deviceIdleDays * DAY_S,
      secure: overHttps(deps.origin, req.headers, encrypted(req)),
    });
    return fromBrowser(req.headers) ? {} : { token };
  };

  // Liveness is the process; readiness is storage (and Redis) answering within a second.
  app.get('/health/live', async () => ({ ok: true }));
  for (const path of ['/health', '/health/ready']) {
    app.get(path, async (_req, reply) => {
      const r = await deps.health.report();
      return reply.code(r.ok ? 200 : 503).send({ ...r, db: deps.dbKind });
    });
  }
  // Prometheus' scrape: games, sockets, moves and the CPU's queue (README lists the figures).
  app.get('/metrics', async (_req, reply) => reply.type(deps.metrics.contentType).send(await deps.metrics.text()));

  // First visit: a guest device. A returning device gets itself back (and its cookie's life renewed).
  app.post('/api/device', async (req, reply) => {
    const b = body(CreateDeviceBodySchema, req);
    const token = tokenOf(req);
    const existing = await identity.authenticate(token);
    if (existing.ok && token) {
      if (req.cookies[DEVICE_COOKIE] === token) issue(req, reply, token);
      return { device: existing.device };
    }
    await limits.newDevice(req, reply);
    const made = await identity.createDevice(b.name);
    return { device: made.device, ...issue(req, reply, made.token) };
  });

  app.get('/api/me', async (req) => ({ device: await device(req) }));

  app.patch('/api/device', async (req) => {
    const b = body(RenameDeviceBodySchema, req);
    const renamed = await identity.rename(await device(req), b.name);
    await deps.identityChanged([renamed]); // its open sockets, and the rooms they are in, show the new name
    return { device: renamed };
  });

  app.post('/api/account/register', { config: { rateLimit: limits.register } }, async (req, reply) => {
    const b = body(CredentialsBodySchema, req);
    const r = await identity.register(await device(req), b.username, b.password);
    if (!r.ok) throw new HttpRefusal(409, 'username-taken', 'That username is taken.');
    const sent = r.token ? issue(req, reply, r.token) : {};
    await deps.identityChanged([r.device]);
    // after its rooms know the account: a game started before then still named the guest, and is claimed too
    if (r.device.user) {
      await deps.archive.claimGuestGames(r.device.id, r.device.user.id);
      await deps.lessons.claimGuestProgress(r.device.id, r.device.user.id);
    }
    return { device: r.device, ...sent, recoveryCodes: r.recoveryCodes }; // shown once, now
  });

  app.post('/api/account/login', { config: { rateLimit: limits.login } }, async (req, reply) => {
    const b = body(CredentialsBodySchema, req);
    await limits.account(b.username, req, reply);
    const r = await identity.login(await device(req), b.username, b.password);
    if (!r.ok) {
      await limits.failed(b.username, req);
      throw new HttpRefusal(401, 'bad-credentials', 'Wrong username or password.');
    }
    const sent = r.token ? issue(req, reply, r.token) : {};
    await deps.identityChanged([r.device]);
    if (r.device.user) await deps.lessons.claimGuestProgress(r.device.id, r.device.user.id);
    return { device: r.device, ...sent };
  });

  app.post('/api/account/logout', async (req, reply) => {
    const r = await identity.logout(await device(req));
    const sent = issue(req, reply, r.token);
    await deps.identityChanged([r.device]);
    return { device: r.device, ...sent };
  });

  // Ajustes → "log out other devices": every other device on this account is a guest again, at once.
  app.post('/api/account/logout-others', async (req): Promise<LogoutOthersResult> => {
    const d = await device(req);
    if (!d.user) throw new HttpRefusal(403, 'account-required', 'Log in first.');
    const others = await identity.logoutOthers(d);
    await deps.identityChanged(others);
    return { loggedOut: others.length };
  });

  // Account security (issue 37). Each door that takes a password counts against the account as a login
  // does, so none of them is a way round the login's limits (recovery, which takes a code, has limits of
  // its own: limits.ts AccountDoor); the device is signed in to the
  // account, so the account-wide limit (guesses from elsewhere) never holds it back.
  const accountHolder = async (req: FastifyRequest, reply: FastifyReply): Promise<DeviceIdentity & { user: NonNullable<DeviceIdentity['user']> }> => {
    const d = await device(req);
    if (!d.user) throw new HttpRefusal(403, 'account-required', 'Log in first.');
    await limits.account(d.user.username, req, reply, d.id);
    return { ...d, user: d.user };
  };
  const wrongPassword = async (holder: { user: { username: string } }, req: FastifyRequest) => {
    await limits.failed(holder.user.username, req);
    return new HttpRefusal(401, 'bad-credentials', 'Wrong password.');
  };

  app.get('/api/account', async (req, reply): Promise<AccountStatus | object> => {
    // a program's personal token asks lishogi's question (its account, as UserExtended); a page's device its status
    const token = tokenOf(req);
    if (token && isApiTokenSecret(token)) return deps.apiAccount(req, reply);
    const d = await device(req);
    if (!d.user) throw new HttpRefusal(403, 'account-required', 'Log in first.');
    return identity.accountStatus(d.user);
  });

  // A new password: this device stays in, with a new token; every other device must sign in again.
  app.post('/api/account/password', async (req, reply) => {
    const b = body(ChangePasswordBodySchema, req);
    const holder = await accountHolder(req, reply);
    const r = await identity.changePassword(holder, b.currentPassword, b.newPassword);
    if (!r.ok) throw await wrongPassword(holder, req);
    const sent = issue(req, reply, r.token);
    await deps.identityChanged([r.device, ...r.others]);
    return { device: r.device, ...sent };
  });

  // A forgotten password: a recovery code (used up) and a new password, from a device not logged in as it.
  app.post('/api/account/recover', { config: { rateLimit: limits.login } }, async (req, reply) => {
    const b = body(RecoverBodySchema, req);
    await limits.account(b.username, req, reply, undefined, 'recovery');
    const r = await identity.recover(await device(req), b.username, b.code, b.newPassword);
    if (!r.ok) {
      await limits.failed(b.username, req, 'recovery');
      throw new HttpRefusal(401, 'bad-recovery-code', 'Wrong username or recovery code (each code works once).');
    }
    const sent = issue(req, reply, r.token);
    await deps.identityChanged([r.device, ...r.others]);
    return { device: r.device, ...sent };
  });

  app.post('/api/account/recovery-codes', async (req, reply): Promise<RecoveryCodes> => {
    const b = body(PasswordBodySchema, req);
    const holder = await accountHolder(req, reply);
    const r = await identity.regenerateRecoveryCodes(holder, b.password);
    if (!r.ok) throw await wrongPassword(holder, req);
    return { recoveryCodes: r.recoveryCodes };
  });

  // Deleting the account: its games stay, under "deleted player"; this device goes on as a guest.
  app.post('/api/account/delete', async (req, reply) => {
    const b = body(PasswordBodySchema, req);
    const holder = await accountHolder(req, reply);
    const r = await identity.deleteAccount(holder, b.password);
    if (!r.ok) throw await wrongPassword(holder, req);
    deps.accountDeleted(holder.user.id);
    const sent = issue(req, reply, r.token);
    await deps.identityChanged([r.device, ...r.others]);
    return { device: r.device, ...sent };
  });

  // This device's games in progress (active or adjourned): the way back into each; an account's finished games.
  app.get('/api/me/games', async (req) => {
    const d = await device(req);
    return myGames(records, d.id, d.user?.id ?? null, deps.msPerSecond);
  });

  // Replays: a stored game with its moves (USI) and seat names.
  app.get('/api/games/:id', async (req) => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    const game = id.success ? await records.gameRecord(id.data, await requestViewer(identity, req)) : null;
    if (!game) throw new HttpRefusal(404, 'no-game', 'No such game.');
    return { game };
  });

  // Ranked: one pool's established players (RD < 110), best first (?pool=correspondence; real-time by default).
  app.get('/api/leaderboard', async (req) => deps.ratings.leaderboard(parsed(LeaderboardQuerySchema, req.query, 'query').pool));

  // Any case finds the player: /api/players/ALICE is alice's profile.
  app.get('/api/players/:username', async (req) => {
    const name = UsernameSchema.safeParse((req.params as { username: string }).username);
    const canonical = name.success ? await identity.canonicalUsername(name.data) : null;
    const profile = canonical ? await deps.ratings.profile(canonical) : null;
    if (!profile) throw new HttpRefusal(404, 'no-player', 'No such player.');
    return profile;
  });

  // Invite links: the client resolves /r/CODE through this.
  app.get('/api/rooms/:code', async (req) => {
    const code = RoomCodeSchema.safeParse((req.params as { code: string }).code);
    const room = code.success ? await lobby.get(code.data) : null;
    if (!room) throw new HttpRefusal(404, 'no-room', 'No such room.');
    return { room: room.view() };
  });
}
