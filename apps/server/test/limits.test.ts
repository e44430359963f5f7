import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { rateLimitNamespace } from '../src/http/limits.ts';
import { account, post, request } from './support/http.ts';
import { firstLegal, TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// HTTP limits against a real server, with the counters in memory, and in Redis when REDIS_URL is set.
const STORES: [string, string | null][] = [['memory', null], ...(process.env.REDIS_URL ? [['redis', process.env.REDIS_URL] as [string, string]] : [])];
const LIMITS = defaultConfig().httpLimits;
const GUESSES = 5; // wrong passwords one address may try on one account in a window

describe.each(STORES)('HTTP rate limits (%s counters)', (_store, redisUrl) => {
  let server: TestServer | undefined;
  afterEach(async () => { await server?.stop(); server = undefined; });
  let dist: string; // a built web client, for its SPA fallback
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'chu-limits-web-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><html><body><div id="app"></div></body></html>\n');
  });
  afterAll(async () => { await rm(dist, { recursive: true, force: true }); });

  it('login brute force: 429 with Retry-After, per account and then per address; a refused guess is not even checked', async () => {
    const s = (server = await startTestServer({ redisUrl }));
    await account(s.url, 'victim', 'the real password');
    const { token } = (await (await post(s.url, '/api/device', { name: 'Mallory' })).json()) as { token: string };
    const guess = (username: string, password: string) => post(s.url, '/api/account/login', { username, password }, { bearer: token });

    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginsPerAccountAddress; i++) statuses.push((await guess('victim', `guess number ${i}`)).status);
    expect(statuses).toEqual(Array(LIMITS.loginsPerAccountAddress).fill(401));
    // The account is held back, whatever the case of the name: even the right password is refused unseen.
    const refused = await guess('VICTIM', 'the real password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited', retryAfterMs: expect.any(Number) });

    // Other names from the same address: the address's own limit ends them too.
    let sent = LIMITS.loginsPerAccountAddress + 1;
    let last: Response;
    do { last = await guess(`other${++sent}`, 'some password'); } while (last.status === 401 && sent < 100);
    expect(last.status).toBe(429);
    expect(sent).toBe(LIMITS.loginsPerAddress + 1);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last.json()).toMatchObject({ code: 'rate-limited' });
    console.log(`login: ${LIMITS.loginsPerAccountAddress} guesses per account and address, ${LIMITS.loginsPerAccount} per account, ${LIMITS.loginsPerAddress} logins per address per ${LIMITS.windowMs / 1000} s; Retry-After ${last.headers.get('retry-after')} s`);
  });

  // issue 34, defect 3: the limit counted the raw name, the lookup the trimmed one.
  it('padding or re-casing the name does not get past the account limit: it counts the name the lookup finds', async () => {
    const s = (server = await startTestServer({ redisUrl, httpLimits: { ...LIMITS, loginsPerAccountAddress: GUESSES } }));
    await account(s.url, 'erin', 'the real password');
    const { token } = (await (await post(s.url, '/api/device', { name: 'Mallory' })).json()) as { token: string };
    const guess = (username: string, password: string) => post(s.url, '/api/account/login', { username, password }, { bearer: token });
    const padded = Array.from({ length: GUESSES }, (_, i) => `${' '.repeat(i + 1)}${i % 2 ? 'ERIN' : 'erin'}${' '.repeat(i)}`);
    const statuses: number[] = [];
    for (const name of padded) statuses.push((await guess(name, 'a wrong password')).status);
    expect(statuses).toEqual(Array(GUESSES).fill(401));
    const refused = await guess('   erin ', 'the real password'); // the right password, unseen
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited', message: expect.stringContaining('this account') });
  });

  // issue 34, defect 4: one address's guesses used to hold the account back for everyone.
  it('guesses from one address do not lock the owner out: the owner, from another address, logs in', async () => {
    const s = (server = await startTestServer({ redisUrl, trustProxy: true, httpLimits: { ...LIMITS, loginsPerAccountAddress: GUESSES } }));
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    await account(s.url, 'frank', 'the real password');
    const device = async (address: string) => ((await (await post(s.url, '/api/device', {}, from(address))).json()) as { token: string }).token;
    const attacker = await device('203.0.113.9');
    const guess = (username: string, password: string) =>
      post(s.url, '/api/account/login', { username, password }, { bearer: attacker, ...from('203.0.113.9') });
    for (let i = 0; i < GUESSES; i++) expect((await guess('frank', `wrong guess ${i}`)).status).toBe(401);
    expect((await guess('frank', 'one more guess')).status).toBe(429);
    expect((await guess('frank', 'the real password')).status).toBe(429); // that address is held back, right or wrong

    const owner = await device('198.51.100.7');
    const own = await post(s.url, '/api/account/login', { username: 'frank', password: 'the real password' }, { bearer: owner, ...from('198.51.100.7') });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ device: { user: { username: 'frank' } } });
  });

  // issue 46, defect 4: ten forwarded addresses a minute, five guesses each, kept the account-wide window
  // full, and the owner, with the right password from its own address, was refused.
  it('guesses from many addresses hold back only addresses that failed: the owner from its own address, and its signed-in device, get in', async () => {
    const s = (server = await startTestServer({
      redisUrl, trustProxy: true, httpLimits: { ...LIMITS, loginsPerAccount: 4, loginsPerAccountAddress: 2 },
    }));
    const { token: session } = await account(s.url, 'grace', 'the real password'); // the owner's device, signed in
    const { token } = (await (await post(s.url, '/api/device', {})).json()) as { token: string };
    const login = (address: string, password = 'a wrong password') => post(s.url, '/api/account/login', { username: 'grace', password },
      { bearer: token, headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await login(`203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // the account has failed 4 times: each address that failed is held back until the window ends, and the
    // wait they are told only counts down however often they knock
    const waits: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const refused = await login(`203.0.113.${i}`);
      expect(refused.status).toBe(429);
      const answer = (await refused.json()) as { code: string; message: string; retryAfterMs: number };
      expect(answer).toMatchObject({ code: 'rate-limited', message: expect.stringContaining('for this account') });
      waits.push(answer.retryAfterMs);
    }
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
    // an address that has not failed is never refused by it: its guess is checked (and now it has failed)
    expect((await login('203.0.113.50')).status).toBe(401);
    expect((await login('203.0.113.50')).status).toBe(429);
    // the owner, from its own address, with the right password
    expect((await login('198.51.100.7', 'the real password')).status).toBe(200);
    // the owner's signed-in device, even from an address that failed, is not held back by the account's window
    const codes = await post(s.url, '/api/account/recovery-codes', { password: 'the real password' }, { bearer: session, headers: { 'x-forwarded-for': '203.0.113.2' } });
    expect(codes.status).toBe(200);
  });

  it('registration is limited per address: past its limit a 429 with Retry-After, and no account is made', async () => {
    const s = (server = await startTestServer({ redisUrl }));
    const register = async (i: number) => {
      const { token } = (await (await post(s.url, '/api/device', { name: `Signup${i}` })).json()) as { token: string };
      return post(s.url, '/api/account/register', { username: `signup${i}`, password: 'correct horse battery' }, { bearer: token });
    };
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.registers; i++) statuses.push((await register(i)).status);
    expect(statuses).toEqual(Array(LIMITS.registers).fill(200));
    const refused = await register(LIMITS.registers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited' });
    expect(await s.db.prisma.user.count()).toBe(LIMITS.registers);
  });

  it('device creation is limited per address; a returning device costs nothing', async () => {
    server = await startTestServer({ redisUrl });
    const made: Response[] = [];
    let res: Response;
    do { res = await post(server.url, '/api/device', {}); if (res.status === 200) made.push(res); } while (res.status === 200 && made.length < 500);
    expect(made).toHaveLength(LIMITS.devices);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 'rate-limited', message: expect.stringContaining('new devices') });
    expect(await server.db.prisma.device.count()).toBe(LIMITS.devices);

    // An existing device asking for itself (every page load does) is not a new one.
    const { token } = (await made[0].json()) as { token: string };
    const again = await post(server.url, '/api/device', {}, { bearer: token });
    expect(again.status).toBe(200);

    if (redisUrl) {
      // the counters are in Redis, under this site's namespace
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${rateLimitNamespace({ databaseUrl: server.target.databaseUrl, dataDir: server.target.dataDir })}*`);
      const counted = await Promise.all(keys.filter((k) => k.endsWith('device:127.0.0.1')).map((k) => redis.get(k)));
      redis.disconnect();
      expect(counted.map(Number)).toEqual([LIMITS.devices + 1]);
    }
  });

  it('every route is limited per address', async () => {
    server = await startTestServer({ redisUrl, httpLimits: { ...LIMITS, perAddress: 50 } });
    const statuses = [];
    for (let i = 0; i < 51; i++) statuses.push((await request(server.url, 'GET', '/health/live')).status);
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  // Not-found answers and the web client's fallback are no routes: the limiter must be named on them.
  it.each([
    ['an unknown /api/ path', false, '/api/nothing', 404],
    ['an unknown /api/ path beside the web client', true, '/api/nothing', 404],
    ['a page path the web client answers with index.html', true, '/r/ABCDEF', 200],
  ])('%s is limited per address too: 429 with Retry-After', async (_label, web, path, status) => {
    server = await startTestServer({ redisUrl, httpLimits: { ...LIMITS, perAddress: 50 }, ...(web ? { webDist: dist } : {}) });
    const statuses = [];
    for (let i = 0; i < 50; i++) statuses.push((await request(server.url, 'GET', i % 2 ? path : `${path}${i}`)).status);
    expect(statuses).toEqual(Array(50).fill(status));
    const refused = await request(server.url, 'GET', `${path}/another`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited', retryAfterMs: expect.any(Number) });
    // the same address's budget: a real route is refused as well now
    expect((await request(server.url, 'GET', '/health/live')).status).toBe(429);
  });
});

// issue 34, defect 6: one address made 2,448 rooms in 40 s, each held in memory.
describe('rooms per device and per address', () => {
  let server: TestServer | undefined;
  afterEach(async () => { await server?.stop(); server = undefined; });

  it('past its bound a device, then an address, is refused too-many-rooms; empty rooms leave memory and come back as they were', async () => {
    const s = (server = await startTestServer({ rooms: { perDevice: 3, perAddress: 5, emptyForMs: 200 } }));
    const create = (c: TestClient) => {
      c.send({ type: 'room.create', options: {} });
      return c.next((m) => m.type === 'room' || (m.type === 'error' && m.code === 'too-many-rooms'));
    };
    const ana = await TestClient.connect(s.url, 'Ana');
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push((await ana.createRoom()).code);
    expect(await create(ana)).toMatchObject({ type: 'error', code: 'too-many-rooms', message: expect.stringContaining('3 rooms') });

    // another device on the same address: the address's bound (5) is reached after two of its own
    const ben = await TestClient.connect(s.url, 'Ben');
    expect(await create(ben)).toMatchObject({ type: 'room' });
    expect(await create(ben)).toMatchObject({ type: 'room' });
    expect(await create(ben)).toMatchObject({ type: 'error', code: 'too-many-rooms', message: expect.stringContaining('this address') });

    // a finished game in Ana's first room: stored, so the room may leave memory without losing it
    const [first] = mine;
    await ana.join(first);
    ana.send({ type: 'room.sit', code: first, color: 'black' });
    ana.send({ type: 'room.cpu', code: first, color: 'white', level: 1 });
    await ana.nextOf('room', (m) => m.room.code === first && m.room.seats.white.kind === 'cpu' && m.room.seats.black.kind === 'human');
    ana.send({ type: 'room.start', code: first });
    await ana.nextOf('game', (m) => m.reason === 'start');
    expect(await ana.move(firstLegal([]))).toMatchObject({ type: 'ack' });
    ana.send({ type: 'resign', gameId: ana.game!.id });
    await ana.until(() => ana.game?.status === 'finished');
    const game = ana.game!;

    // Ana leaves her rooms: nobody is in them and no game runs, so they go, and she may make rooms again
    for (const code of mine) {
      ana.send({ type: 'room.leave', code });
      await ana.nextOf('left', (m) => m.code === code);
    }
    let made = await create(ana);
    for (let tries = 0; made.type === 'error' && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      made = await create(ana);
    }
    expect(made).toMatchObject({ type: 'room' });
    // the first room, read again from the database, with its game as it ended
    const again = await ana.join(first);
    expect(again.gameId).toBe(game.id);
    const reloaded = await ana.nextOf('game', (m) => m.game.id === game.id);
    expect(reloaded.game).toMatchObject({ status: 'finished', moves: game.moves, outcome: game.outcome });
  });
});

describe('oversized socket messages and slow HTTP clients', () => {
  let server: TestServer | undefined;
  afterEach(async () => { await server?.stop(); server = undefined; });

  // issue 34: a frame over 16 KiB closed the socket with nothing the client could show.
  it('a message over 16 KiB is refused with too-large and the socket stays; past 64 KiB the transport closes it', async () => {
    const s = (server = await startTestServer());
    const c = await TestClient.connect(s.url, 'Wordy');
    c.send({ type: 'chat.send', code: 'ABCDEF', channel: 'spectators', text: 'x'.repeat(20_000) });
    expect(await c.error('too-large')).toMatchObject({ message: expect.stringContaining('16 KiB') });
    c.send({ type: 'lobby.watch' });
    await c.nextOf('lobby');
    expect(c.socket.connected).toBe(true);

    const closed = new Promise<string>((r) => c.socket.once('disconnect', r));
    c.send({ type: 'chat.send', code: 'ABCDEF', channel: 'spectators', text: 'x'.repeat(70_000) });
    expect(await closed).toMatch(/transport/);
    c.close();
  });

  // issue 34: a body shorter than its Content-Length had no answer for 12 s and more.
  it.each([
    ['a body shorter than its Content-Length', 'POST /api/device HTTP/1.1\r\nHost: chu\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":'],
    ['headers that never end', 'GET /health/live HTTP/1.1\r\nHost: chu\r\nX-Slow: '],
    ['a connection that sends nothing', ''],
  ])('%s: answered 408 once the request timeout is over, and the connection closed', async (_label, partial) => {
    const s = (server = await startTestServer({ requestTimeoutMs: 500 }));
    const answer = await rawRequest(s.port, partial);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'malformed', message: 'Request timed out.' });
    expect(answer.closed).toBe(true);
  });
});

/** Writes `partial` on a bare connection and reads until the server closes it (or 15 s pass: no answer). */
function rawRequest(port: number, partial: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(partial));
    let text = '';
    const done = (closed: boolean) => { clearTimeout(timer); socket.destroy(); resolve({ text, closed }); };
    const timer = setTimeout(() => done(false), 15_000);
    socket.on('data', (d) => { text += d.toString(); });
    socket.on('error', () => undefined);
    socket.on('close', () => done(true));
  });
}
