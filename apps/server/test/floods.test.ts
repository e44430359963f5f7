import type { ServerMessage } from '@chu/protocol';
import { io, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, sitePrefix } from '../src/config.ts';
import { CpuGameBot, percentile } from './support/bot.ts';
import { storedDevice } from './support/devices.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const { rateLimit, floods, handshakes } = defaultConfig();
const STORES: [string, string | null][] = [['memory', null], ...(process.env.REDIS_URL ? [['redis', process.env.REDIS_URL] as [string, string]] : [])];

const deviceAged = (server: TestServer, ageMs: number) => storedDevice(server, { createdAt: new Date(Date.now() - ageMs) });

/**
 * Sends `n` messages at once; returns how many were answered before the rate-limited notice. Unknown
 * event names are answered at once, in order, so every answered one was answered before the notice.
 */
async function burst(c: TestClient, n: number): Promise<number> {
  for (let i = 0; i < n; i++) c.sendRaw('nonsense', {});
  const notice = await c.error('rate-limited');
  expect(notice).toMatchObject({ retryAfterMs: expect.any(Number) });
  return c.inbox.filter((m) => m.type === 'error' && m.code === 'malformed').length;
}

type Refusal = Error & { data?: { code?: string; message?: string; retryAfterMs?: number } };

/** A handshake as a program makes it (no reconnection): the welcome, or the refusal it got. */
function handshake(url: string, token: string, headers: Record<string, string> = {}, auth: Record<string, string> = { token }): Promise<{ socket: Socket; refused: Refusal | null }> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: headers });
  return new Promise((resolve) => {
    socket.once('s', (m: ServerMessage) => { if (m.type === 'welcome') resolve({ socket, refused: null }); });
    socket.once('connect_error', (err: Refusal) => resolve({ socket, refused: err }));
  });
}

describe.each(STORES)('socket handshakes per address (%s counters)', (_store, redisUrl) => {
  let server: TestServer | undefined;
  afterEach(async () => { await server?.stop(); server = undefined; });

  it('many handshakes from one address are refused with rate-limited; another address behind the proxy still gets in', async () => {
    // behind our own proxy: the address is the forwarded one, as the HTTP limits count it
    const s = (server = await startTestServer({ redisUrl, trustProxy: true, handshakes: { ...handshakes, perAddress: 5 } }));
    const { token } = await TestClient.device(s.url, 'Many tabs');
    const from = (address: string) => ({ 'x-forwarded-for': `${address}, 10.0.0.2` });
    const open: Socket[] = [];
    for (let i = 0; i < 5; i++) {
      const h = await handshake(s.url, token, from('203.0.113.7'));
      open.push(h.socket);
      expect(h.refused).toBeNull();
    }
    const sixth = await handshake(s.url, token, from('203.0.113.7'));
    open.push(sixth.socket);
    expect(sixth.refused?.message).toBe('rate-limited');
    expect(sixth.refused?.data).toMatchObject({ code: 'rate-limited', message: expect.stringContaining('this address') });
    expect(sixth.refused?.data?.retryAfterMs).toBeGreaterThan(0);
    // counted before the device is even looked up: a made-up token from there is refused the same way
    const guess = await handshake(s.url, 'not a token at all', from('203.0.113.7'));
    open.push(guess.socket);
    expect(guess.refused?.data?.code).toBe('rate-limited');
    // an API token offered on a socket pays for its try as well: only the server's own loopback (with its key) skips the budget
    const api = await handshake(s.url, '', from('203.0.113.7'), { apiToken: 'chu_made_up', key: 'a guess' });
    open.push(api.socket);
    expect(api.refused?.data?.code).toBe('rate-limited');
    // someone else behind the same proxy has a budget of their own
    const other = await handshake(s.url, token, from('198.51.100.4'));
    open.push(other.socket);
    expect(other.refused).toBeNull();
    // …and an API token offered there is refused in words, the budget not yet spent
    const apiThere = await handshake(s.url, '', from('198.51.100.4'), { apiToken: 'chu_made_up' });
    open.push(apiThere.socket);
    expect(apiThere.refused?.data?.code).toBe('api-token-required');

    if (redisUrl) {
      // the counters are in Redis, under this site's prefix, where every process of the site counts
      const redis = new Redis(redisUrl);
      const count = await redis.get(`${sitePrefix({ databaseUrl: s.target.databaseUrl, dataDir: s.target.dataDir })}:handshakes:203.0.113.7`);
      redis.disconnect();
      expect(Number(count)).toBe(8);
    }
    for (const socket of open) socket.close();
    console.log(`handshakes: ${handshakes.perAddress} per address per ${handshakes.windowMs / 1000} s by default; Retry-After ${sixth.refused?.data?.retryAfterMs} ms`);
  });
});

