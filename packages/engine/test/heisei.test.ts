import { afterAll, describe, expect, it } from 'vitest';
import { Game, MAX_MOVES, START_SFENS, VARIANT_TABLES, WHITE_BIT, seededRandom, unwrap, type Options, type Position } from '@chu/rules';
import { EngineCpuPlayer, EnginePool, bestMove } from '../src/index.ts';
import { RoyalHunt } from '../src/royal-hunt.ts';
import { Searcher } from '../src/search.ts';
import { IS_LION, IS_ROYAL, engineTables } from '../src/tables.ts';

// Heisei chu shogi (docs/heisei-chu.md): the engine's drops, reserves and bare-king counts against the rules.
const T = VARIANT_TABLES.heisei;
const HEISEI = START_SFENS.heisei;
const DROPS = ['any', 'once'] as const;
type Drops = (typeof DROPS)[number];
const opts = (heiseiDrops: Drops): Partial<Options> => ({ variant: 'heisei', heiseiDrops });

/**
 * A Heisei game after `plies` random moves (fewer if it ends), a drop one move in four when there is
 * one ('any'; uniform choice would drop the whole reserve in the first twenty plies, most moves being
 * drops), one in fifty with 'once' (where the first drop clears the rest of the reserve).
 */
function heiseiGame(seed: number, plies: number, heiseiDrops: Drops): Game {
  const random = seededRandom(seed);
  const game = Game.start(opts(heiseiDrops));
  const share = heiseiDrops === 'any' ? 0.25 : 0.02;
  for (let i = 0; i < plies && !game.outcome(); i++) {
    const moves = game.legalMoves();
    const drops = moves.filter((m) => m.includes('*'));
    const board = moves.filter((m) => !m.includes('*'));
    const pool = drops.length && (random() < share || !board.length) ? drops : board;
    unwrap(game.play(pool[Math.floor(random() * pool.length)]));
  }
  return game;
}

const positions = (count: number, heiseiDrops: Drops, seed = 1): Game[] =>
  Array.from({ length: count }, (_, i) => heiseiGame(seed * 100_003 + i, 4 + ((i * 7) % 90), heiseiDrops)).filter((g) => !g.outcome());

/** 1 100 random positions per option, made once for the tests below */
const made: Partial<Record<Drops, Game[]>> = {};
const randomPositions = (drops: Drops): Game[] => (made[drops] ??= positions(1100, drops));

interface Internals {
  load(pos: Position): void;
  doMove(m: number): void;
  undoMove(): void;
  generateCaptures(out: Int32Array, s: Int32Array): number;
  markBlocks(stamp: number): number;
  inCheck(): boolean;
  once: boolean;
  score: number;
  early: number;
  def: Int32Array;
  claims: Int32Array;
  keyTop: number;
  keysLo: Int32Array;
  blocks: Int32Array;
}

const searchers: Internals[] = [];
/** The `k`-th searcher (made once: each holds a few MB of move lists), loaded with `pos`. */
const searcher = (pos: Position, k = 0): Internals => {
  const s = (searchers[k] ??= new Searcher(4, engineTables('heisei')) as unknown as Internals);
  s.once = pos.options.heiseiDrops === 'once';
  s.load(pos);
  return s;
};

const state = (s: Internals) => ({ score: s.score, early: s.early, def: Array.from(s.def), claims: Array.from(s.claims) });

/** The rules' bare-king counts (board and reserve) for both sides, as the search must see them. */
function ruleCounts(game: Game): { def: number[]; claims: number[] } {
  const def = [0, 0];
  const claims = [0, 0];
  const pos = game.position;
  for (const sq of T.squares) {
    const p = pos.board[sq];
    if (!p) continue;
    const c = p & WHITE_BIT ? 1 : 0;
    def[c] += T.defends[p * T.frame + sq];
    claims[c] += T.claims[p * T.frame + sq];
  }
  for (const color of ['black', 'white'] as const)
    for (const { count } of game.reserve(color)) {
      def[color === 'black' ? 0 : 1] += count;
      claims[color === 'black' ? 0 : 1] += count;
    }
  return { def, claims };
}

