import { afterAll, describe, expect, it } from 'vitest';
import { Game, MAX_MOVES, VARIANT_TABLES, WHITE_BIT, unwrap, type Position } from '@chu/rules';
import { EngineCpuPlayer, EnginePool, bestMove } from '../src/index.ts';
import { Searcher } from '../src/search.ts';
import { engineTables } from '../src/tables.ts';
import { randomGame } from './helpers.ts';

// Dai shogi (docs/dai-shogi.md): the engine on the 15×15 board, its new pieces and 5-rank zone.
const DAI = { variant: 'dai' } as const;
const T = VARIANT_TABLES.dai;

/** A dai SFEN from squares → SFEN codes (uppercase Black): { '8o': 'K', '8a': 'k', '5j': "V'" }. */
function daiSfen(pieces: Record<string, string>, turn: 'b' | 'w' = 'b'): string {
  const ranks: string[] = [];
  for (let row = 0; row < 15; row++) {
    let rank = '';
    let empty = 0;
    for (let col = 0; col < 15; col++) {
      const code = pieces[`${15 - col}${'abcdefghijklmno'[row]}`];
      if (!code) empty++;
      else {
        if (empty) rank += empty;
        empty = 0;
        rank += code;
      }
    }
    ranks.push(empty ? rank + empty : rank);
  }
  return `${ranks.join('/')} ${turn} - 1`;
}

const dai = (pieces: Record<string, string>, turn: 'b' | 'w' = 'b'): Game => unwrap(Game.fromSfen(daiSfen(pieces, turn), DAI));

/** Whether the side to move can take the opponent's last royal right now. */
const canTakeLastRoyal = (game: Game): boolean => game.legalMoves().some((m) => unwrap(game.clone().play(m)).outcome?.reason === 'royal-capture');

/** Plays a PV from the game: every move must be legal in turn (it may end the game on its last move). */
const playsLegally = (game: Game, pv: string[]): boolean => {
  const g = game.clone();
  return pv.every((m) => !g.outcome() && g.play(m).ok);
};

describe('dai tactics', () => {
  it.each([
    // a Rook up the open file to an unprotected Queen
    ['a Queen to a Rook', { '8o': 'K', '8a': 'k', '3j': 'R', '3d': 'q', '14a': 'p' }, '3j3d'],
    // the Violent Ox's second square, through the empty first (dai-shogi.md §2, limited ranges)
    ['a Lion to a Violent Ox two squares on', { '8o': 'K', '8a': 'k', '5j': "V'", '5h': 'n' }, '5j5h'],
    // the Flying Dragon's second diagonal square
    ['a Dragon King to a Flying Dragon', { '8o': 'K', '8a': 'k', '5j': "F'", '3h': 'd' }, '5j3h'],
    // the Knight's leap (ffN) over its own Pawns
    ['a Rook to a Knight over Pawns', { '8o': 'K', '8a': 'k', '10l': "N'", '9j': 'r', '10k': 'P', '11k': 'P' }, '10l9j'],
  ])('takes %s', (_name, pieces, move) => {
    const game = dai(pieces);
    const r = bestMove(game, { depth: 4, timeMs: 5000 });
    expect(r.move.replace('+', '')).toBe(move);
    expect(r.score).toBeGreaterThan(200);
  });

  it("takes the enemy King when it can, and sees it as a mate", () => {
    const game = dai({ '8o': 'K', '8a': 'k', '8g': 'R' });
    const r = bestMove(game, { timeMs: 2000, depth: 6 });
    expect(r.move).toMatch(/^8g8a\+?$/);
    expect(r.mate).toBe(1);
  });

  it('does not lose its King to grab a Queen', () => {
    // White's Rook on 8e looks down the open file at Black's King on 8o: taking the Queen on 2c
    // with the Rook from 2j loses the King next move
    const game = dai({ '8o': 'K', '1a': 'k', '8e': 'r', '2j': 'R', '2c': 'q', '15o': 'L', '14o': 'G' });
    const r = bestMove(game, { depth: 4, timeMs: 5000 });
    expect(r.move).not.toMatch(/^2j2c/);
    const after = game.clone();
    unwrap(after.play(r.move));
    expect(canTakeLastRoyal(after)).toBe(false);
  });

  it('promotes a Pawn entering the five-rank zone with a capture when it can (dai-shogi.md §3)', () => {
    // 5 ranks: a Pawn taking on 9e (rank e, the zone's last rank for Black) may promote; chu's zone is 4
    const game = dai({ '8o': 'K', '1a': 'k', '9f': 'P', '9e': 'g' });
    expect(game.legalMoves()).toContain('9f9e+');
    expect(bestMove(game, { depth: 3, timeMs: 5000 }).move).toBe('9f9e+');
  });
});

