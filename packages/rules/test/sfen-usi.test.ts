import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, Game, START_SFEN, makeSfen, makeUsi, parseSfen, parseUsi, sparseSfen, startSfenOf, turnAfter, unwrap } from '../src/index.ts';
import { KINGS, gameOf, verdict } from './helpers.ts';
import { oracle } from './oracle.ts';

const EMPTY_BOARD = '12/12/12/12/12/12/12/12/12/12/12/12';
const BOARD = '11k/12/12/12/12/12/12/12/12/12/12/K11';

describe('SFEN parsing errors name what is wrong', () => {
  it.each([
    ['', 'expected "<board> <b|w>'],
    ['lfcsgekgscfl', 'got 1 field'],
    [`${BOARD} b - 1 extra`, 'got 5 field'],
    ['11k/12/12/12/12/12/12/12/12/12/K11 b - 1', 'board has 11 ranks, expected 12'],
    [`${BOARD}/12 b - 1`, 'board has 13 ranks'],
    ['11k/12/12/12/12/12/12/12/12/12/12/K10 b - 1', 'rank l has 11 squares, expected 12'],
    ['11k/12/12/12/12/12/12/12/12/12/12/K12 b - 1', 'rank l has 13 squares, expected 12'],
    ['11k/12/12/12/12/12/12/12/12/12/12/12K b - 1', 'rank l has more than 12 squares'],
    ['11k/13/12/12/12/12/12/12/12/12/12/K11 b - 1', 'rank b: bad empty run "13"'],
    ['11k/0P11/12/12/12/12/12/12/12/12/12/K11 b - 1', 'rank b: bad empty run "0"'],
    ['11k/12/12/12/Z11/12/12/12/12/12/12/K11 b - 1', 'rank e: unknown piece "Z"'],
    ['11k/12/12/12/+K11/12/12/12/12/12/12/K11 b - 1', 'rank e: unknown piece "+K"'],
    ['11k/12/12/12/+N11/12/12/12/12/12/12/K11 b - 1', 'rank e: unknown piece "+N"'],
    ['11k/12/12/12/11+/12/12/12/12/12/12/K11 b - 1', 'rank e: "+" without a piece'],
    [`${BOARD} x - 1`, 'side to move must be "b" or "w", got "x"'],
    [`${BOARD} b 13a 1`, 'lion-capture square must be a square or "-", got "13a"'],
    [`${BOARD} b 6m 1`, 'lion-capture square'],
    [`${BOARD} b - 0`, 'move number must be a positive integer, got "0"'],
    [`${BOARD} b - x`, 'move number must be a positive integer'],
  ])('%j → %s', (sfen, message) => {
    const r = parseSfen(sfen);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
    const g = Game.fromSfen(sfen);
    expect(g.ok).toBe(false);
  });

  it('accepts the shortened forms lishogi accepts (lion field and move number default)', () => {
    expect(makeSfen(unwrap(parseSfen(`${BOARD} w`)))).toBe(`${BOARD} w - 1`);
    expect(makeSfen(unwrap(parseSfen(`${EMPTY_BOARD} b 6f 7`)))).toBe(`${EMPTY_BOARD} b 6f 7`);
  });
});

describe('SFEN round trip', () => {
  it('start position', () => {
    expect(makeSfen(unwrap(parseSfen(START_SFEN)))).toBe(START_SFEN);
    expect(Game.start().sfen()).toBe(START_SFEN);
  });

  it('every oracle position (and every 8th successor) is written back byte for byte', () => {
    let n = 0;
    for (const p of oracle.positions)
      for (const sfen of [p.sfen, ...p.successors.filter((_, i) => i % 8 === 0)]) {
        expect(makeSfen(unwrap(parseSfen(sfen)))).toBe(sfen);
        n++;
      }
    expect(n).toBeGreaterThan(500);
  });

  it('the move number counts plies', () => {
    const game = Game.start();
    game.play('7i7h');
    game.play('6d6e');
    expect(game.sfen().endsWith(' b - 3')).toBe(true);
  });
});

describe('USI', () => {
  it.each([
    ['10i10h', { from: '10i', to: '10h', promote: false }],
    ['7c8b+', { from: '7c', to: '8b', promote: true }],
    ['6f6e5d', { from: '6f', mid: '6e', to: '5d', promote: false }],
    ['6f5e6f', { from: '6f', mid: '5e', to: '6f', promote: false }],
    ['12l1a', { from: '12l', to: '1a', promote: false }],
  ])('%s parses and is made back', (usi, move) => {
    expect(parseUsi(usi)).toEqual(move);
    expect(makeUsi(move)).toBe(usi);
  });

  it.each(['', '7i', '13a1a', '0a1a', '7m7l', '7i7h++', '7i7h-', 'P-7h', '7i 7h', '1a1b1c1d', '7I7H'])(
    '%j is malformed',
    (usi) => {
      expect(parseUsi(usi)).toBeUndefined();
      expect(verdict(Game.start(), usi)).toBe('malformed-usi');
    },
  );
});

