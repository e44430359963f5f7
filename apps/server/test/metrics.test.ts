import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from './support/metrics.ts';
import { againstCpu, firstLegal } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// /metrics on one process alone (no REDIS_URL, issue 39): the site's figures in Prometheus' text format,
// and the CPU's moves searched here, by the process's own pool ("local"), with no queue in between.

describe('/metrics of a process alone', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('counts the games, the sockets, the moves\' round trips and the CPU moves its own pool found', async () => {
    const { person } = await againstCpu(server.url, {}, 3);
    expect(await person.move(firstLegal([]))).toMatchObject({ type: 'ack' });
    await person.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');

    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(figure(text, 'chu_games_active')).toBe(1);
    expect(figure(text, 'chu_sockets')).toBe(1);
    expect(figure(text, 'chu_move_round_trip_seconds_count')).toBe(1);
    expect(figure(text, 'chu_cpu_moves_total', { by: 'local' })).toBe(1);
    expect(figure(text, 'chu_cpu_moves_total', { by: 'queue' }) + figure(text, 'chu_cpu_moves_total', { by: 'fallback' })).toBe(0);
    expect(text).not.toMatch(/^chu_cpu_queue_depth\{/m); // no queue without REDIS_URL
    expect(text).toMatch(/^chu_games_active\{role="server",process="[^"]+"\} 1$/m);
    person.close();
  });
});
