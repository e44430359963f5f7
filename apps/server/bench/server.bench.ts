// pnpm bench:server [--nodes N] — concurrent games of bot clients against the real server on Postgres,
// over loopback. With --nodes N (> 1), N server processes serve the site on Redis (REDIS_URL, default
// the local one) and each game's two players sit on different processes.
// Prints moves/s, move round trip (send → opponent receives) p50/p95/p99, lost/duplicated moves and
// each server process's RSS.
// Env: BENCH_GAMES (1000), BENCH_SECONDS (30), BENCH_RATE target moves/s over all games (500),
//      DATABASE_URL (a Postgres server; a fresh database is created and dropped), REDIS_URL, BENCH_SEED,
//      BENCH_NODE_ARGS (node flags for the server processes: '--max-semi-space-size=4'), BENCH_PROFILE (a folder: --cpu-prof there).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_EVENT, SERVER_EVENT, type ClientMessage, type ServerMessage } from '@chu/protocol';
import { Game } from '@chu/rules';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const BASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nodesArg = process.argv.indexOf('--nodes');
const NODES = nodesArg > 0 ? Math.max(1, Number(process.argv[nodesArg + 1])) : 1;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let seed = Number(process.env.BENCH_SEED ?? 7) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Bot {
  socket!: Socket;
  private handlers: ((m: ServerMessage) => void)[] = [];
  constructor(readonly token: string) {}
  async connect(url: string) {
    this.socket = io(url, { auth: { token: this.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.on(SERVER_EVENT, (m: ServerMessage) => { for (const h of [...this.handlers]) h(m); });
    await this.once((m) => m.type === 'welcome');
  }
  on(h: (m: ServerMessage) => void) { this.handlers.push(h); }
  once(pred: (m: ServerMessage) => boolean, ms = 30_000): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('bench: timeout')), ms);
      const h = (m: ServerMessage) => {
        if (!pred(m)) return;
        clearTimeout(t);
        this.handlers.splice(this.handlers.indexOf(h), 1);
        resolve(m);
      };
      this.handlers.push(h);
    });
  }
  send(m: ClientMessage) { this.socket.emit(CLIENT_EVENT, m); }
}

interface Stats { rtt: number[]; ack: number[]; moves: number; errors: Map<string, number>; dupEvents: number; games: number }
const stats: Stats = { rtt: [], ack: [], moves: 0, errors: new Map(), dupEvents: 0, games: 0 };
const acked = new Map<string, string[]>(); // gameId → acked USIs by ply
let running = true;
let playing = false; // tables wait until every game is set up
const waiting: (() => void)[] = [];
let inFlight = 0;

// One table: two bots taking turns; when a game ends they ask for a rematch and go on.
class Table {
  game!: Game;
  gameId = '';
  version = 0;
  code = '';
  sentAt = 0;
  private ackSeq = 0;
  private seats: Record<'black' | 'white', Bot>;
  private seen = new Set<string>();
  constructor(readonly black: Bot, readonly white: Bot) {
    this.seats = { black, white };
  }

  async setup() {
    this.black.send({ type: 'room.create' });
    const room = (await this.black.once((m) => m.type === 'room')) as Extract<ServerMessage, { type: 'room' }>;
    this.code = room.room.code;
    this.white.send({ type: 'room.join', code: this.code });
    await this.white.once((m) => m.type === 'room');
    this.black.send({ type: 'room.sit', code: this.code, color: 'black' });
    await this.black.once((m) => m.type === 'room' && m.room.seats.black.kind === 'human');
    this.white.send({ type: 'room.sit', code: this.code, color: 'white' });
    await this.black.once((m) => m.type === 'room' && m.room.seats.white.kind === 'human');
    for (const bot of [this.black, this.white]) bot.on((m) => this.receive(bot, m));
    const started = this.black.once((m) => m.type === 'game' && m.reason === 'start');
    this.black.send({ type: 'room.start', code: this.code });
    await started;
  }

