import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { bestMove, runUsi, type SearchInfo } from '../src/index.ts';
import { MIN_THINK_MS, thinkTime } from '../src/pool.ts';
import { parseGo } from '../src/usi.ts';
import { Searcher } from '../src/search.ts';
import { oracleSfens, fromSfen, randomGame } from './helpers.ts';

/** Plays a PV from the game: every move must be legal in turn (it may end the game on its last move). */
function playsLegally(game: Game, pv: string[]): boolean {
  const g = game.clone();
  return pv.every((m) => !g.outcome() && g.play(m).ok);
}

describe('the last info is the move played (issue 15: 8 % of bestmoves were not)', () => {
  const games = [
    ...Array.from({ length: 8 }, (_, i) => randomGame(300 + i, 20 + 9 * i)),
    ...oracleSfens.filter((_, i) => i % 25 === 3).map((s) => fromSfen(s)),
  ].filter((g) => !g.outcome());

  // node caps stop iterations part-way, deterministically, at many different points
  it.each([700, 4_000, 20_000])('nodes %i: depth, score, mate and PV of the final info are the result', (nodes) => {
    for (const game of games) {
      const infos: SearchInfo[] = [];
      const r = bestMove(game, { nodes, timeMs: 60_000, onInfo: (i) => infos.push(i) });
      const last = infos[infos.length - 1];
      expect(last, game.sfen()).toBeDefined();
      expect(last.pv[0], game.sfen()).toBe(r.move);
      expect({ depth: last.depth, score: last.score, mate: last.mate }).toEqual({ depth: r.depth, score: r.score, mate: r.mate });
      expect(r.pv).toEqual(last.pv);
      expect(playsLegally(game, r.pv), `${game.sfen()} pv ${r.pv.join(' ')}`).toBe(true);
    }
  });

  it('USI: the info line just before each bestmove starts with that move', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => (text += d));
    const done = runUsi(Game.start().options, input, output);
    for (const game of games.slice(0, 6)) {
      input.write(`position sfen ${game.sfen()}\n`);
      for (const n of [900, 9_000]) input.write(`go nodes ${n}\n`);
    }
    input.end('quit\n');
    await done;
    const lines = text.split('\n').filter(Boolean);
    const bests = lines.flatMap((l, i) => (l.startsWith('bestmove ') ? [i] : []));
    expect(bests.length).toBe(12);
    for (const i of bests) {
      const info = lines[i - 1];
      expect(info).toMatch(/^info depth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv /);
      expect(info.split(' pv ')[1].split(' ')[0]).toBe(lines[i].split(' ')[1]);
    }
  });

  it('a search that does not iterate (depth 0, as with a single legal move) reports its move too', () => {
    const game = randomGame(7, 10);
    const infos: SearchInfo[] = [];
    const r = bestMove(game, { depth: 0, onInfo: (i) => infos.push(i) });
    expect(infos.at(-1)?.pv[0]).toBe(r.move);
    expect(r.depth).toBe(0);
    unwrap(game.clone().play(r.move));
  });
});

describe('time per move', () => {
  // [go arguments, side to move, think time, the move's own time]: the search stops at the think time;
  // on a clock it starts no iteration past 45 % of it, on the move's own time it uses all of it.
  // The clock's arithmetic is the time manager's (time.ts, test/time.test.ts); this is how `go` reads.
  it.each([
    ['movetime 500', 'black', 470, true], // USI movetime, a margin for the reply
    ['movetime 100', 'white', 75, true], // a small budget keeps back a quarter at most
    ['byoyomi 30000', 'black', 29_970, true], // a 30 s per-turn room
    ['btime 0 wtime 0 byoyomi 60000', 'white', 59_970, true], // a 60 s per-turn room, main time used up
    ['btime 60000 wtime 1500 byoyomi 0', 'white', 37, false], // the side to move's own clock (White's 1.5 s / 40)
    ['btime 60000 wtime 1500 byoyomi 0', 'black', 1_500, false],
    ['btime 10000 wtime 10000 binc 1000 winc 1000', 'black', 1_250, false], // a 40th of the main time, plus the increment
    ['btime 300 wtime 300 byoyomi 10000', 'black', 10_007, false], // a 40th of 0.3 s plus the byoyomi
    ['btime 3000 wtime 3000 movestogo 2', 'white', 1_500, false], // never more than half of what is left
    ['btime 0 wtime 0', 'black', 1, false], // flag about to fall: the first move found
    ['infinite', 'black', 60_000, true],
    ['depth 4', 'black', 3_600_000, false],
  ] as const)('go %s (%s to move) → %i ms, all of it: %s', (go, turn, ms, fixedTime) => {
    expect(parseGo(go.split(' '), turn)).toMatchObject({ timeMs: ms, fixedTime });
  });

  it('a pool search is cut to its deadline when it starts (a queued job thinks less, never past it)', () => {
    const now = 1_000_000;
    expect(thinkTime({ timeMs: 2000 }, now)).toBe(2000);
    expect(thinkTime({}, now)).toBe(1000);
    expect(thinkTime({ timeMs: 2000, deadline: now + 700 }, now)).toBe(700);
    expect(thinkTime({ timeMs: 300, deadline: now + 700 }, now)).toBe(300);
    expect(thinkTime({ timeMs: 2000, deadline: now - 5 }, now)).toBe(MIN_THINK_MS);
  });
});

describe('when the last iteration may start', () => {
  // softMs is the time after which no iteration starts: 0 stops after the first, whatever the budget;
  // without it (a clock's share) the search goes on while under 45 % of timeMs, here to its depth cap
  const search = (softMs?: number) =>
    new Searcher(16).search(Game.start().position.clone(), Game.start().legalPacked(), new Int32Array(0), Infinity, {
      maxDepth: 4, timeMs: 3_600_000, maxNodes: Infinity, noise: 0, seed: 0, softMs,
    });
  it.each([
    [0, 1],
    [undefined, 4],
    [3_600_000, 4],
  ] as const)('softMs %s → depth %i', (softMs, depth) => {
    expect(search(softMs).depth).toBe(depth);
  });
});
