import { afterAll, describe, expect, it } from 'vitest';
import { request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('health', () => {
  let server: TestServer;
  afterAll(async () => { await server?.stop(); });

  it('/health/live is the process; /health and /health/ready say whether storage answers', async () => {
    server = await startTestServer();
    expect(await (await request(server.url, 'GET', '/health/live')).json()).toEqual({ ok: true });
    for (const path of ['/health', '/health/ready']) {
      const res = await request(server.url, 'GET', path);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, checks: { database: 'up' }, db: server.db.kind });
    }
  });
});

