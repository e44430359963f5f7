import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Game, VARIANT_TABLES, unwrap } from '@chu/rules';
import { bestMove, runUsi } from '../src/index.ts';
import { fromSfen, randomGame } from './helpers.ts';

/** The USI session's output for these input lines. */
async function usi(lines: string[]): Promise<string[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => (text += d));
  const done = runUsi(Game.start().options, input, output);
  input.end(lines.join('\n') + '\n');
  await done;
  return text.trim().split('\n');
}

describe('exact MultiPV: the best line, then the best with it left out, …', () => {
  // Near level: a root side far ahead adds its pressure on the other royal in its own search only
  // (search.ts), so one ply on, with the other side at the root, a lopsided position scores otherwise.
  const games = [Game.start(), ...Array.from({ length: 12 }, (_, i) => randomGame(70 + i, 12 + 6 * (i % 5)))]
    .filter((g) => !g.outcome() && Math.abs(bestMove(g, { depth: 1, timeMs: 60_000 }).score) < 600)
    .slice(0, 6);

  it('has six positions', () => expect(games).toHaveLength(6));

  it.each([2, 3])('at depth %i, line k + 1 starts with another move and scores what a search after that move does', (depth) => {
    for (const game of games) {
      const r = bestMove(game, { depth, multiPv: 3, timeMs: 60_000 });
      const lines = r.lines!;
      expect(lines).toHaveLength(3);
      expect(lines[0]).toEqual({ move: r.move, score: r.score, pv: r.pv });
      expect(new Set(lines.map((l) => l.move)).size).toBe(3);
      for (let k = 1; k < lines.length; k++) {
        expect(lines[k].score).toBeLessThanOrEqual(lines[k - 1].score);
        expect(lines[k].pv[0]).toBe(lines[k].move);
        const after = game.clone();
        unwrap(after.play(lines[k].move));
        // the same depth, one ply on: the line's score is exactly the reply's, negated
        expect(-bestMove(after, { depth: depth - 1, timeMs: 60_000 }).score, `${game.sfen()} ${lines[k].move}`).toBe(lines[k].score);
      }
    }
  });

  it('line 1 is the single-line search: same move, score and PV', () => {
    for (const game of games) {
      const one = bestMove(game, { depth: 3, timeMs: 60_000 });
      const three = bestMove(game, { depth: 3, multiPv: 3, timeMs: 60_000 });
      expect({ move: three.move, score: three.score, pv: three.pv }).toEqual({ move: one.move, score: one.score, pv: one.pv });
    }
  });

  it('excluding a root move searches the others; more lines than moves gives every move', () => {
    const game = Game.start();
    const best = bestMove(game, { depth: 2, timeMs: 60_000 }).move;
    const other = bestMove(game, { depth: 2, timeMs: 60_000, exclude: [best] });
    expect(other.move).not.toBe(best);
    // Black's King and Gold against a lone White King: few moves
    const small = fromSfen('6k5/12/12/12/12/12/12/12/12/12/12/5KG5 b - 1');
    const all = bestMove(small, { depth: 2, multiPv: 50, timeMs: 60_000 });
    expect(all.lines!.map((l) => l.move).sort()).toEqual(small.legalMoves());
  });

  it('works for dai shogi too', () => {
    const game = Game.start({ variant: 'dai' });
    const r = bestMove(game, { depth: 2, multiPv: 2, timeMs: 60_000 });
    expect(r.lines).toHaveLength(2);
    expect(r.lines![0].move).not.toBe(r.lines![1].move);
    for (const l of r.lines!) expect(game.legalMoves()).toContain(l.move);
  });
});

describe('USI: UCI_Variant and MultiPV', () => {
  it('advertises both options', async () => {
    const out = await usi(['usi', 'quit']);
    expect(out).toContain('option name UCI_Variant type combo default chu var chu var dai var heisei');
    expect(out).toContain('option name MultiPV type spin default 1 min 1 max 10');
    expect(out.at(-1)).toBe('usiok');
  });

  it("setoption UCI_Variant dai: startpos is dai's start, moves are read on its 15×15 board", async () => {
    const out = await usi(['setoption name UCI_Variant value dai', 'position startpos moves 8k8j 8e8f', 'go depth 2', 'quit']);
    const best = out.at(-1)!.split(' ')[1];
    const game = unwrap(Game.replay(['8k8j', '8e8f'], { variant: 'dai' }));
    expect(game.legalMoves()).toContain(best);
    // and back to chu
    const chu = await usi(['setoption name UCI_Variant value dai', 'setoption name UCI_Variant value chu', 'position startpos', 'go depth 1', 'quit']);
    expect(Game.start().legalMoves()).toContain(chu.at(-1)!.split(' ')[1]);
    expect(out.join('\n')).not.toContain('info string');
  });

  it('MultiPV 3 prints three lines per depth, numbered, then the best move', async () => {
    const out = await usi(['setoption name MultiPV value 3', 'position startpos', 'go depth 2', 'quit']);
    const infos = out.filter((l) => l.startsWith('info depth 2 '));
    expect(infos.map((l) => / multipv (\d) /.exec(l)?.[1])).toEqual(expect.arrayContaining(['1', '2', '3']));
    const first = infos.find((l) => l.includes(' multipv 1 '))!;
    expect(out.at(-1)).toBe(`bestmove ${/ pv (\S+)/.exec(first)![1]}`);
    const moves = new Set(infos.slice(-3).map((l) => / pv (\S+)/.exec(l)![1]));
    expect(moves.size).toBe(3);
  });

  it('dai packed moves print as dai squares (files up to 15, ranks to o)', () => {
    const r = bestMove(Game.start({ variant: 'dai' }), { depth: 1, timeMs: 60_000 });
    expect(r.move).toMatch(new RegExp(`^${VARIANT_TABLES.dai.squarePattern}${VARIANT_TABLES.dai.squarePattern}\\+?$`));
  });
});
