import type { Game } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CpuPlayer } from '../src/cpu/CpuPlayer.ts';
import { UNTIMED_REPLY_MS } from '../src/cpu/CpuDesk.ts';
import { againstCpu, firstLegal } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// The CPU seat as the room drives it (RULES.md §8, issue 10): a move for a game that ended or was
// adjourned is cancelled and never stored, and when more games wait than the engine has workers,
// each search is given less time so that no reply misses its clock. The CPU player here is one that
// thinks until the test lets it answer, so the test sees what the room asked of it and when it was
// told to stop; the engine's own searching is tested in packages/engine.

interface Call {
  ply: number;
  level: number;
  timeMs: number;
  deadline: number | undefined;
  askedAt: number;
  signal: AbortSignal;
  answer(): void;
}

class HeldCpu implements CpuPlayer {
  readonly workers = 1;
  readonly calls: Call[] = [];
  chooseMove(game: Game, opts: { level: number; timeMs: number; deadline?: number; signal: AbortSignal }): Promise<string> {
    return new Promise((resolve, reject) => {
      const usi = firstLegal([...game.moves]);
      this.calls.push({ ply: game.ply, level: opts.level, timeMs: opts.timeMs, deadline: opts.deadline, askedAt: Date.now(), signal: opts.signal, answer: () => resolve(usi) });
      opts.signal.addEventListener('abort', () => reject(opts.signal.reason), { once: true });
    });
  }
  async until(n: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (this.calls.length < n) {
      if (Date.now() > deadline) throw new Error(`the CPU was asked ${this.calls.length} times, not ${n}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('the CPU seat', () => {
  let server: TestServer;
  const cpu = new HeldCpu();
  // 1 "second" = 50 ms: a 2 s grace period lasts 100 ms
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 50 }, undefined, { cpu }); });
  afterAll(async () => { await server?.stop(); });
  const storedMoves = async (gameId: string) =>
    (await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } })).map((m) => m.usi);

  it('a resignation while the CPU thinks cancels its move: the search is told to stop, and its answer is never stored', async () => {
    const { person, gameId } = await againstCpu(server.url);
    const before = cpu.calls.length;
    expect(await person.move('7j5h')).toMatchObject({ type: 'ack' });
    await cpu.until(before + 1);
    const call = cpu.calls[before];
    expect(call.ply).toBe(1);
    person.send({ type: 'resign', gameId: person.game!.id });
    await person.nextOf('event', (m) => m.event.kind === 'end');
    expect(call.signal.aborted).toBe(true);
    call.answer(); // too late: the game is over
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedMoves(gameId)).toEqual(['7j5h']);
    person.close();
  });

  it('the person leaves while the CPU thinks: the game adjourns, the search is stopped, and nothing is played for nobody', async () => {
    const { person, gameId } = await againstCpu(server.url, { graceSeconds: 2 });
    const before = cpu.calls.length;
    expect(await person.move('7j5h')).toMatchObject({ type: 'ack' });
    await cpu.until(before + 1);
    const call = cpu.calls[before];
    person.close();
    const deadline = Date.now() + 10_000;
    while ((await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).status !== 'adjourned') {
      if (Date.now() > deadline) throw new Error('the game did not adjourn');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(call.signal.aborted).toBe(true);
    call.answer();
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedMoves(gameId)).toEqual(['7j5h']);
  });

  it('with more games waiting than workers, each later search gets a smaller share of the reply period', async () => {
    const games = await Promise.all([1, 2, 3, 4].map(() => againstCpu(server.url)));
    const before = cpu.calls.length;
    for (const g of games) expect(await g.person.move('7j5h')).toMatchObject({ type: 'ack' });
    await cpu.until(before + 4);
    const calls = cpu.calls.slice(before);
    // the k-th waiting search may think at most the reply period shared by k (one worker), and
    // every one must answer within the untimed reply period
    calls.forEach((c, k) => {
      expect(c.level).toBe(8);
      expect(c.timeMs).toBeLessThanOrEqual(Math.floor(UNTIMED_REPLY_MS / (k + 1)));
      expect(c.deadline! - c.askedAt).toBeLessThanOrEqual(UNTIMED_REPLY_MS);
    });
    expect(calls[3].timeMs).toBeLessThan(calls[0].timeMs);
    for (const c of calls) c.answer();
    for (const g of games) {
      const reply = await g.person.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
      expect(reply.event).toMatchObject({ byCpu: true, ply: 1 });
      g.person.close();
    }
  });
});
