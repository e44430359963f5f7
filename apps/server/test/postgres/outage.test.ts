import { afterAll, describe, expect, it } from 'vitest';
import { seatedPair, type TestClient } from '../support/TestClient.ts';
import { post, request } from '../support/http.ts';
import { TcpProxy } from '../support/tcpProxy.ts';
import { testDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

if (!process.env.DATABASE_URL) throw new Error('the postgres project needs DATABASE_URL');

const INTERNALS = /prisma|P10\d\d|\.ts:|node_modules|ECONN|stack|at \w+ \(|invocation/i;

// A storage outage needs a database to take away: Postgres behind a TCP proxy this test controls.
// So it is in the postgres project, which runs when DATABASE_URL is given (CI's second run).
describe('storage outage (Postgres behind a proxy)', () => {
  let target: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  const clients: TestClient[] = [];
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await proxy?.up();
    await server?.stop();
    await proxy?.down();
    await target?.dispose();
  });

  it('ready is 503 while the database is away and 200 after; a move then gets unavailable and is applied once, later', async () => {
    target = await testDatabase();
    const pg = new URL(target.databaseUrl!);
    proxy = await TcpProxy.start({ host: pg.hostname, port: Number(pg.port || 5432) });
    server = await startTestServer({ databaseUrl: TcpProxy.urlThrough(target.databaseUrl!, proxy) }, target);
    const { host, guest, gameId } = await seatedPair(server.url);
    clients.push(host, guest);
    expect((await request(server.url, 'GET', '/health/ready')).status).toBe(200);

    await proxy.down();
    const t0 = performance.now();
    const ready = await request(server.url, 'GET', '/health/ready');
    const answeredIn = performance.now() - t0;
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, checks: { database: expect.stringMatching(/down|slow/) } });
    expect((await request(server.url, 'GET', '/health')).status).toBe(503);
    expect((await request(server.url, 'GET', '/health/live')).status).toBe(200);

    // The move: refused as unavailable, with a retry hint, and nobody is told of a move that was not stored.
    const refused = await host.move('7j5h', { ack: 'outage-1' });
    expect(refused).toMatchObject({ type: 'error', code: 'unavailable', ack: 'outage-1', retryAfterMs: expect.any(Number) });
    expect(host.game).toMatchObject({ version: 0, moves: [] });
    expect(guest.silentFor((m) => m.type === 'event')).toBe(true);

    // HTTP during the outage: 503 unavailable, Retry-After, no driver text.
    const made = await post(server.url, '/api/device', { name: 'During' });
    expect(made.status).toBe(503);
    expect(Number(made.headers.get('retry-after'))).toBeGreaterThan(0);
    const text = await made.text();
    expect(JSON.parse(text)).toEqual({ code: 'unavailable', message: expect.any(String), retryAfterMs: expect.any(Number) });
    expect(text).not.toMatch(INTERNALS);

    await proxy.up();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await request(server.url, 'GET', '/health/ready')).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBe(200);

    // A database that hangs rather than refuses: not ready once a trivial query takes over a second.
    proxy.stall();
    const t1 = performance.now();
    const hung = await request(server.url, 'GET', '/health/ready');
    const hungFor = performance.now() - t1;
    expect(hung.status).toBe(503);
    expect(await hung.json()).toMatchObject({ ok: false, checks: { database: 'slow' } });
    proxy.flow();
    expect((await request(server.url, 'GET', '/health/ready')).status).toBe(200);

    // The client retries with the same ack id: applied once, seen once, and a second retry changes nothing.
    expect(await host.move('7j5h', { ack: 'outage-1' })).toMatchObject({ type: 'ack', version: 1 });
    await guest.reach(1);
    expect(await host.move('7j5h', { ack: 'outage-1', version: 0 })).toMatchObject({ type: 'ack', version: 1 });
    const stored = await server.db.prisma.move.findMany({ where: { gameId } });
    expect(stored.map((m) => [m.usi, m.ackId])).toEqual([['7j5h', 'outage-1']]);
    expect(guest.inbox.filter((m) => m.type === 'event' && m.event.kind === 'move')).toHaveLength(1);
    console.log(`outage: /health/ready answered 503 in ${answeredIn.toFixed(0)} ms (refused) and ${hungFor.toFixed(0)} ms (hung); the move got unavailable (retry after ${'retryAfterMs' in refused ? refused.retryAfterMs : '?'} ms) and was stored once on retry`);
  });
});
