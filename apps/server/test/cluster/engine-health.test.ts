import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../support/cluster.ts';

// Issue 46, defect 13: an engine process's health port answered 20 requests a second in all, so one
// client flooding it starved the orchestrator's probes. Its credit is per client address now.

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** GET `path` from the engine process, the connection made from `from` (any 127.x address reaches loopback). */
const get = (url: string, path: string, from: string) => new Promise<number>((resolve, reject) => {
  const { hostname, port } = new URL(url);
  const req = httpRequest({ hostname, port, path, localAddress: from, agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); });
  req.on('error', reject);
  req.end();
});

describe('an engine process\'s health port', () => {
  let c: Cluster;
  beforeAll(async () => { c = await startCluster(1); }, 120_000);
  afterAll(async () => { await c?.stop(); });

  it('a client flooding it is refused, while a probe from another address is answered every time', async () => {
    const engine = await c.startEngine();
    let flooding = true;
    const flooded: number[] = [];
    const flooder = async () => { while (flooding) flooded.push(await get(engine.url, '/metrics', '127.0.0.2')); };
    const floods = Array.from({ length: 8 }, flooder);
    while (flooded.filter((s) => s === 429).length < 20) await new Promise((r) => setTimeout(r, 20));
    const probes: number[] = [];
    for (let i = 0; i < 10; i++) probes.push(await get(engine.url, '/health/live', '127.0.0.3'));
    flooding = false;
    await Promise.all(floods);
    expect(probes).toEqual(Array(10).fill(200));
    expect(flooded.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20); // the flooder itself is held to its 20 a second
  }, 120_000);
});
