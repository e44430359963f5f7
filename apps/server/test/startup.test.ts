import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/childServer.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** src/main.ts as its own process until it exits: its exit code and everything it printed. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', LOG_LEVEL: 'info', CHU_CPU: 'random', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, output, ms: performance.now() - t0 }); });
  });
}

describe('a start-up failure prints one line that names the cause, and exits non-zero', () => {
  let dataDir: string;
  beforeAll(async () => { dataDir = await mkdtemp(join(tmpdir(), 'chu-startup-')); });
  afterAll(async () => { await rm(dataDir, { recursive: true, force: true }); });

  it.each([
    ['unreachable DATABASE_URL', (p: number) => ({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${p}/chu` }), (p: number) => `database unreachable at 127.0.0.1:${p}`],
    ['unreachable REDIS_URL', (p: number) => ({ REDIS_URL: `redis://127.0.0.1:${p}` }), (p: number) => `redis unreachable at 127.0.0.1:${p}`],
    ['PUBLIC_ORIGIN not a URL', () => ({ PUBLIC_ORIGIN: 'chu dot example' }), () => 'PUBLIC_ORIGIN is not a URL: chu dot example'],
    ['CPU_WORKERS not a positive integer', () => ({ CPU_WORKERS: 'four' }), () => 'CPU_WORKERS must be a positive integer, not "four"'],
    ['CPU_WORKERS of 0', () => ({ CPU_WORKERS: '0' }), () => 'CPU_WORKERS must be a positive integer, not "0"'],
  ])('%s', async (_label, env, line) => {
    const port = await freePort(); // nothing listens there
    const r = await start({ ...env(port), DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(r.code).not.toBe(0);
    expect(r.output.trim().split('\n')).toEqual([`chu server did not start: ${line(port)}`]);
    console.log(`${_label}: exit ${r.code} after ${r.ms.toFixed(0)} ms: ${r.output.trim()}`);
  });
});
