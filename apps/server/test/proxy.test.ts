import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kill9 } from './support/childServer.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// Issue 46, defect 13: /metrics was public through the documented Caddy setup. deploy/Caddyfile, as
// written, in front of a real server: the site is served, /metrics is not (however its path is spelt);
// the server itself still serves it to a scraper that reaches it directly.

const caddyfile = fileURLToPath(new URL('../../../deploy/Caddyfile', import.meta.url));

describe('the site through deploy/Caddyfile', () => {
  let server: TestServer;
  let caddy: ChildProcess;
  let dir: string;
  let site: string;
  beforeAll(async () => {
    server = await startTestServer();
    dir = await mkdtemp(join(tmpdir(), 'chu-caddy-'));
    // the deployment's Caddyfile itself; only Caddy's admin endpoint is turned off, so parallel runs never meet on its port
    await writeFile(join(dir, 'Caddyfile'), `{\n\tadmin off\n}\nimport ${caddyfile}\n`);
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    caddy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, CHU_SITE: `:${port}`, CHU_UPSTREAMS: new URL(server.url).host, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: 'ignore',
    });
    for (let i = 0; ; i++) {
      try { if ((await fetch(`${site}/health`)).ok) break; } catch { /* not listening yet */ }
      if (i > 100) throw new Error('caddy did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);
  afterAll(async () => {
    if (caddy) await kill9(caddy);
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves the site and its health, and the server still serves /metrics to a scraper that reaches it directly', async () => {
    expect((await fetch(`${site}/health`)).status).toBe(200);
    expect((await fetch(`${site}/api/push/public-key`)).status).toBe(200);
    const direct = await fetch(`${server.url}/metrics`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('chu_sockets');
  });

  it.each(['/metrics', '/metrics?x=1', '/metrics/', '/METRICS', '//metrics', '/./metrics', '/%6Detrics'])('%s through the proxy shows no metric', async (path) => {
    const res = await fetch(`${site}${path}`);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('chu_');
  });
});