describe("the search's make and unmake of drops (heisei-chu.md §3–4)", () => {
  it.each(DROPS)('keep the evaluation sums and the bare-king counts as a fresh load finds them, and undo restores the hash, heiseiDrops %s', (drops) => {
    const games = randomPositions(drops).slice(0, 500);
    let dropsMade = 0;
    let withReserve = 0;
    for (const game of games) {
      const pos = game.position.clone();
      const s = searcher(pos);
      const before = state(s);
      expect({ def: before.def, claims: before.claims }, game.sfen()).toEqual(ruleCounts(game));
      if (game.reserve('black').length + game.reserve('white').length > 0) withReserve++;
      const moves = game.legalPacked();
      // every capture, and every fourth of the other moves (drops among them)
      const picked = moves.filter((m, i) => i % 4 === 0 || (!T.isDrop(m) && T.moveTo(m) !== T.moveFrom(m) && pos.board[T.moveTo(m)] !== 0));
      for (const m of picked) {
        const lo = pos.hashLo;
        const hi = pos.hashHi;
        s.doMove(m);
        const fresh = searcher(pos.clone(), 1);
        expect(state(s), `${game.sfen()} ${T.usiOf(m)}`).toEqual(state(fresh));
        s.undoMove();
        expect(state(s)).toEqual(before);
        expect([pos.hashLo, pos.hashHi]).toEqual([lo, hi]);
        if (T.isDrop(m)) dropsMade++;
      }
    }
    expect(games.length).toBeGreaterThan(450);
    expect(withReserve).toBeGreaterThan(300);
    expect(dropsMade).toBeGreaterThan(5_000);
  });
});

describe("the engine's own generators against the rules' on random Heisei positions", () => {
  it.each(DROPS)('the quiescence capture generator finds exactly the legal captures (drops capture nothing), heiseiDrops %s', (drops) => {
    let checked = 0;
    let positionsSeen = 0;
    const loose = (m: number) => m & ~T.promote;
    const igui = (m: number) => (T.moveFrom(m) === T.moveTo(m) ? `igui ${T.moveMid(m)}` : String(m));
    for (const game of randomPositions(drops)) {
      const pos = game.position;
      const s = searcher(pos);
      const out = new Int32Array(MAX_MOVES);
      const n = s.generateCaptures(out, new Int32Array(MAX_MOVES));
      const all = game.legalPacked();
      const b = pos.board;
      const victims = (m: number) => (T.isDrop(m) ? [] : [T.moveMid(m) ? b[T.moveMid(m)] : 0, T.moveTo(m) !== T.moveFrom(m) ? b[T.moveTo(m)] : 0]);
      // lion captures the trading rules refuse are left to the search's own check, as in chu
      const keep = (m: number) => !victims(m).some((v) => IS_LION[v] === 1);
      const legal = all.filter((m) => victims(m).some((v) => v !== 0)).filter(keep);
      const mine = Array.from(out.subarray(0, n)).filter(keep);
      const legalSet = new Set(legal.map((m) => igui(loose(m))));
      for (const m of mine) expect(legalSet.has(igui(loose(m))), `${game.sfen()} ${T.usiOf(m)}`).toBe(true);
      expect(new Set(mine.map((m) => igui(loose(m))))).toEqual(legalSet);
      checked += legal.length;
      positionsSeen++;
    }
    expect(positionsSeen).toBeGreaterThan(1000);
    expect(checked).toBeGreaterThan(2_000);
  });

  it.each(DROPS)('in check, every drop the search skips (not between the royal and a slider at it) leaves the royal to be taken, heiseiDrops %s', (drops) => {
    let checks = 0;
    let skipped = 0;
    let kept = 0;
    for (let seed = 0; checks < 30 && seed < 6; seed++)
      for (const game of seed ? positions(300, drops, 1000 + seed) : randomPositions(drops)) {
        const pos = game.position.clone();
        const s = searcher(pos);
        if (!s.inCheck()) continue;
        const dropMoves = game.legalPacked().filter((m) => T.isDrop(m));
        if (!dropMoves.length) continue;
        checks++;
        const stamp = s.markBlocks(12345);
        const me = pos.turnBit;
        const royal = T.squares.find((sq) => pos.board[sq] !== 0 && (pos.board[sq] & WHITE_BIT) === me && IS_ROYAL[pos.board[sq]] === 1)!;
        for (const m of dropMoves) {
          pos.make(m);
          // the rules' own attack test: a royal is taken by any piece that can move to its square
          const takes = pos.attacked(royal, me ^ WHITE_BIT);
          pos.unmake();
          if (s.blocks[T.moveTo(m)] === stamp) kept++;
          else {
            skipped++;
            expect(takes, `${game.sfen()} ${T.usiOf(m)}`).toBe(true);
          }
        }
      }
    expect(checks).toBeGreaterThanOrEqual(20);
    expect(skipped).toBeGreaterThan(500);
    expect(kept).toBeGreaterThan(0);
  }, 120_000);
});

