import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const PASSWORD = 'correct horse battery';
const login = (url: string, token: string, username: string) => post(url, '/api/account/login', { username, password: PASSWORD }, { bearer: token });

describe('usernames are unique without regard to case; shown as typed', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('"Alice" after "alice" is 409; login as "ALICE" is alice; /api/players/Alice finds alice', async () => {
    await account(server.url, 'alice', PASSWORD);
    const other = (await (await post(server.url, '/api/device', {})).json()) as { token: string };
    for (const name of ['Alice', 'ALICE', 'aLiCe']) {
      const r = await post(server.url, '/api/account/register', { username: name, password: 'another password' }, { bearer: other.token });
      expect(r.status).toBe(409);
      expect(await r.json()).toMatchObject({ code: 'username-taken' });
    }
    expect(await server.db.prisma.user.count()).toBe(1);

    const r = await login(server.url, other.token, 'ALICE');
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ device: { user: { username: 'alice' } } });
    for (const path of ['/api/players/Alice', '/api/players/ALICE', '/api/players/alice']) {
      const p = await request(server.url, 'GET', path);
      expect(p.status).toBe(200);
      expect(await p.json()).toMatchObject({ username: 'alice' });
    }
    expect((await request(server.url, 'GET', '/api/players/alicia')).status).toBe(404);
  });

  it('the chosen case is kept for display', async () => {
    const { token } = await account(server.url, 'MaTeo42', PASSWORD);
    expect(await (await request(server.url, 'GET', '/api/me', undefined, { bearer: token })).json())
      .toMatchObject({ device: { user: { username: 'MaTeo42' } } });
    expect(await (await request(server.url, 'GET', '/api/players/mateo42')).json()).toMatchObject({ username: 'MaTeo42' });
  });
});

describe('the migration keeps existing accounts that differ only in case', () => {
  it('the oldest keeps its name, the others get a free one, and the index holds from then on', async () => {
    const target = await testDatabase({ migrated: false });
    const all = defaultConfig().migrationsDir;
    const before = await mkdtemp(join(tmpdir(), 'chu-migrations-'));
    try {
      // the database as it was before the case migration, with clashing names in it
      for (const name of (await readdir(all)).filter((n) => n < '20261201000000')) await cp(join(all, name), join(before, name), { recursive: true });
      let db = await openDatabase({ ...target, migrationsDir: before });
      const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
      // raw SQL: the Prisma client knows today's columns (it would write ones this old schema lacks)
      const clashing: [string, string, number][] = [
        ['u-first', 'alice', 1], ['u-second', 'Alice', 2], ['u-third', 'ALICE', 3],
        ['u-long', 'Abcdefghijklmnopqrstuvwx', 4], ['u-long2', 'abcdefghijklmnopqrstuvwx', 5], ['u-bob', 'bob', 6],
      ];
      for (const [id, username, s] of clashing) {
        await db.prisma.$executeRaw`INSERT INTO "users" ("id", "username", "password_hash", "created_at") VALUES (${id}, ${username}, 'x', ${at(s)})`;
      }
      await db.close();

      db = await openDatabase({ ...target, migrationsDir: all });
      const users = await db.prisma.user.findMany({ orderBy: { createdAt: 'asc' } });
      const names = Object.fromEntries(users.map((u) => [u.id, u.username]));
      expect(names['u-first']).toBe('alice');
      expect(names['u-long']).toBe('Abcdefghijklmnopqrstuvwx');
      expect(names['u-bob']).toBe('bob');
      for (const id of ['u-second', 'u-third', 'u-long2']) expect(names[id]).toMatch(/^[A-Za-z0-9_-]{1,17}-[0-9a-f]{6}$/);
      expect(new Set(users.map((u) => u.username.toLowerCase())).size).toBe(users.length);
      await expect(db.prisma.user.create({ data: { id: 'u-new', username: 'BOB', passwordHash: 'x' } })).rejects.toMatchObject({ code: 'P2002' });
      console.log(`renamed: ${['u-second', 'u-third', 'u-long2'].map((id) => names[id]).join(', ')}`);
      await db.close();
    } finally {
      await rm(before, { recursive: true, force: true });
      await target.dispose();
    }
  });
});

/** Resolves with the reason once the server closes this client's socket. */
const closedBy = (c: TestClient) => new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
const body = async (res: Response) => (await res.json()) as { token: string; device: { id: string; name: string } };
const guestDevice = async (url: string, name: string) => {
  const d = await body(await post(url, '/api/device', { name }));
  return { token: d.token, deviceId: d.device.id };
};

