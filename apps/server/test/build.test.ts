import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kill9 } from './support/childServer.ts';
import { CpuGameBot } from './support/bot.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The modules that load with these dist/ files: their static imports and theirs (an import() waits for its use). */
async function loadedAtStart(files: string[], seen = new Set<string>()): Promise<Set<string>> {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    const js = await readFile(join(serverDir, 'dist', file), 'utf8');
    const specs = [...js.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map((m) => m[1] ?? m[2]);
    for (const spec of specs) if (!spec.startsWith('./')) seen.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    await loadedAtStart(specs.filter((s) => s.startsWith('./')).map((s) => s.slice(2)), seen);
  }
  return seen;
}

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
    for (const file of (await readdir(join(serverDir, 'dist'))).filter((f) => f.endsWith('.mjs'))) {
      const js = await readFile(join(serverDir, 'dist', file), 'utf8');
      expect(js).not.toMatch(/from\s*["']tsx|import\(["']tsx|["']@chu\//);
      expect(js).not.toMatch(/from\s*["'][^"']+\.ts["']/);
    }
  });

  it('a server alone loads no Redis client, job queue or Web Push library until it uses one', async () => {
    const main = await readFile(join(serverDir, 'dist/main.mjs'), 'utf8');
    const serverChunk = /import\("\.\/(server-[^"]+\.mjs)"\)/.exec(main)?.[1];
    expect(serverChunk).toBeDefined();
    const loaded = await loadedAtStart(['main.mjs', serverChunk!]);
    expect(loaded).toContain('@electric-sql/pglite'); // the server's own imports were read
    for (const lib of ['bullmq', 'ioredis', '@socket.io/redis-streams-adapter', 'web-push']) expect(loaded).not.toContain(lib);
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
