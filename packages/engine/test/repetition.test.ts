import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Game, MAX_MOVES, seededRandom, unwrap, type Position } from '@chu/rules';
import { bestMove, runUsi } from '../src/index.ts';
import { historyKeys } from '../src/engine.ts';
import { Searcher, type SearchLimits } from '../src/search.ts';
import { fromSfen } from './helpers.ts';

// White's King on 6a stands attacked by Black's Rook on 6g: moves out of that check may repeat a
// fourth time (RULES.md §5). Golds on 3c and 9j give both sides something else to shuffle.
const SHUFFLE = '6k5/12/9g2/12/12/12/6R5/12/12/3G8/12/5K6 w - 1';

/** The searcher's own view, reached the way captures.test.ts reaches its capture generator. */
interface Inside {
  sp: number;
  repAt: Int8Array;
  setup(pos: Position, history: Int32Array, pliesLeft: number, limits: SearchLimits, start: number): void;
  doMove(m: number): void;
  undoMove(): void;
  repeatIllegal(m: number): boolean;
}

/** Quiet random moves, most of them taking back the mover's last move: many repeats. */
function shuffleGame(seed: number, plies: number, visit: (game: Game) => void): void {
  const random = seededRandom(seed);
  const game = fromSfen(SHUFFLE);
  for (let i = 0; i < plies && !game.outcome(); i++) {
    visit(game);
    const quiet = game.legalMoves().filter((m) => {
      const g = game.clone();
      const before = g.board().filter(Boolean).length;
      unwrap(g.play(m));
      return g.board().filter(Boolean).length === before;
    });
    const back = game.ply >= 2 ? game.moves[game.ply - 2].replace(/^(\d+[a-l])(\d+[a-l])$/, '$2$1') : '';
    const m = quiet.includes(back) && random() < 0.7 ? back : quiet[Math.floor(random() * quiet.length)];
    unwrap(game.play(m));
  }
}

describe('repetition as RULES.md §5 has it', () => {
  it('the search refuses exactly the moves the rules refuse (fourth occurrence, unless the last royal is attacked)', () => {
    let refused = 0;
    let exempt = 0;
    for (let seed = 1; seed <= 6; seed++)
      shuffleGame(seed, 120, (game) => {
        const s = new Searcher(4) as unknown as Inside;
        const pos = game.position.clone();
        s.setup(pos, historyKeys(game), Infinity, { maxDepth: 1, timeMs: 1000, maxNodes: Infinity, noise: 0, seed: 0 }, 0);
        const legal = new Set(game.legalPacked());
        const moves = new Int32Array(MAX_MOVES);
        const n = pos.generate(moves);
        for (const m of moves.subarray(0, n)) {
          s.doMove(m);
          const fourth = s.repAt[s.sp] >= 3;
          const illegal = s.repAt[s.sp] !== 0 && s.repeatIllegal(m);
          s.undoMove();
          expect(!illegal, `${game.sfen()} ${m}`).toBe(legal.has(m));
          if (illegal) refused++;
          else if (fourth) exempt++;
        }
      });
    // both branches of the rule were met
    expect(refused).toBeGreaterThan(10);
    expect(exempt).toBeGreaterThan(0);
  });

  it("'never' refuses every move that makes an earlier position recur", () => {
    let refused = 0;
    for (let seed = 11; seed <= 13; seed++) {
      const seen = new Set<number>();
      shuffleGame(seed, 80, (game) => {
        seen.add(game.position.key);
        const s = new Searcher(4) as unknown as Inside;
        const pos = game.position.clone();
        const limits: SearchLimits = { maxDepth: 1, timeMs: 1000, maxNodes: Infinity, noise: 0, seed: 0, repetition: 'never' };
        s.setup(pos, historyKeys(game), Infinity, limits, 0);
        for (const m of game.legalPacked()) {
          s.doMove(m);
          const illegal = s.repAt[s.sp] !== 0 && s.repeatIllegal(m);
          const key = pos.key;
          s.undoMove();
          expect(illegal, `${game.sfen()} ${m}`).toBe(seen.has(key));
          if (illegal) refused++;
        }
      });
    }
    expect(refused).toBeGreaterThan(10);
  });

  it('a repeat is no draw: the side behind gets no 0 from going round', () => {
    // Black: King and Gold; White: King, Lion and Gold. Both Kings stepped out and back, so Black
    // can return to a position already seen; the old engine scored that as 0 and played it
    const game = fromSfen('5k6/12/5n6/12/12/12/12/12/12/12/6G5/6K5 b - 1');
    for (const m of ['6l7l', '7a8a', '7l6l', '8a7a']) unwrap(game.play(m));
    const r = bestMove(game, { depth: 4, timeMs: 60_000 });
    expect(r.score).toBeLessThan(-1000);
  });

  it('the side ahead does not go round when it can make progress', () => {
    // the mirror image: Black has the Lion, and its King could step back to where it was
    const game = fromSfen('6k5/6g5/12/12/12/12/12/12/12/6N5/12/5K6 b - 1');
    const seen = new Set([game.position.key]);
    for (const m of ['7l8l', '6a5a', '8l7l', '5a6a']) {
      unwrap(game.play(m));
      seen.add(game.position.key);
    }
    for (const depth of [2, 3, 4]) {
      const r = bestMove(game, { depth, timeMs: 60_000 });
      const g = game.clone();
      unwrap(g.play(r.move));
      expect(seen.has(g.position.key), `depth ${depth}: ${r.move}`).toBe(false);
    }
  });

  it("self-play under 'never' makes no position recur", () => {
    for (const seed of [1, 2, 3]) {
      const game = fromSfen(SHUFFLE);
      const seen = new Set([game.position.key]);
      for (let i = 0; i < 50 && !game.outcome(); i++) {
        const r = bestMove(game, { depth: 2, timeMs: 60_000, repetition: 'never', level: 3, seed: seed * 100 + i });
        unwrap(game.play(r.move));
        expect(seen.has(game.position.key), `ply ${i} ${r.move}`).toBe(false);
        seen.add(game.position.key);
      }
    }
  });

  it('USI: setoption name Repetition value never is honoured', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => (text += d));
    const done = runUsi(Game.start().options, input, output);
    // after 7j9k 6c4b 9k7j 4b6c the start position came back; 7j9k again would repeat it
    const moves = '7j9k 6c4b 9k7j 4b6c';
    input.write('usi\nsetoption name Repetition value never\n');
    input.write(`position startpos moves ${moves}\ngo depth 1\nquit\n`);
    input.end();
    await done;
    const lines = text.split('\n');
    expect(lines).toContain('option name Repetition type combo default fourth var fourth var never');
    const best = lines.find((l) => l.startsWith('bestmove '))!.split(' ')[1];
    const game = unwrap(Game.replay(moves.split(' ')));
    const seen = new Set<number>();
    const replay = Game.start();
    seen.add(replay.position.key);
    for (const m of moves.split(' ')) {
      unwrap(replay.play(m));
      seen.add(replay.position.key);
    }
    unwrap(game.play(best));
    expect(seen.has(game.position.key)).toBe(false);
  });
});
