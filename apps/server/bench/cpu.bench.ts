// pnpm bench:cpu — N simultaneous games against the CPU (level 8) on one server, each against a bot
// that answers instantly with a random legal move. Prints, per setting, CPU moves/s, the CPU's
// reply time (bot's ack → CPU move event) p50/p95/max, how many replies missed their turn time, and
// the search depth reached. The engine is the real one: packages/engine's worker pool, sized as the
// server sizes it (CPU_WORKERS overrides).
// Env: BENCH_GAMES "1,4,8,16", BENCH_SECONDS per setting (20), BENCH_TURN "none,30" (per-turn seconds).
//
// `--engines N` (issue 39): the server on the site's queue (REDIS_URL and DATABASE_URL needed, a fresh
// database per setting), with N engine processes (CHU_ROLE=engine, CPU_WORKERS each) taking the jobs;
// N = 0 is a server consuming its own queue. Fallbacks (the owner searched itself: no engine answer in
// time) and late answers (an engine answer after that) are read from the server's /metrics, and so is
// the depth. On a 2-core machine the figures show correctness and overhead, not speed-up.
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_EVENT, SERVER_EVENT, type ClientMessage, type ServerMessage } from '@chu/protocol';
import { Game } from '@chu/rules';
import { EnginePool } from '@chu/engine';
import { io, type Socket } from 'socket.io-client';
import { defaultConfig } from '../src/config.ts';
import type { CpuPlayer } from '../src/cpu/CpuPlayer.ts';
import { startServer } from '../src/server.ts';
import { kill9, spawnServer } from '../test/support/childServer.ts';
import { figure, untilMetrics } from '../test/support/metrics.ts';
import { testDatabase } from '../test/support/testDatabase.ts';

