// The engine in the browser: builds the web client, serves it, opens the analysis board in headless
// Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH) and lets its Web Worker analyse the
// start position for a fixed time; prints nodes/s and depth. Then the same analysis (same code:
// src/lib/analysis/search.ts) runs in Node for the same time, for a figure side by side.
// Usage: pnpm bench:engine:browser [ms=10000]
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { Game } from '@chu/rules';
import { analyse } from '../src/lib/analysis/search.ts';
import type { LinesInfo } from '../src/lib/analysis/protocol.ts';

const ms = Number(process.argv[2] ?? 10_000);
const WEB = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium`);

const dist = mkdtempSync(join(tmpdir(), 'chu-bench-web-'));
execFileSync(process.execPath, [resolve(WEB, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: WEB, stdio: 'inherit' });

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file = join(dist, path);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const port = (server.address() as { port: number }).port;

interface Sample { depth: number; nodes: number; ms: number }
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const samples: Sample[] = [];
const chrome = `chromium ${browser.version()}`;
try {
  const page = await browser.newPage();
  await page.addInitScript(() => sessionStorage.clear());
  await page.goto(`http://127.0.0.1:${port}/#/local`);
  await page.click('[data-action="engine"]');
  const start = Date.now();
  while (Date.now() - start < ms) {
    await page.waitForTimeout(100);
    const s = await page.evaluate(() => {
      const el = document.querySelector('[data-engine] [data-depth]');
      return el ? { depth: Number(el.getAttribute('data-depth')), nodes: Number(el.getAttribute('data-nodes')), ms: Number(el.getAttribute('data-ms')) } : null;
    });
    if (s && s.depth !== samples.at(-1)?.depth) samples.push(s);
  }
  await page.click('[data-action="engine"]');
} finally {
  await browser.close();
  server.close();
  rmSync(dist, { recursive: true, force: true });
}

const node: Sample[] = [];
const game = Game.start();
await analyse({ sfen: game.startSfen, moves: [], options: game.options }, { multiPv: 1, maxMs: ms, maxDepth: 60 }, (i: LinesInfo) => node.push({ depth: i.depth, nodes: i.nodes, ms: i.timeMs }), async () => false);

console.log(`browser engine bench: the analysis board's worker on the start position, MultiPV 1, ${ms} ms; load average ${loadavg()[0].toFixed(1)}`);
console.log('where (last depth finished)      depth      nodes  think ms   nodes/s');
for (const [name, s] of [[`${chrome} worker`, samples], [`node ${process.version}`, node]] as const) {
  const last = s.at(-1);
  if (!last) {
    console.log(`${name.padEnd(30)} no depth finished`);
    continue;
  }
  const nps = Math.round((last.nodes / Math.max(1, last.ms)) * 1000);
  console.log(`${name.padEnd(30)} ${String(last.depth).padStart(5)} ${String(last.nodes).padStart(10)} ${String(Math.round(last.ms)).padStart(9)} ${String(nps).padStart(9)}`);
}
