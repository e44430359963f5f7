import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kill9 } from './support/childServer.ts';
import { CpuGameBot } from './support/bot.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

// What the Dockerfile runs: `pnpm build`'s server bundle under plain node, no TypeScript loader anywhere.
describe('the built server (dist/main.mjs)', () => {
  let child: ChildProcess;
  let url: string;
  let out = '';
  let target: TestDatabase;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['build.mjs', '--server-only'], { cwd: serverDir });
    target = await testDatabase(); // PGlite in a temp folder, or a fresh Postgres database with DATABASE_URL
    const port = await freePort();
    const { NODE_OPTIONS: _, REDIS_URL: __, ...env } = process.env;
    // the node arguments of `start:built`, as the image runs it
    const { scripts } = JSON.parse(await readFile(join(serverDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    child = spawn(process.execPath, scripts['start:built'].split(' ').slice(1), {
      cwd: serverDir,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', LOG_LEVEL: 'warn', CPU_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => { out += d; });
    child.stderr!.on('data', (d) => { out += d; });
    url = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 90_000; ;) {
      if (child.exitCode !== null) throw new Error(`built server exited (${child.exitCode}): ${out}`);
      if (Date.now() > deadline) throw new Error(`built server never answered /health: ${out}`);
      if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (child) await kill9(child);
    await target?.dispose();
  });

  it('bundles the workspace packages, leaving no import of tsx or of TypeScript sources', async () => {
    for (const file of ['dist/main.mjs', 'dist/worker-boot.mjs']) {
      const js = await readFile(join(serverDir, file), 'utf8');
      expect(js).not.toMatch(/from\s*["']tsx|import\(["']tsx|["']@chu\//);
      expect(js).not.toMatch(/from\s*["'][^"']+\.ts["']/);
    }
  });

  it('answers /health on a fresh database, migrated', async () => {
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, db: target.databaseUrl ? 'postgres' : 'pglite' });
  });

  it('plays a CPU move from the engine worker thread, itself built JS', async () => {
    const bot = await CpuGameBot.start(url, 'Solo'); // Black against the CPU, level 1
    expect(await bot.client.move('7j5h')).toMatchObject({ type: 'ack' });
    const reply = await bot.client.nextOf('event', (m) => m.event.kind === 'move' && m.event.version === 2, 30_000);
    expect(reply.event).toMatchObject({ color: 'white', byCpu: true });
    bot.close();
    expect(out).not.toMatch(/engine unavailable|worker-boot/);
  });
});