  private receive(bot: Bot, m: ServerMessage) {
    if (m.type === 'game' && m.reason === 'start' && bot === this.black) {
      this.gameId = m.game.id;
      this.version = m.game.version;
      this.game = Game.start();
      acked.set(this.gameId, []);
      stats.games++;
      // after a rematch the seats swap: whoever is black in the new game moves first
      const mover = m.game.seats.black.deviceId === deviceIds.get(this.black) ? this.black : this.white;
      this.seats = mover === this.black ? { black: this.black, white: this.white } : { black: this.white, white: this.black };
      this.schedule();
    }
    if (m.type === 'event' && m.event.gameId === this.gameId) {
      const key = `${bot === this.black ? 'b' : 'w'}:${m.event.gameId}:${m.event.version}`;
      if (this.seen.has(key)) stats.dupEvents++;
      this.seen.add(key);
      if (m.event.kind === 'move' && this.seats[m.event.color] !== bot) {
        stats.rtt.push(performance.now() - this.sentAt);
        this.version = m.event.version;
        this.game.play(m.event.usi);
        this.schedule();
      }
      if (m.event.kind === 'end' && bot === this.black) {
        this.version = m.event.version;
        // the host (who created the room) starts the next game; who moves first swaps
        if (running) setTimeout(() => this.black.send({ type: 'room.start', code: this.code }), 200);
      }
    }
    if (m.type === 'error') stats.errors.set(m.code, (stats.errors.get(m.code) ?? 0) + 1);
  }

  private schedule() {
    if (!running || this.game.outcome()) return;
    if (!playing) { waiting.push(() => this.schedule()); return; }
    const perGameInterval = (GAMES / RATE) * 1000;
    setTimeout(() => this.move(), perGameInterval * (0.5 + random()));
  }

  private move() {
    if (!running || this.game.outcome()) return;
    const moves = this.game.legalMoves();
    if (moves.length === 0) return;
    const usi = moves[Math.floor(random() * moves.length)];
    const bot = this.seats[this.game.turn];
    const ack = `m${++this.ackSeq}`;
    const gameId = this.gameId;
    const ply = this.game.ply;
    this.sentAt = performance.now();
    const sentAt = this.sentAt;
    inFlight++;
    bot.once((m) => (m.type === 'ack' || m.type === 'error') && (m as { ack?: string }).ack === ack, 60_000).then((m) => {
      inFlight--;
      if (m.type !== 'ack') return;
      stats.ack.push(performance.now() - sentAt);
      stats.moves++;
      acked.get(gameId)![ply] = usi;
    }, () => { inFlight--; });
    bot.send({ type: 'move', gameId, usi, version: this.version, ack });
    // The shared Game advances when the opponent receives the event (receive), which also times the round trip.
  }
}

const deviceIds = new Map<Bot, string>();

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function pool<T>(n: number, limit: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, n) }, async () => {
    while (next < n) { const i = next++; out[i] = await f(i); }
  }));
  return out;
}

const rssKb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
};

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** A server's move round-trip histogram from /metrics: [upper bound in ms, cumulative count], +Inf last. */
async function moveRoundTrips(url: string): Promise<[number, number][]> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^chu_move_round_trip_seconds_bucket\{(?:[^}]*,)?le="([^"]+)"[^}]*\} (\d+)/gm)]
    .map((m) => [m[1] === '+Inf' ? Infinity : Number(m[1]) * 1000, Number(m[2])] as [number, number]);
}

/** The p-th centile of a cumulative histogram, linear within the bucket it falls in. */
function histogramPct(buckets: [number, number][], p: number): number {
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return NaN;
  const rank = (total * p) / 100;
  let [lower, below] = [0, 0];
  for (const [le, count] of buckets) {
    if (count >= rank) return le === Infinity ? lower : lower + ((le - lower) * (rank - below)) / Math.max(1, count - below);
    [lower, below] = [le, count];
  }
  return lower;
}

