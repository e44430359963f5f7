import type { ServerMessage } from '@chu/protocol';
import { Game, unwrap } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kill9 } from '../support/childServer.ts';
import { startCluster, storedMoves } from '../support/cluster.ts';
import { figure, untilMetrics } from '../support/metrics.ts';
import { againstCpu, firstLegal, type TestClient } from '../support/TestClient.ts';

// Engine capacity on the site's job queue (issue 39): two real server processes on Postgres and Redis,
// and engine-only processes (CHU_ROLE=engine) that take CPU moves from the queue. The room's owner stays
// in charge: it stores a move only for the position it asked about, and searches on its own pool when
// no engine process answers in time. What each process did is read from its /metrics.

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** A person on `url` as Black against a CPU seat as White (level 8), the game started; closed after the tests. */
async function cpuGame(clients: TestClient[], url: string, options: Parameters<typeof againstCpu>[1] = {}) {
  const game = await againstCpu(url, options);
  clients.push(game.person);
  return game;
}

type MoveEvent = Extract<Extract<ServerMessage, { type: 'event' }>['event'], { kind: 'move' }>;

/** Plays Black's first legal move and waits for the CPU's reply to it. */
async function playAndHearReply(person: TestClient, ms = 30_000): Promise<MoveEvent> {
  const ply = person.game!.ply;
  expect(await person.move(firstLegal(person.game!.moves))).toMatchObject({ type: 'ack' });
  const m = await person.nextOf('event', (x) => x.event.kind === 'move' && x.event.color === 'white' && x.event.ply === ply + 1, ms);
  return m.event as MoveEvent;
}

const metricsOf = async (url: string) => (await fetch(`${url}/metrics`)).text();
const sumOver = async (urls: string[], name: string, labels: Record<string, string> = {}) =>
  (await Promise.all(urls.map(metricsOf))).reduce((n, text) => n + figure(text, name, labels), 0);
const untilEnginesSeen = (c: Cluster, n: number) =>
  Promise.all(c.nodes.map((node) => untilMetrics(node.url, (t) => figure(t, 'chu_engine_processes') === n)));

