// Spawns the real server on a temp DATA_DIR and a free port, serving the client built once for the
// run (build.ts); Debian's Chromium drives it. `useSession` is each test file's setup.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string; // the client build shared by every e2e file
  }
}

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

export interface Running {
  url: string;
  proc: ChildProcess;
  log: string[];
  stop(): Promise<void>;
}

/** `env`: the server's own settings for this file (CHU_MS_PER_SECOND shrinks grace periods and clocks). */
export async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const tmp = mkdtempSync(join(tmpdir(), 'chu-e2e-'));
  const dist = inject('webDist');
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
      ...env,
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

export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

export interface Session {
  readonly server: Running;
  readonly browser: Browser;
  /** console errors and page errors seen so far; each test expects none */
  readonly problems: string[];
  /** A new browser (its own cookies: its own device), watched for errors. */
  page(who: string, options?: BrowserContextOptions): Promise<Page>;
  /** Screenshots of every page and the server's last words, then the error again. */
  failed(e: unknown, name: string): Promise<never>;
}

/**
 * One server and one Chromium for a test file. `expected`: console errors that are the point of a
 * test (a refused login answers 401, which Chromium logs as a failed resource).
 */
export function useSession(opts: { env?: Record<string, string>; expected?: RegExp } = {}): Session {
  let server: Running | undefined;
  let browser: Browser | undefined;
  const problems: string[] = [];
  const pages: [string, Page][] = [];
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer(opts.env);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
    problems,
    async page(who, options = DESKTOP) {
      const page = await (await browser!.newContext(options)).newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' && !opts.expected?.test(m.text())) problems.push(`${who} console: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${who} pageerror: ${e.message}`));
      pages.push([who, page]);
      return page;
    },
    async failed(e, name) {
      for (const [who, p] of pages) {
        if (!p.isClosed()) await p.screenshot({ path: join(ARTIFACTS, `fail-${name}-${who}.png`) }).catch(() => {});
      }
      console.log(server?.log.join('').slice(-4000));
      throw e;
    },
  };
}

// ---- the board, as a player uses it ----

export const sq = (s: string) => `[data-square="${s}"]`;

export async function move(page: Page, from: string, to: string) {
  await page.click(sq(from));
  await page.click(sq(to));
}

/** Wait until a page shows a given piece on a square ('black p'). */
export async function sees(page: Page, square: string, piece: string) {
  await page.waitForSelector(`${sq(square)} [data-piece="${piece}"]`, { timeout: 20_000 });
}

export async function empty(page: Page, square: string) {
  await page.waitForFunction((s) => !document.querySelector(`[data-square="${s}"] [data-piece]`), square, { timeout: 20_000 });
}

/** `host`, on Home, creates a room and sits at `color`; `guest` follows the invite link and takes the other seat. The room's code. */
export async function seatTwo(host: Page, guest: Page, base: string, color: 'black' | 'white' = 'black'): Promise<string> {
  await host.click('[data-action="create-room"]:not([disabled])');
  await host.waitForSelector('[data-room-code]');
  const code = (await host.textContent('[data-room-code]'))!.trim();
  await host.click(`[data-seat="${color}"] [data-action="sit"]`);
  await guest.goto(`${base}/r/${code}`);
  await guest.click(`[data-seat="${color === 'black' ? 'white' : 'black'}"] [data-action="sit"]`);
  return code;
}

// ---- accessibility: axe-core's WCAG 2.1 A and AA rules, run inside the page ----

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's violations on the page as it is now, one line each: "listitem (serious): .log > li". */
/** Registers `username` from the account page of the site at `base`, and puts away the recovery codes shown once. */
export async function registerAccount(page: Page, base: string, username: string, password = 'password123') {
  await page.goto(base + '/#/account');
  await page.waitForSelector('form[data-mode]');
  if ((await page.getAttribute('form[data-mode]', 'data-mode')) === 'login') await page.click('[data-action="switch-mode"]');
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.click('[data-action="register"]');
  await page.click('[data-action="codes-kept"]');
  await page.waitForSelector(`[data-account="${username}"]`);
}

export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, WCAG_21_AA);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(', ')}`);
}