describe('a rotated token holds no socket: the sockets that signed in with it close, the new one is the device', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    await account(server.url, 'owner', PASSWORD);
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.stop();
  });

  // [what rotates the token, how the device starts, the request, who the device is afterwards]
  const rotations: [string, 'guest' | 'account', (url: string, token: string) => Promise<Response>, string | null][] = [
    ['login', 'guest', (url, token) => login(url, token, 'owner'), 'owner'],
    ['register', 'guest', (url, token) => post(url, '/api/account/register', { username: 'newcomer', password: PASSWORD }, { bearer: token }), 'newcomer'],
    ['logout', 'account', (url, token) => post(url, '/api/account/logout', {}, { bearer: token }), null],
  ];
  it.each(rotations)('%s: a socket open with the old token is closed, never welcomed as the new identity; the new token connects', async (_what, start, rotate, after) => {
    const before = start === 'guest' ? await guestDevice(server.url, 'Copy') : await account(server.url, `was${clients.length}`, PASSWORD);
    const copy = await TestClient.connect(server.url, before); // whoever holds a copy of the token
    clients.push(copy);
    const closed = closedBy(copy);
    const res = await rotate(server.url, before.token);
    expect(res.status).toBe(200);
    const { token } = await body(res);

    expect(await closed).toBe('io server disconnect');
    expect(copy.inbox.filter((m) => m.type === 'welcome')).toHaveLength(1); // its handshake's, nothing since
    await expect(TestClient.connect(server.url, before)).rejects.toMatchObject({ message: 'unauthenticated' });
    const tab = await TestClient.connect(server.url, { token, deviceId: before.deviceId });
    clients.push(tab);
    expect(tab.inbox[0]).toMatchObject({ type: 'welcome', device: { id: before.deviceId }, user: after ? { username: after } : null });
  });

  it('a socket of the new token stays open through a rename (no rotation) and is told the new name', async () => {
    const d = await account(server.url, 'renamer', PASSWORD);
    const tab = await TestClient.connect(server.url, d);
    clients.push(tab);
    expect((await request(server.url, 'PATCH', '/api/device', { name: 'Renamed' }, { bearer: d.token })).status).toBe(200);
    expect(await tab.nextOf('welcome', (m) => m.device.name === 'Renamed')).toMatchObject({ user: { username: 'renamer' } });
    expect(tab.socket.connected).toBe(true);
  });

  it('a copied guest token cannot queue for ranked once its device logged in: its socket is closed, the owner queues with the new one', async () => {
    const d = await guestDevice(server.url, 'Shared');
    const copy = await TestClient.connect(server.url, d);
    clients.push(copy);
    const closed = closedBy(copy);
    const { token } = await body(await login(server.url, d.token, 'owner'));
    copy.send({ type: 'ranked.join', control: 'turn30' });
    expect(await closed).toBe('io server disconnect');
    expect(copy.silentFor((m) => m.type === 'ranked')).toBe(true);
    const owner = await TestClient.connect(server.url, { token, deviceId: d.deviceId });
    clients.push(owner);
    owner.send({ type: 'ranked.join', control: 'turn30' });
    expect((await owner.nextOf('ranked')).queue).toMatchObject({ control: 'turn30' });
  });

  it('logging out closes the tabs (they leave the ranked queue); back with the new token they are guests; logging in again, the account is paired as itself', async () => {
    const ana = await account(server.url, 'ana', PASSWORD);
    const tab1 = await TestClient.connect(server.url, ana);
    const tab2 = await TestClient.connect(server.url, ana);
    const ben = await TestClient.connect(server.url, await account(server.url, 'ben', PASSWORD));
    clients.push(tab1, tab2, ben);
    expect(tab1.inbox[0]).toMatchObject({ type: 'welcome', user: { username: 'ana' } });
    tab1.send({ type: 'ranked.join', control: '30m+30f' });
    expect((await tab1.nextOf('ranked')).queue).toMatchObject({ control: '30m+30f' });

    const closed = [tab1, tab2].map(closedBy);
    const out = await post(server.url, '/api/account/logout', {}, { bearer: ana.token });
    expect(out.status).toBe(200);
    const { token } = await body(out);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    const guestTab = await TestClient.connect(server.url, { token, deviceId: ana.deviceId });
    clients.push(guestTab);
    expect(guestTab.inbox[0]).toMatchObject({ type: 'welcome', device: { id: ana.deviceId }, user: null });
    guestTab.send({ type: 'ranked.join', control: '30m+30f' });
    await guestTab.error('account-required');
    // ben queues alone: nobody is paired with the logged-out device
    ben.send({ type: 'ranked.join', control: '30m+30f' });
    expect((await ben.nextOf('ranked')).queue).toMatchObject({ control: '30m+30f' });
    await new Promise((r) => setTimeout(r, 1500)); // longer than a pairing round
    expect(ben.silentFor((m) => m.type === 'ranked.match')).toBe(true);
    expect(await server.db.prisma.game.count({ where: { rated: true } })).toBe(0);

    // logging in (as "ANA") from the same device: the guest tab closes, the new token is ana, paired as herself
    const guestClosed = closedBy(guestTab);
    const back = await login(server.url, token, 'ANA');
    expect(back.status).toBe(200);
    await guestClosed;
    const anaTab = await TestClient.connect(server.url, { token: (await body(back)).token, deviceId: ana.deviceId });
    clients.push(anaTab);
    expect(anaTab.inbox[0]).toMatchObject({ type: 'welcome', user: { username: 'ana' } });
    anaTab.send({ type: 'ranked.join', control: '30m+30f' });
    const [m1, m2] = await Promise.all([anaTab.nextOf('ranked.match'), ben.nextOf('ranked.match')]);
    expect(m1.gameId).toBe(m2.gameId);
    const game = await server.db.prisma.game.findUniqueOrThrow({ where: { id: m1.gameId }, include: { blackUser: true, whiteUser: true } });
    expect(game.rated).toBe(true);
    expect(new Set([game.blackUser?.username, game.whiteUser?.username])).toEqual(new Set(['ana', 'ben']));
  });
});