/** Plays a PV from the game: every move must be legal in turn (it may end the game on its last move). */
const playsLegally = (game: Game, pv: string[]): boolean => {
  const g = game.clone();
  return pv.every((m) => !g.outcome() && g.play(m).ok);
};

describe('the engine plays only legal Heisei moves', () => {
  it.each(DROPS)('every level 1–8 (the royal hunt at 8) over random positions, with legal PVs, heiseiDrops %s', (drops) => {
    let searched = 0;
    positions(16, drops, 3).forEach((game, i) => {
      const legal = new Set(game.legalMoves());
      for (let level = 1; level <= 8; level++) {
        const r = bestMove(game, { level, nodes: 1500, timeMs: 10_000, seed: i });
        expect(legal.has(r.move), `${game.sfen()} L${level} ${r.move}`).toBe(true);
        expect(playsLegally(game, r.pv), `${game.sfen()} ${r.pv.join(' ')}`).toBe(true);
        searched++;
      }
    });
    expect(searched).toBeGreaterThan(100);
  }, 300_000);

  it('plays a whole game against itself, drops and all, to its end or 200 plies', () => {
    const game = Game.start(opts('any'));
    let drops = 0;
    for (let i = 0; i < 200 && !game.outcome(); i++) {
      const r = bestMove(game, { level: (i % 8) + 1, nodes: 600, timeMs: 10_000, seed: i });
      expect(game.check(r.move)).toEqual({ ok: true, value: r.move });
      if (r.move.includes('*')) drops++;
      unwrap(game.play(r.move));
    }
    expect(game.ply).toBeGreaterThan(60);
    expect(drops).toBeGreaterThan(4);
  }, 120_000);

  it('respects the repetition rule after drops: the game history is read with its drops (never the fourth occurrence)', () => {
    const game = unwrap(Game.replay(['O*6h', 'X*7e'], opts('any')));
    const cycle = ['7j9k', '6c4b', '9k7j', '4b6c'];
    for (const m of [...cycle, ...cycle, ...cycle.slice(0, 3)]) unwrap(game.play(m));
    expect(game.check('4b6c')).toEqual({ ok: false, error: 'repetition' });
    for (const level of [1, 8]) {
      const r = bestMove(game, { level, depth: 3, timeMs: 5000 });
      expect(r.move).not.toBe('4b6c');
      expect(game.legalMoves()).toContain(r.move);
    }
  });
});

/** A Heisei SFEN: pieces by square (uppercase Black), the reserves field, side to move. */
function heisei(pieces: Record<string, string>, reserves: string, turn: 'b' | 'w' = 'b'): string {
  const ranks: string[] = [];
  for (let row = 0; row < 12; row++) {
    let rank = '';
    let empty = 0;
    for (let col = 0; col < 12; col++) {
      const code = pieces[`${12 - col}${'abcdefghijkl'[row]}`];
      if (!code) empty++;
      else {
        rank += (empty || '') + code;
        empty = 0;
      }
    }
    ranks.push(empty ? rank + empty : rank);
  }
  return `${ranks.join('/')} ${turn} ${reserves} 1`;
}

