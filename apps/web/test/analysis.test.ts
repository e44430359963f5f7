// The analysis board's parts that need no browser: importing KIF/SFEN/USI with the rules' parsers,
// the worker's searches (MultiPV around bestMove, the review), scores and the review's marks.
import { describe, expect, it } from 'vitest';
import { Game, START_SFEN, toKif, unwrap } from '@chu/rules';
import { importPosition } from '../src/lib/analysis/importer';
import { analyse, review } from '../src/lib/analysis/search';
import { THRESHOLDS, judge, markOf, curve } from '../src/lib/analysis/judge';
import { MATE, flip, forBlack, formatScore, share } from '../src/lib/analysis/score';
import type { LinesInfo, PositionEval } from '../src/lib/analysis/protocol';

const LINE = ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h']; // ends with a lion igui
const never = async () => false;

describe('importing a position', () => {
  it('reads our KIF back to the same start and moves', () => {
    const game = unwrap(Game.replay(LINE));
    const r = importPosition(toKif(game, { black: 'Ana', white: 'Ben' }));
    expect(r.ok && r.value).toMatchObject({ format: 'kif', sfen: START_SFEN, moves: LINE });
  });

  it('names the line of the first bad move of a KIF', () => {
    const kif = toKif(unwrap(Game.replay(LINE.slice(0, 3)))).split('\n');
    const third = kif.findIndex((l) => /^\s*3\D/.test(l));
    kif[third] = kif[third].replace('獅子', '歩兵'); // the Lion's move written as a Pawn's
    const r = importPosition(kif.join('\n'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ kind: 'kif', error: { line: third + 1 } });
  });

  it.each([
    ['startpos moves 7i7h 6d6e', START_SFEN, ['7i7h', '6d6e'], 'usi'], // USI position command body
    ['position startpos moves 7i7h', START_SFEN, ['7i7h'], 'usi'],
    ['7i7h 6d6e 7j6h', START_SFEN, ['7i7h', '6d6e', '7j6h'], 'usi'], // a bare move list from the start
    [START_SFEN, START_SFEN, [], 'sfen'],
    [`sfen ${START_SFEN} moves 7i7h`, START_SFEN, ['7i7h'], 'sfen'],
    [START_SFEN.split(' ').slice(0, 2).join(' ') + ' 7i7h', START_SFEN, ['7i7h'], 'sfen'], // hand and move number left out
  ])('%s', (text, sfen, moves, format) => {
    const r = importPosition(text);
    expect(r.ok && r.value).toMatchObject({ sfen, moves, format });
  });

  it('refuses an illegal USI move by its number and the rules\' reason, and a bad SFEN, and nothing', () => {
    expect(importPosition('startpos moves 7i7h 7i7g')).toEqual({ ok: false, error: { kind: 'usi', index: 2, usi: '7i7g', reason: 'no-piece' } });
    const bad = importPosition('lfcsgekgscfl/12/12 b - 1');
    expect(!bad.ok && bad.error.kind).toBe('sfen');
    expect(importPosition('  \n ')).toEqual({ ok: false, error: { kind: 'empty' } });
  });
});

describe('the worker\'s analysis: MultiPV around bestMove', () => {
  it('reports every depth with three different legal lines, the engine\'s own first', async () => {
    const infos: LinesInfo[] = [];
    const game = Game.start();
    const end = await analyse({ sfen: START_SFEN, moves: [], options: game.options }, { multiPv: 3, maxMs: 60_000, maxDepth: 3 }, (i) => infos.push(i), never);
    expect(end).toBe('finished');
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3]);
    for (const info of infos) {
      expect(info.lines).toHaveLength(3);
      expect(new Set(info.lines.map((l) => l.moves[0])).size).toBe(3);
      for (const l of info.lines) expect(Game.replay(l.moves).ok).toBe(true);
      const others = info.lines.slice(1).map((l) => l.cp);
      expect(others).toEqual([...others].sort((a, b) => b - a));
      expect(info.nodes).toBeGreaterThan(0);
    }
  });

  it('sees a royal capture in one as a mate, and stops at a checkpoint', async () => {
    // Black's Lion next to White's lone King
    const sfen = '5k6/5N6/12/12/12/12/12/12/12/12/12/6K5 b - 1';
    const infos: LinesInfo[] = [];
    const end = await analyse({ sfen, moves: [], options: Game.start().options }, { multiPv: 2, maxMs: 60_000, maxDepth: 10 }, (i) => infos.push(i), never);
    expect(end).toBe('finished');
    expect(infos.at(-1)!.lines[0]).toMatchObject({ mate: 1, moves: [expect.stringMatching(/^7b7a|^7b.*7a$/)] });
    let polls = 0;
    const stopped = await analyse({ sfen: START_SFEN, moves: [], options: Game.start().options }, { multiPv: 1, maxMs: 60_000, maxDepth: 30 }, () => {}, async () => ++polls >= 2);
    expect(stopped).toBe('stopped');
  });
});

