import type { ServerMessage } from '@chu/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { CpuGameBot, percentile } from './support/bot.ts';
import { storedDevice } from './support/devices.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const { rateLimit, floods } = defaultConfig();

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

describe('socket floods', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
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
      expect(f.notices).toBe(1);
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