describe('Heisei tactics and evaluation', () => {
  it('blocks a Rook at its last royal with a drop when no piece on the board can (heisei-chu.md §3)', () => {
    // Black's King on 6l is shut in by its own Pawns; White's Rook looks down the open 6 file.
    // Only a drop on the file (6k or 6j: next to a Black piece) keeps the King.
    const sfen = heisei({ '6l': 'K', '7l': 'P', '5l': 'P', '7k': 'P', '5k': 'P', '6a': 'r', '1a': 'k', '2b': 'p' }, 'C', 'b');
    const game = unwrap(Game.fromSfen(sfen, opts('any')));
    for (const level of [1, 4, 8]) {
      const r = bestMove(game, { level, nodes: 5000, timeMs: 10_000 });
      expect(['C*6k', 'C*6j'], `L${level}`).toContain(r.move);
    }
  });

  it('counts a reserve piece as material, a little under its value on the board', () => {
    const even = unwrap(Game.fromSfen(HEISEI, opts('any')));
    const ahead = unwrap(Game.fromSfen(HEISEI.replace('LLCCSSMMVVAAOXllccssmmvvaaox', 'LLCCSSMMVVAAOXllccssmmvvaa'), opts('any')));
    const e = bestMove(even, { depth: 1, timeMs: 10_000 }).score;
    const a = bestMove(ahead, { depth: 1, timeMs: 10_000 }).score;
    // White's Kirin and Phoenix (300 each on the board) are gone from its reserve
    expect(a - e).toBeGreaterThan(400);
    expect(a - e).toBeLessThan(700);
  });

  it('a king with a reserve is not bare (heisei-chu.md §6): no win claimed against it', () => {
    // White has its King on the board and one Copper in reserve; Black a King and a Gold
    const withReserve = unwrap(Game.fromSfen(heisei({ '6l': 'K', '6h': 'G', '6a': 'k' }, 'c', 'b'), opts('any')));
    const r = bestMove(withReserve, { depth: 3, timeMs: 10_000 });
    expect(r.mate).toBeUndefined();
    expect(withReserve.legalMoves()).toContain(r.move);
  });

  it('the royal hunt proves a forced royal capture that runs through a drop, and its line is legal', () => {
    // White's King on 1a, shut in by its own Pawns on 1b and 2b but for 2a; Black's Gold on 3b. The
    // Gold to 2a or 2b is simply taken; a Side Mover dropped on 2a (next to the Gold, which guards it),
    // or on 4a promoting at once (a Free Boar down the rank), attacks the King, and whatever White does
    // the King is taken: no board move wins
    const game = unwrap(Game.fromSfen(heisei({ '6l': 'K', '1a': 'k', '1b': 'p', '2b': 'p', '3b': 'G' }, 'M', 'b'), opts('any')));
    const hunt = new RoyalHunt(engineTables('heisei'));
    const proof = hunt.prove(game.position.clone(), { maxNodes: 200_000 });
    expect(proof.verdict).toBe('win');
    const line = proof.line.map((m) => T.usiOf(m));
    expect(line[0]).toMatch(/^M\*/);
    const g = game.clone();
    for (const m of line) unwrap(g.play(m));
    expect(g.outcome()?.reason).toBe('royal-capture');
  });
});

describe('Heisei in the worker pool and the CPU seat', () => {
  const pool = new EnginePool(1);
  afterAll(() => pool.close());

  it("a PositionSpec with variant 'heisei' and moves with drops; the CPU seat at levels 1, 5 and 8 (its royal hunt) answers legally", async () => {
    const start = await pool.search({ options: opts('any') }, { depth: 2 });
    expect(Game.start(opts('any')).legalMoves()).toContain(start.move);
    const moves = ['O*6h', 'X*7e', '6h6f', '5d5e'];
    for (const drops of DROPS) {
      const game = unwrap(Game.replay(moves, opts(drops)));
      const r = await pool.search({ sfen: HEISEI, moves, options: opts(drops) }, { level: 8, timeMs: 400 });
      expect(game.check(r.move), drops).toEqual({ ok: true, value: r.move });
      for (const level of [1, 5, 8]) {
        const usi = await new EngineCpuPlayer(pool).chooseMove(game, { level, timeMs: 400, signal: new AbortController().signal });
        expect(game.check(usi), `${drops} L${level}`).toEqual({ ok: true, value: usi });
      }
    }
  });
});