describe('the review', () => {
  it('evaluates the start and the position after every move, and stops part-way', async () => {
    const seen: [number, PositionEval][] = [];
    const spec = { sfen: START_SFEN, moves: LINE.slice(0, 4), options: Game.start().options };
    expect(await review(spec, { msPerPosition: 30, from: 0 }, (ply, ev) => seen.push([ply, ev]), never)).toBe('finished');
    expect(seen.map(([p]) => p)).toEqual([0, 1, 2, 3, 4]);
    for (const [ply, ev] of seen) expect(unwrap(Game.replay(LINE.slice(0, ply))).check(ev.best!).ok).toBe(true);

    const part: number[] = [];
    expect(await review(spec, { msPerPosition: 30, from: 2 }, (ply) => part.push(ply), async () => part.length >= 2)).toBe('stopped');
    expect(part).toEqual([2, 3]);
  });

  it('marks a move by what it costs the mover, with the engine\'s better line', () => {
    const ev = (cp: number, best: string): PositionEval => ({ cp, best, pv: [best, '1d1e'], depth: 5 });
    // evals[i]: the side to move's score after i plies
    const evals = [ev(20, '7i7h'), ev(-20, '6d6e'), ev(400, '8i8h'), ev(-350, '1d1e'), ev(2000, '1i1h')];
    const moves = ['7i7h', '6c6d', '7j7i', '5i5h'];
    const j = judge(evals, moves, 'black');
    expect(j.map((x) => [x.ply, x.mover, x.loss, x.mark])).toEqual([
      [1, 'black', 0, undefined], // the engine's own move
      [2, 'white', 380, 'blunder'], // −20 before, −400 after, for White
      [3, 'black', 50, 'inaccuracy'], // 400 → 350
      [4, 'white', 650, 'blunder'], // −350 → −2000, counted as −1000 (EVAL_LIMIT)
    ]);
    expect(j[1].better).toEqual(['6d6e', '1d1e']);
    expect([49, 50, 149, 150, 299, 300].map(markOf)).toEqual([undefined, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']);
    expect(THRESHOLDS).toEqual({ inaccuracy: 50, mistake: 150, blunder: 300 });
    // the graph: Black's share after each ply; white to move at ply 1 flips the sign
    expect(curve([ev(0, 'x'), ev(400, 'y'), undefined], 'black').map((v) => v && Math.round(v * 100))).toEqual([50, 17, null]);
  });
});

describe('scores from Black\'s point of view', () => {
  it.each([
    [{ cp: 125 }, 'black', '+1.25'],
    [{ cp: 40 }, 'white', '−0.40'],
    [{ cp: 0 }, 'white', '0.00'],
    [{ cp: MATE - 5, mate: 5 }, 'black', '#3'], // 5 plies: Black's 3rd move takes the royal
    [{ cp: MATE - 2, mate: 2 }, 'white', '#−1'],
    [{ cp: -MATE, mate: 0 }, 'white', '1-0'], // White to move has lost
  ] as const)('%o with %s to move reads %s', (s, turn, text) => {
    expect(formatScore(forBlack(s, turn))).toBe(text);
  });
  it('fills the bar by a logistic curve, all of it for a won game', () => {
    expect(share({ cp: 0 })).toBe(0.5);
    expect(share(flip({ cp: MATE - 1, mate: 1 }))).toBe(0);
    expect(share({ cp: 100 })).toBeCloseTo(0.599, 3);
    expect(share({ cp: 400 })).toBeCloseTo(0.832, 3);
  });
});