const SETTINGS = (process.env.BENCH_GAMES ?? '1,4,8,16').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TURNS = (process.env.BENCH_TURN ?? 'none,30').split(',').map((t) => (t === 'none' ? null : (Number(t) as 30 | 60)));
const WORKERS = Number(process.env.CPU_WORKERS ?? Math.max(1, availableParallelism() - 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Every bot comes from 127.0.0.1: the per-address limits (new devices, requests, handshakes, rooms) would stop the 21st or the 51st.
const LIMITS = {
  httpLimits: { ...defaultConfig().httpLimits, devices: 10_000, perAddress: 100_000 }, handshakes: { perAddress: 10_000, windowMs: 60_000 },
  rooms: { ...defaultConfig().rooms, perAddress: 10_000 },
};
const enginesAt = process.argv.indexOf('--engines');
const ENGINES = enginesAt >= 0 ? Number(process.argv[enginesAt + 1]) : null; // null: no queue, the server alone
if (ENGINES !== null && (!Number.isInteger(ENGINES) || ENGINES < 0)) throw new Error('--engines takes a whole number: 0, 1, 2…');
if (ENGINES !== null && (!process.env.REDIS_URL || !process.env.DATABASE_URL)) throw new Error('--engines needs REDIS_URL and DATABASE_URL (Postgres)');

// The engine as the server uses it, recording the depth each search reached.
const depths: number[] = [];
const pool = new EnginePool(WORKERS);
const cpu: CpuPlayer = {
  workers: pool.size,
  async chooseMove(game, opts) {
    const r = await pool.searchGame(game, { level: opts.level, timeMs: opts.timeMs, deadline: opts.deadline }, opts.signal);
    depths.push(r.depth);
    return r.move;
  },
};

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function device(url: string, name: string): Promise<string> {
  const res = await fetch(`${url}/api/device`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  return ((await res.json()) as { token: string }).token;
}

/** A bot facing a CPU seat: it answers at once with a random legal move and times the CPU's replies. */
class Table {
  private socket!: Socket;
  private game: Game = Game.start();
  private gameId = '';
  private version = 0;
  private sentAt = 0;
  readonly replies: number[] = [];
  late = 0;
  private running = true;

  constructor(private readonly url: string, private readonly turnTime: 30 | 60 | null, private readonly msPerSecond: number) {}

  async open(): Promise<void> {
    const token = await device(this.url, 'Bot');
    this.socket = io(this.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((started) => {
      this.socket.on(SERVER_EVENT, (m: ServerMessage) => {
        if (m.type === 'welcome') this.send({ type: 'room.create', options: { timeControl: this.turnTime === null ? { kind: 'none' } : { kind: 'turn', seconds: this.turnTime } } });
        if (m.type === 'room' && !this.gameId) {
          const { code, seats } = m.room;
          if (seats.black.kind === 'empty') {
            this.send({ type: 'room.sit', code, color: 'black' });
            this.send({ type: 'room.cpu', code, color: 'white', level: 8 });
          } else if (seats.white.kind === 'cpu') this.send({ type: 'room.start', code });
        }
        if (m.type === 'game' && m.reason === 'start') {
          this.gameId = m.game.id;
          this.version = m.game.version;
          started();
          this.play();
        }
        if (m.type === 'event' && m.event.gameId === this.gameId) this.onEvent(m.event);
      });
    });
  }

  stop(): void {
    this.running = false;
    this.socket.close();
  }

  private onEvent(e: Extract<ServerMessage, { type: 'event' }>['event']): void {
    this.version = Math.max(this.version, e.version);
    if (e.kind === 'move') {
      this.game.play(e.usi);
      if (e.color === 'white') {
        const ms = performance.now() - this.sentAt;
        this.replies.push(ms);
        if (this.turnTime !== null && ms > this.turnTime * this.msPerSecond) this.late++;
        this.play();
      }
    }
    if (e.kind === 'end') this.running = false;
  }

  private play(): void {
    if (!this.running || this.game.outcome() || this.game.turn !== 'black') return;
    const moves = this.game.legalMoves();
    const usi = moves[Math.floor(Math.random() * moves.length)];
    this.sentAt = performance.now();
    this.send({ type: 'move', gameId: this.gameId, usi, version: this.version, ack: `b${this.game.ply}` });
  }

  private send(m: ClientMessage): void { this.socket.emit(CLIENT_EVENT, m); }
}

/** The median of a cumulative Prometheus histogram of whole numbers (the search depth). */
function histogramMedian(text: string, name: string): number {
  const buckets = [...text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"[^}]*\\} (\\S+)$`, 'gm'))].map((m) => [Number(m[1]), Number(m[2])] as const);
  const total = buckets.at(-1)?.[1] ?? 0;
  return buckets.find(([, n]) => n >= total / 2 && total > 0)?.[0] ?? NaN;
}

/** The server on the site's queue, with `n` engine processes taking its jobs. */
async function queuedSite(n: number) {
  const db = await testDatabase();
  const env = { DATABASE_URL: db.databaseUrl!, REDIS_URL: process.env.REDIS_URL!, CPU_WORKERS: String(WORKERS), CHU_CPU: 'engine', LOG_LEVEL: 'warn' };
  const engines = await Promise.all(Array.from({ length: n }, () => spawnServer({ ...env, CHU_ROLE: 'engine' })));
  const server = await startServer({
    ...defaultConfig(), port: 0, host: '127.0.0.1', databaseUrl: db.databaseUrl, redisUrl: process.env.REDIS_URL!, cpuWorkers: WORKERS, webDist: '/nonexistent', logLevel: 'warn', ...LIMITS,
  });
  await untilMetrics(server.url, (t) => figure(t, 'chu_engine_processes') === n);
  return {
    server,
    async figures() {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return {
        fallbacks: figure(text, 'chu_cpu_moves_total', { by: 'fallback' }), lateAnswers: figure(text, 'chu_cpu_late_answers_total'),
        depthP50: histogramMedian(text, 'chu_cpu_search_depth'),
      };
    },
    async close() {
      await server.close();
      await Promise.all(engines.map((e) => kill9(e.child)));
      await db.dispose();
    },
  };
}

async function alone() {
  const dataDir = await mkdtemp(join(tmpdir(), 'chu-bench-cpu-'));
  const server = await startServer(
    { ...defaultConfig(), port: 0, host: '127.0.0.1', dataDir, databaseUrl: process.env.DATABASE_URL || null, webDist: '/nonexistent', logLevel: 'warn', ...LIMITS },
    { cpu },
  );
  depths.length = 0;
  return {
    server,
    figures: async () => ({ fallbacks: 0, lateAnswers: 0, depthP50: pct(depths, 50) }),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function run(games: number, turnTime: 30 | 60 | null) {
  const site = ENGINES === null ? await alone() : await queuedSite(ENGINES);
  const { server } = site;
  const tables = Array.from({ length: games }, () => new Table(server.url, turnTime, 1000));
  await Promise.all(tables.map((t) => t.open()));
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const seconds = (performance.now() - t0) / 1000;
  for (const t of tables) t.stop();
  const replies = tables.flatMap((t) => t.replies);
  const late = tables.reduce((n, t) => n + t.late, 0);
  const f = await site.figures();
  await site.close();
  const row = [
    String(games).padStart(5), (turnTime === null ? 'none' : `${turnTime} s`).padStart(6),
    (replies.length / seconds).toFixed(2).padStart(9),
    (pct(replies, 50) / 1000).toFixed(2).padStart(7), (pct(replies, 95) / 1000).toFixed(2).padStart(7),
    (Math.max(...replies) / 1000).toFixed(2).padStart(7), String(late).padStart(5),
    String(f.fallbacks).padStart(9), String(f.lateAnswers).padStart(8),
    (ENGINES === null ? `${f.depthP50} (${Math.min(...depths)}–${Math.max(...depths)})` : String(f.depthP50)).padStart(10),
  ];
  console.log(row.join('  '));
}

const where = ENGINES === null ? 'one server, no queue' : `one server on the Redis queue + ${ENGINES} engine process(es)`;
console.log(`CPU level 8 vs instant bots; ${where}; ${WORKERS} engine worker(s) per process on ${availableParallelism()} cores; ${SECONDS} s per setting; server on ${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}`);
console.log(['games', '  turn', 'CPU mv/s', '  p50 s', '  p95 s', '  max s', ' late', 'fallbacks', 'late ans', ' depth p50'].join('  '));
for (const turnTime of TURNS) for (const games of SETTINGS) await run(games, turnTime);
await pool.close();
process.exit(0);
