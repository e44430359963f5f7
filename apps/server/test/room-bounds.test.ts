// Issue 46, defect 6: a challenge's room bypassed the room bounds (12 accounts on one address made 120
// rooms of 14-day games in a minute). Rooms made by room.create and by a challenge's accept share one
// count, per device (either seat) and per address, kept in the database every process reads.
import { ChallengeResponseSchema, HttpErrorBodySchema, type ServerMessage } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, type ServerConfig } from '../src/config.ts';
import { TestClient } from './support/TestClient.ts';
import { account, post } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

interface Player { name: string; token: string; deviceId: string; socket: TestClient }

const bounded = (perDevice: number, perAddress: number): Partial<ServerConfig> => ({
  httpLimits: { ...defaultConfig().httpLimits, devices: 200, registers: 100, challenges: 200 },
  rooms: { perDevice, perAddress, emptyForMs: 60_000 },
});
const correspondence = { timeControl: { kind: 'correspondence' as const, daysPerMove: 14 }, variant: 'chu' as const };
let n = 0;
async function player(server: TestServer, prefix: string): Promise<Player> {
  const name = `${prefix}${++n}`;
  const d = await account(server.url, name);
  return { name, ...d, socket: await TestClient.connect(server.url, d) };
}
/** `from` challenges `to`, and `to` accepts: the accept's answer. */
async function playByChallenge(url: string, from: Player, to: Player, color: 'black' | 'white' = 'black'): Promise<{ res: Response; id: string }> {
  const sent = await post(url, '/api/challenges', { to: to.name, color, options: correspondence }, { bearer: from.token });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { id } = ChallengeResponseSchema.parse(await sent.json()).challenge;
  return { res: await post(url, `/api/challenges/${id}/accept`, {}, { bearer: to.token }), id };
}
async function accepted(url: string, from: Player, to: Player, color: 'black' | 'white' = 'black'): Promise<void> {
  const { res } = await playByChallenge(url, from, to, color);
  expect(res.status, await res.clone().text()).toBe(200);
}
async function refusedTooManyRooms(res: Response, says: string): Promise<void> {
  expect(res.status).toBe(429);
  expect(HttpErrorBodySchema.parse(await res.json())).toMatchObject({ code: 'too-many-rooms', message: expect.stringContaining(says) });
}
const create = (c: TestClient): Promise<ServerMessage> => {
  c.send({ type: 'room.create', options: {} });
  return c.next((m) => m.type === 'room' || (m.type === 'error' && m.code === 'too-many-rooms'));
};

describe('a device\'s room bound counts the rooms of its accepted challenges (perDevice 3)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(bounded(3, 1000)); });
  afterAll(async () => { await server?.stop(); });

  it('one device accepting a fourth challenge is refused too-many-rooms; nothing is made and the challenge stays open', async () => {
    const ben = await player(server, 'ben');
    // Ben is White in two (seated, not hosting) and Black in one (hosting): all three count
    await accepted(server.url, await player(server, 'ana'), ben, 'black');
    await accepted(server.url, await player(server, 'ana'), ben, 'black');
    await accepted(server.url, await player(server, 'ana'), ben, 'white');
    const rooms = await server.db.prisma.room.count();
    const { res, id } = await playByChallenge(server.url, await player(server, 'ana'), ben);
    await refusedTooManyRooms(res, 'You have 3 rooms');
    expect(await server.db.prisma.room.count()).toBe(rooms);
    expect(await server.db.prisma.challenge.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'open', roomCode: null });
    // and room.create is refused to him as well: one count
    expect(await create(ben.socket)).toMatchObject({ type: 'error', code: 'too-many-rooms' });
  });

  it('rooms from room.create and from challenges share one count, for the challenger too', async () => {
    const dan = await player(server, 'dan');
    expect(await create(dan.socket)).toMatchObject({ type: 'room' });
    expect(await create(dan.socket)).toMatchObject({ type: 'room' });
    await accepted(server.url, dan, await player(server, 'eve'));
    expect(await create(dan.socket)).toMatchObject({ type: 'error', code: 'too-many-rooms', message: expect.stringContaining('3 rooms') });
    // a challenge from Dan accepted by another: refused for Dan's sake, said so
    const { res } = await playByChallenge(server.url, dan, await player(server, 'fay'));
    await refusedTooManyRooms(res, 'The other player has 3 rooms');
  });
});

describe('an address\'s room bound counts challenges accepted from it (perAddress 4)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(bounded(1000, 4)); });
  afterAll(async () => { await server?.stop(); });

  it('accounts on one address: two room.creates and two accepts fill it; the next of either is refused', async () => {
    const gus = await player(server, 'gus');
    expect(await create(gus.socket)).toMatchObject({ type: 'room' });
    expect(await create(gus.socket)).toMatchObject({ type: 'room' });
    await accepted(server.url, await player(server, 'hal'), await player(server, 'ida'));
    await accepted(server.url, await player(server, 'hal'), await player(server, 'ida'));
    const { res } = await playByChallenge(server.url, await player(server, 'hal'), await player(server, 'ida'));
    await refusedTooManyRooms(res, 'this address');
    expect(await create((await player(server, 'jon')).socket)).toMatchObject({ type: 'error', code: 'too-many-rooms', message: expect.stringContaining('this address') });
  });
});