describe('dai legality', () => {
  it('plays only legal moves, with legal PVs, over random dai positions', () => {
    let searched = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const game = randomGame(seed * 104_729, 10 + seed * 9, DAI);
      if (game.outcome()) continue;
      const legal = new Set(game.legalPacked().map((m) => T.usiOf(m)));
      for (const level of [1, 8]) {
        const r = bestMove(game, { level, depth: 3, nodes: 4000, timeMs: 5000, seed });
        expect(legal.has(r.move), `${game.sfen()} ${r.move}`).toBe(true);
        expect(game.check(r.move)).toEqual({ ok: true, value: r.move });
        expect(playsLegally(game, r.pv), `${game.sfen()} ${r.pv.join(' ')}`).toBe(true);
      }
      searched++;
    }
    expect(searched).toBeGreaterThan(18);
  });

  it('never crashes on the edges of the 15×15 board: leapers, Lions and limited ranges in the corners', () => {
    const edge = ['15a', '1a', '15o', '1o', '14a', '2o', '15b', '1n', '8a', '8o', '15h', '1h', '14b', '2n', '13a', '3o'];
    const codes = ['N', "N'", "V'", "F'", 'O', 'X', 'Q', '+D', '+H', 'L', "I'", "S'", 'P', 'A', 'R', 'B'];
    let searched = 0;
    for (let shift = 0; shift < codes.length; shift++)
      for (const turn of ['b', 'w'] as const) {
        const pieces: Record<string, string> = { '9i': 'K', '7g': 'k' };
        edge.forEach((sq, i) => {
          const code = codes[(i + shift) % codes.length];
          pieces[sq] = i % 2 ? code.toLowerCase() : code;
        });
        const game = unwrap(Game.fromSfen(daiSfen(pieces, turn), DAI));
        if (game.outcome()) continue;
        const r = bestMove(game, { depth: 3, nodes: 20_000, timeMs: 5000 });
        expect(game.check(r.move).ok, `${game.sfen()} ${r.move}`).toBe(true);
        searched++;
      }
    expect(searched).toBeGreaterThan(20);
  });

  it('plays a whole dai game against itself with only legal moves, to its end or 300 plies', () => {
    const game = Game.start(DAI);
    for (let i = 0; i < 300 && !game.outcome(); i++) {
      const r = bestMove(game, { level: i % 2 ? 8 : 5, nodes: 500, timeMs: 5000, seed: i });
      expect(game.check(r.move)).toEqual({ ok: true, value: r.move });
      unwrap(game.play(r.move));
    }
    expect(game.ply).toBeGreaterThan(50);
  });
});

describe('dai in the worker pool and the CPU seat', () => {
  const pool = new EnginePool(1);
  afterAll(() => pool.close());

  it("a PositionSpec with variant 'dai' and no SFEN is dai's start; the CPU seat plays a dai game", async () => {
    const start = await pool.search({ options: DAI }, { depth: 2 });
    expect(Game.start(DAI).legalMoves()).toContain(start.move);
    const game = unwrap(Game.replay(['8k8j', '8e8f'], DAI));
    const usi = await new EngineCpuPlayer(pool).chooseMove(game, { level: 3, timeMs: 2000, signal: new AbortController().signal });
    expect(game.check(usi)).toEqual({ ok: true, value: usi });
  });
});

describe("the search's dai tables", () => {
  const games = Array.from({ length: 16 }, (_, i) => randomGame(900 + i, 20 + 14 * i, DAI)).filter((g) => !g.outcome());

  it('the attack test agrees with Position.attacked on every square (Knights, Oxen and Dragons included)', () => {
    let hits = 0;
    for (const game of games) {
      const s = new Searcher(4, engineTables('dai')) as unknown as { load(pos: Position): void; attacked(target: number, by: number): boolean };
      s.load(game.position);
      for (const sq of T.squares)
        for (const by of [0, WHITE_BIT]) {
          const expected = game.position.attacked(sq, by);
          expect(s.attacked(sq, by), `${game.sfen()} square ${T.squareName(sq)} by ${by}`).toBe(expected);
          if (expected) hits++;
        }
    }
    expect(hits).toBeGreaterThan(2_500);
  });

  it('the quiescence capture generator finds exactly the legal captures (promoting when it gains)', () => {
    let checked = 0;
    const loose = (m: number) => m & ~T.promote;
    for (const game of games) {
      const pos = game.position;
      const s = new Searcher(4, engineTables('dai')) as unknown as { load(pos: Position): void; generateCaptures(out: Int32Array, s: Int32Array): number };
      s.load(pos);
      const out = new Int32Array(MAX_MOVES);
      const n = s.generateCaptures(out, new Int32Array(MAX_MOVES));
      const all = new Int32Array(MAX_MOVES);
      const total = pos.generate(all);
      const b = pos.board;
      const captures = (m: number) => (T.moveMid(m) && b[T.moveMid(m)]) || (T.moveTo(m) !== T.moveFrom(m) && b[T.moveTo(m)]);
      const legal = Array.from(all.subarray(0, total)).filter(captures);
      const mine = Array.from(out.subarray(0, n));
      // igui is one move per captured square, whoever makes it (no lion trading in dai)
      const key = (m: number) => (T.moveFrom(m) === T.moveTo(m) ? `igui ${T.moveMid(m)}` : String(m));
      const legalSet = new Set(legal.map(key));
      for (const m of mine) expect(legalSet.has(key(m)), `${game.sfen()} ${T.usiOf(m)}`).toBe(true);
      expect(new Set(mine.map((m) => key(loose(m))))).toEqual(new Set(legal.map((m) => key(loose(m)))));
      checked += legal.length;
    }
    expect(checked).toBeGreaterThan(150);
  });
});
