// Issue 37, challenges by name: sent, seen live, accepted (a private room with both seated, under the
// challenge's rules, colours and clock), declined, cancelled, expired (also across a restart); refused
// across a block, from non-friends when the player says so, and past the open-challenge bound.
import { ChallengeListSchema, ChallengeResponseSchema, HttpErrorBodySchema, NotificationPageSchema, type Challenge, type ChallengeBody } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, type ServerConfig } from '../src/config.ts';
import { TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

interface Player { name: string; token: string; deviceId: string; socket: TestClient }

const roomy: Partial<ServerConfig> = { httpLimits: { ...defaultConfig().httpLimits, devices: 200, registers: 100 } };
let n = 0;
/** A new account, signed in on a new device with a socket open. */
async function player(server: TestServer, prefix: string): Promise<Player> {
  const name = `${prefix}${++n}`;
  const d = await account(server.url, name);
  return { name, ...d, socket: await TestClient.connect(server.url, d) };
}
const challenge = (url: string, from: Player, body: ChallengeBody) => post(url, '/api/challenges', body, { bearer: from.token });
const step = (url: string, who: Player, id: string, action: 'accept' | 'decline' | 'cancel') => post(url, `/api/challenges/${id}/${action}`, {}, { bearer: who.token });
const friends = (url: string, who: Player, action: string, username: string) => post(url, `/api/friends/${action}`, { username }, { bearer: who.token });
async function sent(url: string, from: Player, body: ChallengeBody): Promise<Challenge> {
  const res = await challenge(url, from, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return ChallengeResponseSchema.parse(await res.json()).challenge;
}
async function refusal(res: Response, status: number, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(HttpErrorBodySchema.parse(await res.json()).code).toBe(code);
}
/** The `challenge` message a socket was sent about challenge `id` reaching `status`. */
const told = (c: TestClient, id: string, status: Challenge['status']) =>
  c.nextOf('challenge', (m) => m.challenge.id === id && m.challenge.status === status).then((m) => m.challenge);
const list = async (url: string, who: Player) => ChallengeListSchema.parse(await (await request(url, 'GET', '/api/challenges', undefined, { bearer: who.token })).json());

describe('a challenge by name', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(roomy); });
  afterAll(async () => { await server?.stop(); });

  it('is seen live by the one challenged; accepting seats both in a new private room under its rules, colours and clock', async () => {
    const ana = await player(server, 'ana');
    const ben = await player(server, 'ben');
    const timeControl = { kind: 'clock' as const, initialSeconds: 300, byoyomiSeconds: 10, periods: 1, incrementSeconds: 0 };
    const c = await sent(server.url, ana, { to: ben.name.toUpperCase(), color: 'white', options: { timeControl, bareKing: false, variant: 'chu' } });
    expect(c).toMatchObject({ from: ana.name, to: ben.name, color: 'white', status: 'open', roomCode: null });
    // live to the one challenged, and to every socket of the sender's account
    expect(await told(ben.socket, c.id, 'open')).toEqual(c);
    await told(ana.socket, c.id, 'open');
    expect((await list(server.url, ben)).incoming.map((x) => x.id)).toEqual([c.id]);
    expect((await list(server.url, ana)).outgoing.map((x) => x.id)).toEqual([c.id]);
    // stored for Ben's bell too, once, naming Ana (and nothing for Ana)
    const bell = async (who: Player) => NotificationPageSchema.parse(await (await request(server.url, 'GET', '/api/notifications', undefined, { bearer: who.token })).json());
    await ben.socket.nextOf('notification', (m) => m.notification.payload.kind === 'challenge');
    expect((await bell(ben)).notifications.map((n) => n.payload)).toEqual([{ v: 1, kind: 'challenge', challengeId: c.id, from: ana.name }]);
    expect((await bell(ana)).notifications).toEqual([]);
    // a 10-minute real-time challenge
    expect(Date.parse(c.expiresAt) - Date.parse(c.createdAt)).toBe(defaultConfig().challenges.realtimeMs);

    const res = await step(server.url, ben, c.id, 'accept');
    expect(res.status).toBe(200);
    const accepted = ChallengeResponseSchema.parse(await res.json()).challenge;
    expect(accepted).toMatchObject({ status: 'accepted', roomCode: expect.any(String), gameId: expect.any(String) });
    expect((await told(ana.socket, c.id, 'accepted')).roomCode).toBe(accepted.roomCode);

    // both go to the room: the game is running with Ana (the challenger) at white, as she chose
    const room = await ana.socket.join(accepted.roomCode!);
    await ben.socket.join(accepted.roomCode!);
    expect(room.options).toMatchObject({ timeControl, bareKing: false, public: false });
    expect(room.seats.white).toMatchObject({ kind: 'human', deviceId: ana.deviceId, name: ana.name, account: true });
    expect(room.seats.black).toMatchObject({ kind: 'human', deviceId: ben.deviceId, name: ben.name, account: true });
    await ben.socket.until(() => ben.socket.game?.id === accepted.gameId);
    expect(ben.socket.game).toMatchObject({ status: 'active', rated: false, clock: { black: { mainMs: 300_000 } } });
    // and they play: black (Ben) first
    const first = await ben.socket.move('7j5h');
    expect(first.type).toBe('ack');
    await ana.socket.until(() => ana.socket.game?.moves.length === 1);
    expect((await ana.socket.move('11d11e')).type).toBe('ack');
    // an accepted challenge is answered once
    await refusal(await step(server.url, ben, c.id, 'accept'), 404, 'no-challenge');
    expect(await list(server.url, ben)).toEqual({ incoming: [], outgoing: [] });
  });

  it('"random" draws the challenger\'s side on accepting; the variant is kept', async () => {
    const ana = await player(server, 'ana');
    const ben = await player(server, 'ben');
    const c = await sent(server.url, ana, { to: ben.name, options: { variant: 'dai' } });
    expect(c.color).toBe('random');
    const accepted = ChallengeResponseSchema.parse(await (await step(server.url, ben, c.id, 'accept')).json()).challenge;
    const room = await ana.socket.join(accepted.roomCode!);
    expect(room.options.variant).toBe('dai');
    const seated = [room.seats.black.deviceId, room.seats.white.deviceId].sort();
    expect(seated).toEqual([ana.deviceId, ben.deviceId].sort());
  });

  it('declined or cancelled: both sides are told, nothing is made, and it cannot be answered again', async () => {
    const ana = await player(server, 'ana');
    const ben = await player(server, 'ben');
    const declined = await sent(server.url, ana, { to: ben.name, color: 'black' });
    // only the one challenged answers; only the challenger cancels
    await refusal(await step(server.url, ana, declined.id, 'accept'), 404, 'no-challenge');
    await refusal(await step(server.url, ben, declined.id, 'cancel'), 404, 'no-challenge');
    expect((await step(server.url, ben, declined.id, 'decline')).status).toBe(200);
    expect((await told(ana.socket, declined.id, 'declined')).roomCode).toBeNull();
    await refusal(await step(server.url, ben, declined.id, 'accept'), 404, 'no-challenge');

    const cancelled = await sent(server.url, ana, { to: ben.name, color: 'black' });
    await told(ben.socket, cancelled.id, 'open');
    expect((await step(server.url, ana, cancelled.id, 'cancel')).status).toBe(200);
    expect((await told(ben.socket, cancelled.id, 'cancelled')).status).toBe('cancelled');
    await refusal(await step(server.url, ben, cancelled.id, 'accept'), 404, 'no-challenge');
    const stored = await server.db.prisma.challenge.findMany({ where: { id: { in: [declined.id, cancelled.id] } }, orderBy: { createdAt: 'asc' } });
    expect(stored.map((c) => [c.status, c.roomCode])).toEqual([['declined', null], ['cancelled', null]]);
  });

  it('at most three open at once per sender; an answer frees a place', async () => {
    const ana = await player(server, 'ana');
    const others = await Promise.all([1, 2, 3, 4].map(() => player(server, 'opp')));
    const open = [];
    for (const o of others.slice(0, 3)) open.push(await sent(server.url, ana, { to: o.name }));
    await refusal(await challenge(server.url, ana, { to: others[3].name }), 429, 'too-many-challenges');
    await step(server.url, others[0], open[0].id, 'decline');
    await sent(server.url, ana, { to: others[3].name });
  });

  it('refuses what cannot be: nobody by that name, oneself, options that do not fit, a guest', async () => {
    const ana = await player(server, 'ana');
    await refusal(await challenge(server.url, ana, { to: 'nobody-here' }), 404, 'no-player');
    await refusal(await challenge(server.url, ana, { to: ana.name.toLowerCase() }), 400, 'self-challenge');
    const ben = await player(server, 'ben');
    await refusal(await challenge(server.url, ana, { to: ben.name, options: { variant: 'dai', startSfen: '9/9/9 b - 1' } }), 400, 'malformed');
    await refusal(await challenge(server.url, ana, { to: ben.name, options: { timeControl: { kind: 'turn', seconds: 45 } } } as never), 400, 'malformed');
    await refusal(await challenge(server.url, ana, { to: ben.name, color: 'green' } as never), 400, 'malformed');
    const guest = await TestClient.device(server.url, 'Guest');
    await refusal(await post(server.url, '/api/challenges', { to: ben.name }, { bearer: guest.token }), 403, 'account-required');
    expect(await list(server.url, ben)).toEqual({ incoming: [], outgoing: [] });
  });

  it('a block, either way, refuses challenges and ends the open ones', async () => {
    const ana = await player(server, 'ana');
    const ben = await player(server, 'ben');
    const open = await sent(server.url, ana, { to: ben.name });
    expect((await friends(server.url, ben, 'block', ana.name)).status).toBe(200);
    expect((await told(ana.socket, open.id, 'cancelled')).status).toBe('cancelled');
    // the blocked one cannot challenge; nor can the blocker
    const fromBlocked = await challenge(server.url, ana, { to: ben.name });
    await refusal(fromBlocked, 403, 'blocked');
    await refusal(await challenge(server.url, ben, { to: ana.name }), 403, 'blocked');
    expect((await friends(server.url, ben, 'unblock', ana.name)).status).toBe(200);
    await sent(server.url, ana, { to: ben.name });
  });

  it('"only from people I follow": a stranger is refused, someone followed is not', async () => {
    const ana = await player(server, 'ana');
    const ben = await player(server, 'ben');
    const res = await post(server.url, '/api/friends/settings', { challengesFrom: 'following' }, { bearer: ben.token });
    expect(res.status).toBe(200);
    await refusal(await challenge(server.url, ana, { to: ben.name }), 403, 'friends-only');
    // Ana following Ben changes nothing: it is whom Ben follows that counts
    await friends(server.url, ana, 'follow', ben.name);
    await refusal(await challenge(server.url, ana, { to: ben.name }), 403, 'friends-only');
    await friends(server.url, ben, 'follow', ana.name);
    await sent(server.url, ana, { to: ben.name });
    await refusal(await post(server.url, '/api/friends/settings', { challengesFrom: 'nobody' }, { bearer: ben.token }), 400, 'malformed');
  });

  it('a correspondence challenge stays open three days', async () => {
    const ana = await player(server, 'ana');
    const ben = await player(server, 'ben');
    const c = await sent(server.url, ana, { to: ben.name, options: { timeControl: { kind: 'correspondence', daysPerMove: 3 } } });
    expect(Date.parse(c.expiresAt) - Date.parse(c.createdAt)).toBe(3 * 86_400_000);
  });
});