describe('a device\'s sockets share one message budget', () => {
  let server: TestServer;
  // no refill, so what a socket is let through is its budget and nothing the clock gave back;
  // every refusal noticed, so each refused message is seen
  beforeAll(async () => {
    server = await startTestServer({
      rateLimit: { ...rateLimit, refillPerSecond: 0, spectatorRefillPerSecond: 0 },
      floods: { ...floods, noticeEveryMs: 0 },
    });
  });
  afterAll(async () => { await server?.stop(); });

  /** Sends n messages; resolves with how many were answered and how many refused. */
  async function sendSome(c: TestClient, n: number): Promise<{ answered: number; refused: number }> {
    const before = c.inbox.length;
    for (let i = 0; i < n; i++) c.sendRaw('nonsense', {});
    await c.until(() => c.inbox.length - before >= n);
    const got = c.inbox.slice(before);
    return { answered: got.filter((m) => m.type === 'error' && m.code === 'malformed').length, refused: got.filter((m) => m.type === 'error' && m.code === 'rate-limited').length };
  }

  it('a second socket of the device, or one opened after closing both, gets no fresh budget; another device does', async () => {
    const device = await deviceAged(server, rateLimit.growMs * 6); // grown: the full burst
    const first = await TestClient.connect(server.url, device);
    expect(await sendSome(first, rateLimit.capacity + 5)).toEqual({ answered: rateLimit.capacity, refused: 5 });

    const second = await TestClient.connect(server.url, device);
    expect(await sendSome(second, 5)).toEqual({ answered: 0, refused: 5 });
    first.close();
    second.close();
    await second.until(() => !first.socket.connected && !second.socket.connected);

    const third = await TestClient.connect(server.url, device);
    expect(await sendSome(third, 5)).toEqual({ answered: 0, refused: 5 });
    third.close();

    const someoneElse = await TestClient.connect(server.url, await deviceAged(server, rateLimit.growMs * 6));
    expect(await sendSome(someoneElse, rateLimit.capacity + 1)).toEqual({ answered: rateLimit.capacity, refused: 1 });
    someoneElse.close();
  });
});

