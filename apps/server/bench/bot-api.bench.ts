// pnpm bench:bot-api — the Bot API on loopback (issue 50), one server in this process (PGlite, a fresh
// database). 1) Latency: a person plays on a socket against a bot on the API; from the person's move
// sent to that move's gameState on the bot's game stream, p50/p95 over BENCH_MOVES of the person's moves
// (a new game when one ends). 2) Streams: BENCH_STREAMS bot accounts each open an event stream and, in a
// game with a person, a game stream; the process's resident memory before and after, per stream.
// The person moves at most every BENCH_PAUSE_MS (150), within a seated player's message rate.
// Env: BENCH_MOVES (200), BENCH_STREAMS (100), BENCH_PAUSE_MS (150).
import { ChallengeResponseSchema } from '@chu/protocol';
import { defaultConfig } from '../src/config.ts';
import { aMove, BOT_SCOPES, stream, tokenFor } from '../test/support/botApi.ts';
import { account, post } from '../test/support/http.ts';
import type { NdjsonReader } from '../test/support/ndjson.ts';
import { TestClient } from '../test/support/TestClient.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ChuServer } from '../src/server.ts';

const MOVES = Number(process.env.BENCH_MOVES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 150);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const big = 1_000_000;
const dataDir = await mkdtemp(join(tmpdir(), 'chu-bench-api-'));
const server = await startServer({
  ...defaultConfig(), port: 0, host: '127.0.0.1', dataDir, databaseUrl: process.env.DATABASE_URL || null, webDist: '/nonexistent', logLevel: 'warn', cpuPlayer: 'random',
  httpLimits: { ...defaultConfig().httpLimits, perAddress: big, devices: big, registers: big, challenges: big, apiPerToken: big, apiPerAddress: big },
  handshakes: { ...defaultConfig().handshakes, perAddress: big },
  rooms: { ...defaultConfig().rooms, perDevice: big, perAddress: big },
  challenges: { ...defaultConfig().challenges, perSender: big },
});
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
let n = 0;

/** A bot with its event stream, and a person with a socket, in a game the bot accepted (the person Black). */
async function pairing(s: ChuServer, timeControl: object = CLOCK) {
  const id = ++n;
  const bot = await account(s.url, `bench_bot${id}`);
  const secret = await tokenFor(s.url, bot.token, BOT_SCOPES);
  await post(s.url, '/api/bot/account/upgrade', {}, { bearer: secret });
  const events = await stream(s.url, '/api/stream/event', secret);
  const person = await account(s.url, `bench_ana${id}`);
  const socket = await TestClient.connect(s.url, person);
  const game = await newGame(s, secret, events, socket, `bench_bot${id}`, person.token, timeControl);
  return { secret, events, socket, game, personToken: person.token };
}

// The latency games run on a clock; the held games are correspondence, which no first-move deadline
// aborts (RULES.md §7: a clock game nobody starts within 30 s is aborted, and its streams end with it).
const CLOCK = { kind: 'clock', initialSeconds: 3600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 };
const CORRESPONDENCE = { kind: 'correspondence', daysPerMove: 3 };

async function newGame(s: ChuServer, secret: string, events: NdjsonReader, socket: TestClient, botName: string, personToken: string, timeControl: object = CLOCK) {
  const sent = await post(s.url, '/api/challenges', { to: botName, color: 'black', options: { timeControl } }, { bearer: personToken });
  const c = ChallengeResponseSchema.parse(await sent.json()).challenge;
  await events.next((l) => l.type === 'challenge' && (l.challenge as { id: string }).id === c.id);
  await post(s.url, `/api/challenge/${c.id}/accept`, {}, { bearer: secret });
  const gameId = ((await events.next((l) => l.type === 'gameStart' && (l.game as { id: string }).id !== socket.game?.id)).game as { id: string }).id;
  const accepted = (await socket.nextOf('challenge', (m) => m.challenge.id === c.id && m.challenge.status === 'accepted')).challenge;
  await socket.join(accepted.roomCode!);
  await socket.until(() => socket.game?.id === gameId);
  const reader = await stream(s.url, `/api/bot/game/stream/${gameId}`, secret);
  await reader.next((l) => l.type === 'gameFull');
  return { gameId, reader };
}

try {
  // 1) latency
  const p = await pairing(server);
  let { gameId, reader } = p.game;
  const latencies: number[] = [];
  let played: string[] = [];
  let games = 1;
  while (latencies.length < MOVES) {
    if (p.socket.game!.status !== 'active' || played.length > 300) {
      reader.close();
      ({ gameId, reader } = await newGame(server, p.secret, p.events, p.socket, 'bench_bot1', p.personToken));
      played = [];
      games++;
    }
    const usi = aMove(p.socket.game!, played, played.length);
    await sleep(PAUSE_MS);
    const t0 = performance.now();
    const acked = p.socket.move(usi);
    played.push(usi);
    const line = await reader.next((l) => l.type === 'gameState' && (l.moves === played.join(' ') || l.status !== 'started'));
    latencies.push(performance.now() - t0);
    const ack = await acked;
    if (ack.type !== 'ack') throw new Error(`the person's move was refused: ${JSON.stringify(ack)}`);
    if (line.status !== 'started') continue;
    await p.socket.until(() => p.socket.game!.moves.length === played.length);
    const reply = aMove(p.socket.game!, played, played.length);
    await post(server.url, `/api/bot/game/${gameId}/move/${reply}`, undefined, { bearer: p.secret });
    played.push(reply);
    await reader.next((l) => l.type === 'gameState' && l.moves === played.join(' '));
    await p.socket.until(() => p.socket.game!.moves.length === played.length);
  }
  console.log(`person's move → bot's gameState: p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (${latencies.length} moves, ${games} game(s), loopback, PGlite)`);
  p.socket.close();
  p.events.close();
  reader.close();

  // 2) streams one process holds
  global.gc?.();
  const before = process.memoryUsage().rss;
  const held: Awaited<ReturnType<typeof pairing>>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < STREAMS; i++) held.push(await pairing(server, CORRESPONDENCE));
  const openMs = performance.now() - t0;
  global.gc?.();
  const after = process.memoryUsage().rss;
  const live = held.filter((h) => !h.events.ended && !h.game.reader.ended).length;
  console.log(`${live} of ${STREAMS} bots hold an event stream and a game stream at once (${2 * live} streams, ${live} games); `
    + `RSS ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MiB, ~${((after - before) / 2 ** 10 / Math.max(1, live)).toFixed(0)} KiB a bot `
    + `(its two streams, its loopback sockets, the person's socket and the room, all in this one process); set up in ${(openMs / 1000).toFixed(1)} s`);
  for (const h of held) { h.events.close(); h.game.reader.close(); h.socket.close(); }
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