describe('every equivalent spelling is accepted and made canonical (RULES.md §1)', () => {
  it('a Lion jump or a two-step through any empty square', () => {
    const game = gameOf({ ...KINGS, '6f': 'N' });
    for (const usi of ['6f6d', '6f6e6d', '6f5e6d', '6f7e6d']) expect(verdict(game, usi)).toBe('ok:6f6d');
    for (const usi of ['6f4e', '6f5e4e', '6f5f4e']) expect(verdict(game, usi)).toBe('ok:6f4e');
  });

  it('a Horned Falcon two-step forward through an empty square is its jump', () => {
    const game = gameOf({ ...KINGS, '6f': '+H' });
    expect(verdict(game, '6f6e6d')).toBe('ok:6f6d');
  });

  it('a Soaring Eagle two-step along a forward diagonal is its jump', () => {
    const game = gameOf({ ...KINGS, '6f': '+D' });
    expect(verdict(game, '6f5e4d')).toBe('ok:6f4d');
  });

  it('any pass spelling, by any piece that can pass', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '9h': '+H', '3h': '+D' });
    const canonical = unwrap(game.check('6f6e6f'));
    for (const usi of ['6f5f6f', '6f7g6f', '6f5e6f', '9h9g9h', '3h4g3h', '3h2g3h']) expect(verdict(game, usi)).toBe(`ok:${canonical}`);
    expect(game.legalMoves().filter((u) => u === canonical)).toHaveLength(1);
  });

  it('igui on one square by either of two pieces is one move', () => {
    // Black Lions on 7f and 5f, Falcon on 6g: all can eat the Pawn on 6e without moving
    const game = gameOf({ ...KINGS, '7f': 'N', '5f': 'N', '6g': '+H', '6e': 'p' });
    const canonical = unwrap(game.check('7f6e7f'));
    expect(verdict(game, '5f6e5f')).toBe(`ok:${canonical}`);
    expect(game.legalMoves().filter((u) => /^(\d+[a-l])6e\1$/.test(u))).toEqual([canonical]);
    const a = game.clone();
    const b = game.clone();
    a.play('7f6e7f');
    b.play('5f6e5f');
    expect(a.sfen()).toBe(b.sfen());
  });

  it('a promotion suffix on a lion-power move is refused', () => {
    const game = gameOf({ ...KINGS, '6f': 'N', '6e': 'p' });
    expect(verdict(game, '6f6e6f+')).toBe('no-promotion-here');
    expect(verdict(game, '6f5f6f+')).toBe('no-promotion-here');
  });
});

describe('turnAfter: whose turn a stored game is at, without replaying it', () => {
  it('agrees with a replay in every variant, a Lion pass and a drop included', () => {
    for (const variant of ['chu', 'dai', 'heisei'] as const) {
      const options = { ...DEFAULT_OPTIONS, variant };
      const game = Game.fromSfen(startSfenOf(options), options);
      if (!game.ok) throw new Error(game.error);
      const g = game.value;
      for (let ply = 0; ply < 12; ply++) {
        expect(turnAfter(g.startSfen, ply)).toBe(g.turn);
        g.play(g.legalMoves()[ply % g.legalMoves().length]);
      }
    }
  });
  it('reads a start with White to move', () => {
    const sfen = `${START_SFEN.split(' ')[0]} w - 1`;
    expect([0, 1, 2].map((p) => turnAfter(sfen, p))).toEqual(['white', 'black', 'white']);
  });
});

describe('sparseSfen: a position written square by square (lessons, tests)', () => {
  it.each([
    [{ '6f': 'N', '1a': 'k', '12l': 'K' }, {}, '11k/12/12/12/12/6N5/12/12/12/12/12/K11 b - 1'],
    [{ '6d': 'g', '12l': 'K', '1a': 'k' }, { lionSquare: '6d' }, '11k/12/12/6g5/12/12/12/12/12/12/12/K11 b 6d 1'],
    [{ '8h': '+o', '12l': 'K', '1a': 'k' }, { turn: 'w' as const, moveNumber: 7 }, '11k/12/12/12/12/12/12/4+o7/12/12/12/K11 w - 7'],
    [{ '15o': 'K', '1a': 'k' }, { size: 15 }, '14k/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 b - 1'],
  ])('%j %j → %s, which the rules read back as written', (pieces, opts, sfen) => {
    expect(sparseSfen(pieces, opts)).toBe(sfen);
    const variant = 'size' in opts ? 'dai' : 'chu';
    const game = Game.fromSfen(sfen, { variant });
    expect(game.ok && game.value.sfen()).toBe(sfen);
  });
  it('a square off the board is a mistake in the data: it throws', () => {
    expect(() => sparseSfen({ '13a': 'K' })).toThrow(/bad square 13a/);
  });
});