describe('socket floods', () => {
  let server: TestServer;
  // the flooders below reconnect every 200 ms from one address: the handshake budget is not what this is about
  beforeAll(async () => { server = await startTestServer({ handshakes: { ...handshakes, perAddress: 100_000 } }); });
  afterAll(async () => { await server?.stop(); });

  it.each([
    [0, rateLimit.newDeviceCapacity],                                            // made just now
    [rateLimit.growMs / 2, (rateLimit.newDeviceCapacity + rateLimit.capacity) / 2], // halfway grown
    [rateLimit.growMs * 6, rateLimit.capacity],                                   // an hour old: the full burst
  ])('a device %i ms old gets a burst of %i messages', async (ageMs, expected) => {
    const c = await TestClient.connect(server.url, await deviceAged(server, ageMs));
    expect(await burst(c, rateLimit.capacity + 5)).toBe(expected);
    c.close();
  });

  it('a flooder gets one notice a window, is dropped with a reason and held back; a bot game meanwhile keeps its pace', async () => {
    const bot = await CpuGameBot.start(server.url, await deviceAged(server, 86_400_000)); // a player since yesterday
    const baseline = await bot.play(30);

    // Four flooders at ~500 messages/s each; once dropped they keep trying to reconnect.
    const flooders = await Promise.all([1, 2, 3, 4].map(() => TestClient.device(server.url, 'Flood')));
    const seen = flooders.map(() => ({ sent: 0, notices: 0, dropped: 0, answered: 0, reconnects: [] as { message: string; data?: { code?: string; retryAfterMs?: number } }[], reason: '', startedAt: 0, droppedAt: 0 }));
    const sockets: Socket[] = [];
    let flooding = true;
    const floodOne = (i: number) => {
      const s = io(server.url, { auth: { token: flooders[i].token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      s.on('s', (m: ServerMessage) => {
        if (m.type !== 'error') return;
        if (m.code === 'rate-limited') seen[i].notices++;
        else if (m.code === 'flooding') seen[i].dropped++;
        else seen[i].answered++;
      });
      seen[i].startedAt = performance.now();
      const pump = setInterval(() => { for (let k = 0; k < 5; k++, seen[i].sent++) s.emit('c', { type: 'sync', gameId: 'nope', version: 0 }); }, 10);
      s.on('disconnect', (reason) => {
        clearInterval(pump);
        seen[i].droppedAt = performance.now();
        seen[i].reason = reason;
        const retry = () => {
          if (!flooding) return;
          const again = io(server.url, { auth: { token: flooders[i].token }, transports: ['websocket'], reconnection: false, forceNew: true });
          sockets.push(again);
          again.on('connect_error', (err: Error & { data?: { code?: string; retryAfterMs?: number } }) => {
            seen[i].reconnects.push({ message: err.message, data: err.data });
            setTimeout(retry, 200);
          });
          again.on('connect', () => seen[i].reconnects.push({ message: 'connected' }));
        };
        retry();
      });
    };
    flooders.forEach((_, i) => floodOne(i));
    const during = await bot.play(30);
    flooding = false;
    bot.close();
    for (const s of sockets) s.close();

    for (const f of seen) {
      // one notice a window: one while it flooded, more only if a starved machine stretched the
      // sixty refusals before the drop over more than one window
      expect(f.notices).toBeGreaterThanOrEqual(1);
      expect(f.notices).toBeLessThanOrEqual(1 + Math.floor((f.droppedAt - f.startedAt) / floods.noticeEveryMs));
      expect(f.dropped).toBe(1);
      expect(f.reason).toBe('io server disconnect');
      // answered: a new device's burst and what trickled in meanwhile; the rest was refused unread
      expect(f.answered).toBeLessThanOrEqual(rateLimit.newDeviceCapacity + Math.ceil(rateLimit.spectatorRefillPerSecond * (f.droppedAt - f.startedAt) / 1000));
      expect(f.reconnects.length).toBeGreaterThan(0);
      expect(f.reconnects.every((r) => r.message === 'flooding' && r.data?.code === 'flooding' && (r.data.retryAfterMs ?? 0) > 0)).toBe(true);
    }
    const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms (${xs.length} moves)`;
    console.log(`bot vs CPU move round trip: alone ${fmt(baseline)}; with 4 flooders ${fmt(during)}`);
    console.log(`flooders: ${seen.map((f) => `${f.sent} sent, ${f.answered} answered, ${f.notices} notice, dropped, ${f.reconnects.length} reconnects refused`).join('; ')}`);
    console.log(`limits: burst ${rateLimit.newDeviceCapacity}→${rateLimit.capacity}, drop after ${floods.dropAfterRefused} refused, hold back ${floods.holdBackMs / 1000} s`);
    expect(baseline.length).toBeGreaterThan(0);
    expect(during.length).toBeGreaterThan(0);
  });
});