describe('CPU moves on the site\'s queue', () => {
  let c: Cluster;
  const clients: TestClient[] = [];
  // the random legal mover everywhere, unless a test starts an engine process with the real engine
  beforeAll(async () => { c = await startCluster(2, { env: { CHU_CPU_REPLY_MS: '8000' } }); });
  afterAll(async () => {
    for (const client of clients) client.close();
    await c?.stop();
  });
  const servers = () => c.nodes.map((n) => n.url);

  it('no engine process at all: each server consumes the queue with its own pool, and every CPU game gets its moves', async () => {
    await untilEnginesSeen(c, 0);
    const games = await Promise.all(servers().map((url) => cpuGame(clients, url)));
    for (const { person, gameId } of games) {
      const reply = await playAndHearReply(person);
      expect(await storedMoves(c.db.databaseUrl!, gameId)).toEqual([person.game!.moves[0], reply.usi]);
    }
    expect(await sumOver(servers(), 'chu_cpu_jobs_served_total', { outcome: 'answered' })).toBe(2);
    expect(await sumOver(servers(), 'chu_cpu_moves_total', { by: 'queue' })).toBe(2);
    expect(await sumOver(servers(), 'chu_cpu_moves_total', { by: 'fallback' })).toBe(0);
  });

  it('two servers and one engine process: CPU games on both get their moves from the engine process, whose counters show them', async () => {
    const engine = await c.startEngine();
    await untilEnginesSeen(c, 1);
    const servedBefore = await sumOver(servers(), 'chu_cpu_jobs_served_total');
    const games = await Promise.all(servers().map((url) => cpuGame(clients, url)));
    for (const { person, gameId } of games) {
      const reply = await playAndHearReply(person);
      expect(await storedMoves(c.db.databaseUrl!, gameId)).toEqual([person.game!.moves[0], reply.usi]);
    }
    const engineText = await metricsOf(engine.url);
    expect(figure(engineText, 'chu_cpu_jobs_served_total', { outcome: 'answered' })).toBe(2);
    const engineName = /process="([^"]+)"/.exec(engineText.split('\n').find((l) => l.startsWith('chu_cpu_jobs_served_total'))!)![1];
    for (const url of servers()) expect(figure(await metricsOf(url), 'chu_cpu_queue_answers_total', { engine: engineName })).toBe(1);
    expect(await sumOver(servers(), 'chu_cpu_jobs_served_total')).toBe(servedBefore); // the servers searched nothing
    // and the engine process is no server: its port answers health and figures only
    expect((await fetch(`${engine.url}/health/ready`)).status).toBe(200);
    expect((await fetch(`${engine.url}/api/lobby`)).status).toBe(404);
  });

  it('a takeback while the job waits in the queue: the job is dropped, its answer never stored, and the new position gets its own', async () => {
    const [engine] = c.engines;
    const { person, gameId } = await cpuGame(clients, servers()[0], { cpuTakebacks: true });
    const first = await playAndHearReply(person);
    // the engine process frozen (SIGSTOP): the next job waits in the queue, nobody searching it
    engine.child.kill('SIGSTOP');
    let other = '';
    try {
      const asked = firstLegal(person.game!.moves);
      expect(await person.move(asked)).toMatchObject({ type: 'ack' });
      await untilMetrics(servers()[0], (t) => figure(t, 'chu_cpu_queue_depth', { state: 'waiting' }) === 1);
      expect(await person.command({ type: 'takeback', gameId, action: 'offer' }, 'tb1')).toMatchObject({ type: 'ack' });
      await person.until(() => person.game!.ply === 2);
      await untilMetrics(servers()[0], (t) => figure(t, 'chu_cpu_queue_depth', { state: 'waiting' }) === 0);
      // another move at the same ply: a new position, a new job
      other = unwrap(Game.replay(person.game!.moves)).legalMoves().find((u) => u !== asked)!;
      expect(await person.move(other)).toMatchObject({ type: 'ack' });
    } finally {
      engine.child.kill('SIGCONT');
    }
    const reply = (await person.nextOf('event', (x) => x.event.kind === 'move' && x.event.color === 'white' && x.event.ply === 3, 30_000)).event as MoveEvent;
    expect(await storedMoves(c.db.databaseUrl!, gameId)).toEqual([person.game!.moves[0], first.usi, other, reply.usi]);
    expect(await sumOver(servers(), 'chu_cpu_late_answers_total')).toBe(0);
  });

  it('the engine process SIGKILLed mid-search: the move still comes within the reply period, by the owner\'s fallback or a re-delivery, and is stored once', async () => {
    await kill9(c.engines[0].child);
    // the real engine this time, so that the search lasts long enough to be killed in
    const engine = await c.startEngine({ CHU_CPU: 'engine', CPU_WORKERS: '1' });
    await untilEnginesSeen(c, 1);
    // untimed: level 8 thinks its 2 s budget (on a 30 s turn it would think most of the turn), within the 8 s reply period
    const { person, gameId } = await cpuGame(clients, servers()[1]);
    const answeredBefore = await sumOver(servers(), 'chu_cpu_moves_total');
    const ply = person.game!.ply;
    expect(await person.move(firstLegal(person.game!.moves))).toMatchObject({ type: 'ack' });
    await untilMetrics(engine.url, (t) => figure(t, 'chu_cpu_think_granted_seconds_count') === 1);
    await kill9(engine.child);
    const reply = (await person.nextOf('event', (x) => x.event.kind === 'move' && x.event.color === 'white' && x.event.ply === ply + 1, 30_000)).event as MoveEvent;
    expect(await sumOver(servers(), 'chu_cpu_moves_total')).toBe(answeredBefore + 1); // by fallback or by the queue, once
    expect(await storedMoves(c.db.databaseUrl!, gameId)).toEqual([person.game!.moves[0], reply.usi]);
    await new Promise((r) => setTimeout(r, 500)); // a late answer, if one came, would show now
    expect(await storedMoves(c.db.databaseUrl!, gameId)).toHaveLength(2);
  });
});
