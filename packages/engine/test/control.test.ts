import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Game, START_SFEN, unwrap } from '@chu/rules';
import { EnginePool, EngineCpuPlayer, bestMove, newGame, runUsi } from '../src/index.ts';
import { randomGame } from './helpers.ts';

describe('time and cancellation', () => {
  // The clock is the test's: each reading advances it 1 ms, and the search reads it once every 256
  // nodes (about this engine's real speed). So what is checked is the time control itself, not how
  // fast this machine is today: it keeps a 3 ms margin and stops within a reading or so of it.
  it('stops on its clock: at most a few readings past its budget, and a bigger budget searches further', () => {
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => ++now);
    try {
      const game = randomGame(42, 30);
      const [short, long] = [200, 500].map((budget) => {
        const r = bestMove(game, { timeMs: budget });
        expect(r.timeMs).toBeLessThanOrEqual(budget + 4);
        expect(r.depth).toBeGreaterThanOrEqual(1);
        expect(game.legalMoves()).toContain(r.move);
        return r;
      });
      expect(long.nodes).toBeGreaterThan(short.nodes);
    } finally {
      clock.mockRestore();
    }
  });

  it('an aborted signal stops the search at once with a legal move', () => {
    const game = Game.start();
    const t = performance.now();
    const r = bestMove(game, { timeMs: 10_000, signal: AbortSignal.abort() });
    expect(performance.now() - t).toBeLessThan(1000);
    expect(game.legalMoves()).toContain(r.move);
  });

  // what earlier searches left in the hash table steers later ones (pruning counts moves tried), so
  // the same answer is promised from the same start: a new game
  it('is deterministic for a seed at a fixed depth, from a new game', () => {
    const game = randomGame(5, 24);
    for (const level of [1, 3, 8]) {
      newGame();
      const a = bestMove(game, { level, depth: 3, timeMs: 60_000, seed: 99 });
      newGame();
      const b = bestMove(game, { level, depth: 3, timeMs: 60_000, seed: 99 });
      expect(b.move).toBe(a.move);
      expect(b.score).toBe(a.score);
    }
  });
});

describe('EnginePool (worker threads)', () => {
  const pool = new EnginePool(2);
  afterAll(() => pool.close());

  it('returns a legal move from a worker', async () => {
    const game = randomGame(11, 20);
    const r = await pool.search({ sfen: game.startSfen, moves: game.moves, options: game.options }, { level: 8, timeMs: 200 });
    expect(game.legalMoves()).toContain(r.move);
    expect(r.nodes).toBeGreaterThan(0);
  });

  it('searches two games at once and serves a CpuPlayer', async () => {
    const a = randomGame(12, 16, { lionTrading: 'always' });
    const b = randomGame(13, 16, { promotion: 'shogi' });
    const cpu = new EngineCpuPlayer(pool);
    const [ma, mb, mc] = await Promise.all([
      cpu.chooseMove(a, { level: 5, timeMs: 150, signal: new AbortController().signal }),
      cpu.chooseMove(b, { level: 8, timeMs: 150, signal: new AbortController().signal }),
      pool.searchGame(Game.start(), { depth: 2 }),
    ]);
    expect(a.legalMoves()).toContain(ma);
    expect(b.legalMoves()).toContain(mb);
    expect(Game.start().legalMoves()).toContain(mc.move);
  });

  it('cancels a long search through an AbortSignal and frees the worker', async () => {
    const controller = new AbortController();
    const t = performance.now();
    const search = pool.search({ sfen: START_SFEN }, { timeMs: 30_000 }, controller.signal);
    setTimeout(() => controller.abort(), 100);
    await expect(search).rejects.toThrow();
    expect(performance.now() - t).toBeLessThan(5_000);
    // both workers answer again promptly
    const rs = await Promise.all([pool.search({}, { depth: 2 }), pool.search({}, { depth: 2 })]);
    for (const r of rs) expect(Game.start().legalMoves()).toContain(r.move);
    expect(performance.now() - t).toBeLessThan(10_000);
  });

  it('reports an illegal position as an error', async () => {
    await expect(pool.search({ moves: ['1a1b'] }, { depth: 1 })).rejects.toThrow(/illegal/);
  });

  it('starts a worker only when a search needs one, and stops it once it has been idle', async () => {
    const lazy = new EnginePool(2, { idleMs: 300 });
    expect(lazy.running).toBe(0); // a server nobody plays the CPU on holds no engine memory
    const one = lazy.search({}, { depth: 1 });
    expect(lazy.running).toBe(1);
    const two = [lazy.search({}, { depth: 2 }), lazy.search({}, { depth: 2 })];
    expect(lazy.running).toBe(2); // the first is busy: a second worker starts, and no third
    await Promise.all([one, ...two]);
    await vi.waitFor(() => expect(lazy.running).toBe(0), { timeout: 10_000, interval: 50 });
    const again = await lazy.search({}, { depth: 1 });
    expect(Game.start().legalMoves()).toContain(again.move);
    await lazy.close();
  });
});

describe('USI mode', () => {
  async function session(lines: string[]): Promise<string[]> {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => (text += d));
    const done = runUsi(Game.start().options, input, output);
    for (const l of lines) input.write(l + '\n');
    input.end();
    await done;
    return text.split('\n').filter(Boolean);
  }

  it('speaks the handshake and plays a legal bestmove', async () => {
    const out = await session(['usi', 'isready', 'setoption name Level value 6', 'usinewgame', 'position startpos moves 7i7h 6d6e', 'go depth 2', 'quit']);
    expect(out[0]).toMatch(/^id name /);
    expect(out).toContain('usiok');
    expect(out).toContain('readyok');
    expect(out.some((l) => /^info depth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+/.test(l))).toBe(true);
    const best = out.find((l) => l.startsWith('bestmove '))!.split(' ')[1];
    const game = unwrap(Game.replay(['7i7h', '6d6e']));
    expect(game.legalMoves()).toContain(best);
  });

  it('reads position sfen … moves, go movetime and go nodes, and resigns a lost game', async () => {
    const sfen = '5k6/12/12/11p/12/12/12/5R6/12/12/11G/5K6 b - 1';
    const out = await session([
      `position sfen ${sfen}`,
      'go movetime 100',
      'go nodes 500',
      `position sfen ${sfen} moves 7h7a`,
      'go depth 1',
      'quit',
    ]);
    const best = out.filter((l) => l.startsWith('bestmove '));
    expect(best[0]).toMatch(/^bestmove 7h7a\+?$/);
    expect(best[1]).toMatch(/^bestmove 7h7a\+?$/);
    expect(best[2]).toBe('bestmove resign');
  });

  it('tells about a bad position instead of crashing', async () => {
    const out = await session(['position startpos moves 1a1b', 'position nonsense', 'go depth 1', 'quit']);
    expect(out.filter((l) => l.startsWith('info string')).length).toBe(2);
    expect(out.find((l) => l.startsWith('bestmove'))).toMatch(/^bestmove \S+$/);
  });
});
