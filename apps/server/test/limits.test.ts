import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { rateLimitNamespace } from '../src/http/limits.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// HTTP limits against a real server, with the counters in memory, and in Redis when REDIS_URL is set.
const STORES: [string, string | null][] = [['memory', null], ...(process.env.REDIS_URL ? [['redis', process.env.REDIS_URL] as [string, string]] : [])];
const LIMITS = defaultConfig().httpLimits;

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
    for (let i = 0; i < LIMITS.loginsPerAccount; i++) statuses.push((await guess('victim', `guess number ${i}`)).status);
    expect(statuses).toEqual(Array(LIMITS.loginsPerAccount).fill(401));
    // The account is held back, whatever the case of the name: even the right password is refused unseen.
    const refused = await guess('VICTIM', 'the real password');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited', retryAfterMs: expect.any(Number) });

    // Other names from the same address: the address's own limit ends them too.
    let sent = LIMITS.loginsPerAccount + 1;
    let last: Response;
    do { last = await guess(`other${++sent}`, 'some password'); } while (last.status === 401 && sent < 100);
    expect(last.status).toBe(429);
    expect(sent).toBe(LIMITS.loginsPerAddress + 1);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last.json()).toMatchObject({ code: 'rate-limited' });
    console.log(`login: ${LIMITS.loginsPerAccount} guesses per account, ${LIMITS.loginsPerAddress} logins per address per ${LIMITS.windowMs / 1000} s; Retry-After ${last.headers.get('retry-after')} s`);
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
