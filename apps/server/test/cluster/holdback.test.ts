import type { ServerMessage } from '@chu/protocol';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, sitePrefix } from '../../src/config.ts';
import { startCluster } from '../support/cluster.ts';
import { TestClient } from '../support/TestClient.ts';

// A flooder's hold-back is the site's, not one process's: dropped on A, it is refused on B too (the
// hold lives in Redis under the site's prefix and every process checks it at the handshake).

const { rateLimit, floods } = defaultConfig();

type Refusal = Error & { data?: { code?: string; message?: string; retryAfterMs?: number } };

/** A handshake to one node: the welcome, or the refusal it got. */
function handshake(url: string, token: string): Promise<Refusal | null> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve) => {
    socket.once('s', (m: ServerMessage) => { if (m.type === 'welcome') { socket.close(); resolve(null); } });
    socket.once('connect_error', (err: Refusal) => { socket.close(); resolve(err); });
  });
}

describe('flood hold-back across processes', () => {
  let site: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => { site = await startCluster(2); });
  afterAll(async () => { await site?.stop(); });

  it('a device dropped for flooding on A is refused on B until its hold runs out; other devices are not', async () => {
    const [a, b] = site.nodes;
    const flooder = await TestClient.connect(a.url, 'Flood');
    const dropped = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
    // past a new device's burst and then past the refusals a socket may make before it is dropped
    for (let i = 0; i < rateLimit.capacity + floods.dropAfterRefused + 20; i++) flooder.sendRaw('nonsense', {});
    const reason = await flooder.error('flooding');
    expect(reason.retryAfterMs).toBe(floods.holdBackMs);
    expect(await dropped).toBe('io server disconnect');

    // the other process has never seen this device flood
    const onB = await handshake(b.url, flooder.token);
    expect(onB?.message).toBe('flooding');
    expect(onB?.data).toMatchObject({ code: 'flooding', message: expect.stringContaining('reconnect in') });
    expect(onB?.data?.retryAfterMs).toBeGreaterThan(0);
    expect(onB?.data?.retryAfterMs).toBeLessThanOrEqual(floods.holdBackMs);
    expect((await handshake(a.url, flooder.token))?.data?.code).toBe('flooding');

    // the hold is one key of this site's, set to expire with the hold-back
    const redis = new Redis(process.env.REDIS_URL!);
    const key = `${sitePrefix({ databaseUrl: site.db.databaseUrl, dataDir: '' })}:hold:${flooder.deviceId}`;
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(floods.holdBackMs);

    // someone else is let in on both
    const other = await TestClient.device(b.url, 'Quiet');
    expect(await handshake(a.url, other.token)).toBeNull();
    expect(await handshake(b.url, other.token)).toBeNull();

    // once the hold is gone (here: ended early, as its expiry would), B lets the device in again
    await redis.del(key);
    redis.disconnect();
    expect(await handshake(b.url, flooder.token)).toBeNull();
  });
});
