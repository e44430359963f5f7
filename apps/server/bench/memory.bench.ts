// pnpm bench:memory — the server's resident memory (VmRSS, threads included) on embedded PGlite: started
// on a fresh data folder, then again on that folder once it exists. For each start it prints the time
// to /health, the peak RSS while starting and the RSS after BENCH_IDLE_SECONDS (10) of idling.
// Runs the server as `pnpm start` does (src/ through tsx), and as the image does (dist/) once `pnpm build` made it.
// Env: BENCH_IDLE_SECONDS, CHU_CPU=random to leave the engine out. (The engine's worker threads start with
// the first CPU move and stop after 5 idle minutes, so an idle server holds none either way.)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const rssKb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // exited
  }
};

interface Run { startMs: number; peakKb: number; idleKb: number }

async function measure(args: string[], dataDir: string): Promise<Run> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  let peakKb = 0;
  let port: number | null = null;
  try {
    while (port === null) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${out}`);
      if (performance.now() - t0 > 120_000) throw new Error(`server did not start: ${out}`);
      peakKb = Math.max(peakKb, rssKb(child.pid!));
      const ready = /"port":(\d+)[^\n]*chu server ready/.exec(out);
      if (ready) port = Number(ready[1]);
      else await sleep(100);
    }
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    if (!health.ok) throw new Error(`/health answered ${health.status}`);
    const startMs = performance.now() - t0;
    for (let s = 0; s < IDLE_SECONDS * 5; s++) {
      peakKb = Math.max(peakKb, rssKb(child.pid!));
      await sleep(200);
    }
    return { startMs, peakKb, idleKb: rssKb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

// The server as `pnpm start` and the image run it: the node arguments of those package.json scripts.
const { scripts } = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const nodeArgs = (script: string) => scripts[script].split(' ').slice(1); // 'node --flag … entry'
const entries: [string, string[]][] = [['start (tsx src/)', nodeArgs('start')]];
if (existsSync(join(serverDir, 'dist/main.mjs'))) entries.push(['start:built (dist/)', nodeArgs('start:built')]);
else console.log('(no dist/main.mjs: run `pnpm build` to measure the built server too)');

console.log(`idle RSS after ${IDLE_SECONDS} s, CPU player: ${process.env.CHU_CPU === 'random' ? 'random mover' : 'engine pool, no worker until a CPU move'}`);
console.log(['entry'.padEnd(20), 'data folder'.padEnd(12), 'start'.padStart(8), 'peak RSS'.padStart(10), 'idle RSS'.padStart(10)].join(' '));
for (const [name, args] of entries) {
  const dataDir = await mkdtemp(join(tmpdir(), 'chu-bench-memory-'));
  try {
    for (const folder of ['fresh', 'existing']) {
      const r = await measure(args, dataDir);
      console.log([name.padEnd(20), folder.padEnd(12), `${(r.startMs / 1000).toFixed(1)} s`.padStart(8), mb(r.peakKb).padStart(10), mb(r.idleKb).padStart(10)].join(' '));
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
