import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Game, ILLEGAL_REASONS, MAX_MOVES, START_SFEN, makeSfen, parseSfen, parseUsi, seededRandom, unwrap, type Options,
} from '../src/index.ts';
import { oracle } from './oracle.ts';

// Random playouts (seeded) from the start and from oracle positions, under every option set.
const RUNS = { numRuns: 20 };
const STARTS = [START_SFEN, ...oracle.positions.map((p) => p.sfen)];
const OPTION_SETS: Partial<Options>[] = [
  {},
  { lionTrading: 'always' },
  { lionTrading: 'off' },
  { promotion: 'shogi' },
  { bareKing: false },
];

const arbGame = fc
  .record({
    start: fc.integer({ min: 0, max: STARTS.length - 1 }),
    options: fc.integer({ min: 0, max: OPTION_SETS.length - 1 }),
    seed: fc.integer(),
    plies: fc.integer({ min: 0, max: 50 }),
  })
  .map(({ start, options, seed, plies }) => {
    const game = unwrap(Game.fromSfen(STARTS[start], OPTION_SETS[options]));
    const rand = seededRandom(seed);
    for (let i = 0; i < plies && !game.outcome(); i++) {
      const moves = game.legalMoves();
      unwrap(game.play(moves[Math.floor(rand() * moves.length)]));
    }
    return game;
  });

const SQUARE_RE = /^(\d+)([a-l])$/;
const coords = (sq: string): [number, number] => {
  const m = SQUARE_RE.exec(sq)!;
  return [12 - Number(m[1]), 'abcdefghijkl'.indexOf(m[2])];
};
const nameOf = (col: number, row: number): string | undefined =>
  col >= 0 && col < 12 && row >= 0 && row < 12 ? `${12 - col}${'abcdefghijkl'[row]}` : undefined;
const boardIndex = (sq: string): number => {
  const [c, r] = coords(sq);
  return r * 12 + c;
};

/** The board a USI move describes, computed without the engine: lift, clear the midpoint, land. */
function boardAfter(game: Game, usi: string): string {
  const m = parseUsi(usi)!;
  const board = game.board();
  const piece = board[boardIndex(m.from)]!;
  board[boardIndex(m.from)] = undefined;
  if (m.mid) board[boardIndex(m.mid)] = undefined;
  board[boardIndex(m.to)] = m.promote ? { ...piece, code: '+' + piece.code } : piece;
  return JSON.stringify(board);
}

describe('properties of random playouts', () => {
  it('SFEN round-trips at every point', () => {
    fc.assert(
      fc.property(arbGame, (game) => {
        const sfen = game.sfen();
        expect(makeSfen(unwrap(parseSfen(sfen)))).toBe(sfen);
        expect(unwrap(Game.fromSfen(sfen)).sfen()).toBe(sfen);
      }),
      RUNS,
    );
  });

  it('every listed move is accepted, canonical, and lands as its USI says', () => {
    fc.assert(
      fc.property(arbGame, (game) => {
        const moves = game.legalMoves();
        expect(new Set(moves).size).toBe(moves.length);
        expect([...moves].sort()).toEqual(moves);
        for (const usi of moves) expect(game.check(usi)).toEqual({ ok: true, value: usi });
        for (const usi of moves.slice(0, 4)) {
          const g = game.clone();
          const r = g.play(usi);
          expect(r.ok && r.value.usi).toBe(usi);
          expect(JSON.stringify(g.board())).toBe(boardAfter(game, usi));
        }
      }),
      RUNS,
    );
  });

  it('a move outside the list is refused with a reason, or is another spelling of a listed move', () => {
    const arbUsi = fc.record({
      from: fc.nat(),
      mid: fc.option(fc.tuple(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })), { freq: 2 }),
      to: fc.oneof(
        fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 })).map((d) => ({ near: d })),
        fc.tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 11 })).map((a) => ({ anywhere: a })),
      ),
      promote: fc.boolean(),
    });
    fc.assert(
      fc.property(arbGame, fc.array(arbUsi, { minLength: 20, maxLength: 20 }), (game, picks) => {
        if (game.outcome()) return;
        const legal = new Set(game.legalMoves());
        const mine = game
          .board()
          .map((p, i) => (p?.color === game.turn ? nameOf(i % 12, Math.floor(i / 12)) : undefined))
          .filter((s): s is string => s !== undefined);
        for (const pick of picks) {
          const from = mine[pick.from % mine.length];
          const [c, r] = coords(from);
          const mid = pick.mid ? nameOf(c + pick.mid[0], r + pick.mid[1]) : undefined;
          const to = 'near' in pick.to ? nameOf(c + pick.to.near[0], r + pick.to.near[1]) : nameOf(...pick.to.anywhere);
          if (!to || (pick.mid && !mid)) continue;
          const usi = from + (mid ?? '') + to + (pick.promote ? '+' : '');
          const r2 = game.check(usi);
          if (r2.ok) {
            expect(legal.has(r2.value)).toBe(true);
            const g = game.clone();
            g.play(usi);
            expect(JSON.stringify(g.board())).toBe(boardAfter(game, usi)); // the spelling means what it says
          } else {
            expect(ILLEGAL_REASONS).toContain(r2.error);
            expect(legal.has(usi)).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it('arbitrary strings are refused as malformed', () => {
    const game = Game.start();
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = game.check(s);
        if (!parseUsi(s)) expect(r).toEqual({ ok: false, error: 'malformed-usi' });
      }),
      { numRuns: 200 },
    );
  });

  it('playing never changes a clone, nor a refused move the game', () => {
    fc.assert(
      fc.property(arbGame, fc.nat(), (game, k) => {
        const moves = game.legalMoves();
        if (!moves.length) return;
        const copy = game.clone();
        const snapshot = () => [copy.sfen(), [...copy.moves], copy.legalMoves(), copy.outcome()];
        const before = snapshot();
        const sfen = game.sfen();
        expect(game.play('1a1a').ok).toBe(false);
        expect(game.sfen()).toBe(sfen);
        game.play(moves[k % moves.length]);
        expect(snapshot()).toEqual(before);
        expect(copy.sfen()).toBe(sfen);
      }),
      RUNS,
    );
  });

  it('one move per distinct outcome: no two listed moves lead to the same SFEN', () => {
    fc.assert(
      fc.property(arbGame, (game) => {
        const pos = unwrap(parseSfen(game.sfen(), game.options));
        const seen = new Set<string>();
        for (const m of game.legalPacked()) {
          pos.make(m);
          seen.add(makeSfen(pos));
          pos.unmake();
        }
        expect(seen.size).toBe(game.legalPacked().length);
      }),
      RUNS,
    );
  });

  it('Position.make/unmake restores board, hash and state exactly; the hash is incremental', () => {
    fc.assert(
      fc.property(arbGame, (game) => {
        const pos = unwrap(parseSfen(game.sfen(), game.options));
        const state = () => [...pos.board, pos.hashLo, pos.hashHi, pos.lionSq, pos.turnBit, pos.ply, ...pos.royals];
        const before = state();
        const buf = new Int32Array(MAX_MOVES);
        const n = pos.generate(buf);
        for (let i = 0; i < n; i++) {
          pos.make(buf[i]);
          expect(unwrap(parseSfen(makeSfen(pos))).key).toBe(pos.key);
          pos.unmake();
          expect(state()).toEqual(before);
        }
      }),
      { numRuns: 15 },
    );
  });
});
