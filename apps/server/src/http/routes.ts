import {
  CreateDeviceBodySchema, CredentialsBodySchema, DEVICE_COOKIE, IdSchema, RenameDeviceBodySchema, RoomCodeSchema, UsernameSchema,
} from '@chu/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DeviceIdentity, Identity } from '../identity/Identity.ts';
import type { Store } from '../db/Store.ts';
import type { Lobby } from '../rooms/Lobby.ts';
import type { RatingBook } from '../ranked/RatingBook.ts';

const YEAR_S = 365 * 24 * 3600;

export function registerRoutes(
  app: FastifyInstance,
  deps: { identity: Identity; lobby: Lobby; store: Store; ratings: RatingBook; dbKind: string; ready: () => boolean },
) {
  const { identity, lobby, store } = deps;

  const body = <S extends z.ZodType>(schema: S, req: FastifyRequest, reply: FastifyReply): z.infer<S> | undefined => {
    const r = schema.safeParse(req.body ?? {});
    if (r.success) return r.data;
    void reply.code(400).send({ code: 'malformed', message: `Malformed body: ${r.error.issues[0]?.message ?? 'invalid'}.` });
    return undefined;
  };

  const tokenOf = (req: FastifyRequest): string | undefined => {
    const h = req.headers.authorization;
    if (h?.startsWith('Bearer ')) return h.slice(7);
    return req.cookies[DEVICE_COOKIE];
  };

  const device = async (req: FastifyRequest, reply: FastifyReply): Promise<DeviceIdentity | undefined> => {
    const d = await identity.authenticate(tokenOf(req));
    if (!d) void reply.code(401).send({ code: 'unauthenticated', message: 'No device: POST /api/device first.' });
    return d ?? undefined;
  };

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: YEAR_S });

  app.get('/health', async (_req, reply) => {
    if (!deps.ready()) return reply.code(503).send({ ok: false });
    return { ok: true, db: deps.dbKind };
  });

  // First visit: a guest device. The token is also returned so non-browser clients can use the handshake auth.
  app.post('/api/device', async (req, reply) => {
    const b = body(CreateDeviceBodySchema, req, reply);
    if (!b) return;
    const existing = await identity.authenticate(tokenOf(req));
    if (existing) return { device: existing };
    const { device: d, token } = await identity.createDevice(b.name);
    setCookie(reply, token);
    return { device: d, token };
  });

  app.get('/api/me', async (req, reply) => {
    const d = await device(req, reply);
    if (d) return { device: d };
  });

  app.patch('/api/device', async (req, reply) => {
    const b = body(RenameDeviceBodySchema, req, reply);
    if (!b) return;
    const d = await device(req, reply);
    if (d) return { device: await identity.rename(d, b.name) };
  });

  for (const action of ['register', 'login'] as const) {
    app.post(`/api/account/${action}`, async (req, reply) => {
      const b = body(CredentialsBodySchema, req, reply);
      if (!b) return;
      const d = await device(req, reply);
      if (!d) return;
      const r = action === 'register'
        ? await identity.register(d, b.username, b.password)
        : await identity.login(d, b.username, b.password);
      if (!r.ok) {
        const message = r.code === 'username-taken' ? 'That username is taken.' : 'Wrong username or password.';
        return reply.code(r.code === 'username-taken' ? 409 : 401).send({ code: r.code, message });
      }
      return { device: r.device };
    });
  }

  app.post('/api/account/logout', async (req, reply) => {
    const d = await device(req, reply);
    if (d) return { device: await identity.logout(d) };
  });

  // This device's games in progress (active or adjourned): the way back into each.
  app.get('/api/me/games', async (req, reply) => {
    const d = await device(req, reply);
    if (d) return store.gamesOfDevice(d.id);
  });

  // Replays: a stored game with its moves (USI) and seat names.
  app.get('/api/games/:id', async (req, reply) => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    const game = id.success ? await store.gameRecord(id.data) : null;
    if (!game) return reply.code(404).send({ code: 'no-game', message: 'No such game.' });
    return { game };
  });

  // Ranked: established players (RD < 110), best first.
  app.get('/api/leaderboard', async () => deps.ratings.leaderboard());

  app.get('/api/players/:username', async (req, reply) => {
    const name = UsernameSchema.safeParse((req.params as { username: string }).username);
    const profile = name.success ? await deps.ratings.profile(name.data) : null;
    if (!profile) return reply.code(404).send({ code: 'no-player', message: 'No such player.' });
    return profile;
  });

  // Invite links: the client resolves /r/CODE through this.
  app.get('/api/rooms/:code', async (req, reply) => {
    const code = RoomCodeSchema.safeParse((req.params as { code: string }).code);
    const room = code.success ? await lobby.get(code.data) : null;
    if (!room) return reply.code(404).send({ code: 'no-room', message: 'No such room.' });
    return { room: room.view() };
  });
}
