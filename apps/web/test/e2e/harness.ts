// Spawns the real server on a temp DATA_DIR and a free port, serving a fresh build of the client.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
export const WEB = resolve(here, '../..');
export const REPO = resolve(WEB, '../..');
export const SERVER = resolve(REPO, 'apps/server');
export const ARTIFACTS = resolve(REPO, 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });
}

export function buildClient(outDir: string): void {
  const vite = resolve(WEB, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
}

export interface Running {
  url: string;
  proc: ChildProcess;
  log: string[];
  stop(): Promise<void>;
}

export async function startServer(): Promise<Running> {
  const tmp = mkdtempSync(join(tmpdir(), 'chu-e2e-'));
  const dist = join(tmp, 'web');
  buildClient(dist);
  const dataDir = join(tmp, 'data');
  mkdirSync(dataDir);
  const port = await freePort();
  const log: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      CHU_CPU_DELAY_MS: '0',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => log.push(String(d)));
  proc.stderr!.on('data', (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}:\n${log.join('')}`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    proc,
    log,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            proc.kill('SIGKILL');
            r(null);
          }, 5000);
          proc.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