async function main() {
  const dbName = `chu_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${dbName}`;
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  try {
    for (let n = 0; n < NODES; n++) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const child = spawn(process.execPath, [...nodeArgs, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []), '--import', 'tsx', 'src/main.ts'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          ...process.env, DATABASE_URL: dbUrl.toString(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
          CHU_RATE_CAPACITY: '1000', CHU_RATE_REFILL: '100', CHU_RATE_NEW_DEVICE: '1000',
          // every bot comes from 127.0.0.1: the per-address doors would stop the bench after 20 devices (50 rooms)
          CHU_DEVICES_PER_MINUTE: '1000000', CHU_HTTP_PER_MINUTE: '1000000', CHU_HANDSHAKES_PER_MINUTE: '1000000', CHU_ROOMS_PER_ADDRESS: 'Infinity',
          REDIS_URL: NODES > 1 ? REDIS_URL : '',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      urls.push(url);
      for (let i = 0; ; i++) {
        try { if ((await fetch(`${url}/health`)).ok) break; } catch { /* starting */ }
        if (i > 600) throw new Error('server did not start');
        await sleep(100);
      }
    }
    const url = urls[0];
    console.log(`${NODES} server process(es) up on Postgres (${dbName})${NODES > 1 ? ' and Redis' : ''}; setting up ${GAMES} games…`);
    const t0 = performance.now();
    const tables = await pool(GAMES, 50, async (g) => {
      const bots: Bot[] = [];
      for (let k = 0; k < 2; k++) {
        const at = urls[(g + k) % urls.length]; // the two players of a game on different processes
        const res = await fetch(`${at}/api/device`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        const body = (await res.json()) as { token: string; device: { id: string } };
        const bot = new Bot(body.token);
        deviceIds.set(bot, body.device.id);
        await bot.connect(at);
        bots.push(bot);
      }
      const t = new Table(bots[0], bots[1]);
      await t.setup();
      return t;
    });
    console.log(`${tables.length} games running (setup ${((performance.now() - t0) / 1000).toFixed(1)} s); playing for ${SECONDS} s at a target of ${RATE} moves/s…`);
    playing = true;
    for (const w of waiting.splice(0)) w();
    // Warm up for a few seconds, then measure the steady state only.
    await sleep(Math.min(5, SECONDS / 3) * 1000);
    stats.rtt.length = 0; stats.ack.length = 0; stats.moves = 0;
    const serverBefore = await Promise.all(urls.map(moveRoundTrips));
    const start = performance.now();
    await sleep(SECONDS * 1000);
    const serverAfter = await Promise.all(urls.map(moveRoundTrips));
    const elapsed = (performance.now() - start) / 1000;
    const movesInWindow = stats.moves;
    running = false;
    for (let i = 0; i < 100 && inFlight > 0; i++) await sleep(100);

    // Lost: acknowledged but not in the database. Duplicated: stored but never acknowledged, or an event seen twice.
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const rows = (await db.query('SELECT game_id, ply, usi FROM moves')).rows as { game_id: string; ply: number; usi: string }[];
    await db.end();
    const stored = new Map<string, string>();
    for (const r of rows) stored.set(`${r.game_id}:${r.ply}`, r.usi);
    let lost = 0, ackedTotal = 0, unacked = 0;
    for (const [gameId, usis] of acked) {
      usis.forEach((usi, ply) => {
        if (usi === undefined) return;
        ackedTotal++;
        if (stored.get(`${gameId}:${ply}`) !== usi) lost++;
      });
    }
    for (const [key] of stored) {
      const [gameId, ply] = key.split(':');
      if (acked.get(gameId)?.[Number(ply)] === undefined) unacked++;
    }
    const f = (x: number) => x.toFixed(1);
    console.log('\n== bench:server ==');
    console.log(`games: ${GAMES} concurrent (${stats.games} started incl. rematches), sockets: ${GAMES * 2}`);
    console.log(`moves: ${movesInWindow} in ${f(elapsed)} s → ${f(movesInWindow / elapsed)} moves/s (target ${RATE})`);
    console.log(`round trip send → opponent receives (ms): p50 ${f(pct(stats.rtt, 50))}  p95 ${f(pct(stats.rtt, 95))}  p99 ${f(pct(stats.rtt, 99))}  max ${f(Math.max(...stats.rtt))}`);
    console.log(`ack (ms): p50 ${f(pct(stats.ack, 50))}  p99 ${f(pct(stats.ack, 99))}`);
    const inWindow = serverAfter.map((after, n) => after.map(([le, count]) => [le, count - (serverBefore[n].find(([l]) => l === le)?.[1] ?? 0)] as [number, number]));
    console.log(`server, a move's arrival → its ack (ms, chu_move_round_trip_seconds, within its buckets): ${inWindow.map((h) => `p50 ${f(histogramPct(h, 50))}  p99 ${f(histogramPct(h, 99))}  (${h.at(-1)?.[1] ?? 0} moves)`).join('; ')}`);
    console.log(`acknowledged ${ackedTotal}, stored ${rows.length}; lost ${lost}, duplicated events ${stats.dupEvents}, stored-but-unacknowledged ${unacked}`);
    console.log(`errors: ${JSON.stringify(Object.fromEntries(stats.errors))}`);
    console.log(`server RSS (MB): ${children.map((c) => (rssKb(c.pid!) / 1024).toFixed(0)).join(', ')} (${NODES} process(es); bots and Postgres share the same 2 cores)`);
    for (const t of tables) { t.black.socket.disconnect(); t.white.socket.disconnect(); }
  } finally {
    for (const child of children) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