describe('challenges expire', () => {
  it('an open challenge lapses by itself: both are told, it can no longer be accepted, the sender\'s place is free', async () => {
    const server = await startTestServer({ ...roomy, challenges: { perSender: 1, realtimeMs: 300, correspondenceMs: 300, sweepMs: 50 } });
    try {
      const ana = await player(server, 'ana');
      const ben = await player(server, 'ben');
      const c = await sent(server.url, ana, { to: ben.name });
      expect((await told(ben.socket, c.id, 'expired')).status).toBe('expired');
      await told(ana.socket, c.id, 'expired');
      await refusal(await step(server.url, ben, c.id, 'accept'), 404, 'no-challenge');
      await sent(server.url, ana, { to: ben.name });
    } finally {
      await server.stop();
    }
  });

  it('across a restart: a challenge whose time ran out while the site was down is expired when it comes back', async () => {
    // the first run never sweeps after its start: the expiry below is the restarted site's doing
    const first = await startTestServer({ ...roomy, challenges: { perSender: 3, realtimeMs: 60_000, correspondenceMs: 60_000, sweepMs: 3_600_000 } });
    const ana = await player(first, 'ana');
    const ben = await player(first, 'ben');
    const c = await sent(first.url, ana, { to: ben.name });
    const kept = await sent(first.url, ana, { to: ben.name });
    // one of them runs out while the site is down (its stored expiry is what counts, not a timer)
    const runsOut = new Date(Date.now() + 300);
    await first.db.prisma.challenge.update({ where: { id: c.id }, data: { expiresAt: runsOut } });
    ana.socket.close();
    ben.socket.close();
    const target = first.target;
    await first.close();
    while (Date.now() <= runsOut.getTime()) await new Promise((r) => setTimeout(r, 50));
    const again = await startTestServer({ ...roomy, challenges: { perSender: 3, realtimeMs: 60_000, correspondenceMs: 60_000, sweepMs: 50 } }, target);
    try {
      const status = async () => (await again.db.prisma.challenge.findUniqueOrThrow({ where: { id: c.id } })).status;
      while ((await status()) === 'open') await new Promise((r) => setTimeout(r, 50));
      expect(await status()).toBe('expired');
      await refusal(await step(again.url, ben, c.id, 'accept'), 404, 'no-challenge');
      // the other one is still open, and is accepted after the restart
      expect((await list(again.url, ben)).incoming.map((x) => x.id)).toEqual([kept.id]);
      expect((await step(again.url, ben, kept.id, 'accept')).status).toBe(200);
    } finally {
      await again.close();
      await target.dispose();
    }
  });
});
