import { describe, expect, it } from 'vitest';
import type { Options } from '../src/index.ts';
import { gameOf, playAll, verdict } from './helpers.ts';

// RULES.md §4. Kings sit in the corners, out of every line used below.
const K = { '12l': 'K', '1a': 'k', '12k': 'P', '1b': 'p' };
const MODES = ['off', 'protected', 'always'] as const;
const trading = (lionTrading: Options['lionTrading']) => ({ lionTrading });

describe('rule 1: a Lion may always capture an adjacent Lion', () => {
  it.each(MODES)("even when it is protected (%s)", (mode) => {
    // White's Gold on 6d protects 6e
    const game = gameOf({ ...K, '6f': 'N', '6e': 'n', '6d': 'g' }, trading(mode));
    expect(verdict(game, '6f6e')).toBe('ok:6f6e');
  });

  it('a promoted Kirin is a Lion for the trading rules', () => {
    const game = gameOf({ ...K, '6g': '+O', '6e': 'n', '6d': 'g' });
    expect(verdict(game, '6g6e')).toBe('lion-protected');
    const other = gameOf({ ...K, '6g': 'N', '6e': '+o', '6d': 'g' });
    expect(verdict(other, '6g6e')).toBe('lion-protected');
  });
});

describe('rule 2: a Lion may not capture a protected non-adjacent Lion', () => {
  const protectedLion = { ...K, '6g': 'N', '6e': 'n', '6d': 'g' };

  it.each([
    ['off', 'ok:6g6e'],
    ['protected', 'lion-protected'],
    ['always', 'lion-protected'],
  ] as const)('by a jump (%s → %s)', (mode, expected) => {
    expect(verdict(gameOf(protectedLion, trading(mode)), '6g6e')).toBe(expected);
  });

  it('nor by two steps through an empty square (the same move as the jump)', () => {
    expect(verdict(gameOf(protectedLion), '6g6f6e')).toBe('lion-protected');
  });

  it('an unprotected non-adjacent Lion may be taken', () => {
    expect(verdict(gameOf({ ...K, '6g': 'N', '6e': 'n' }), '6g6e')).toBe('ok:6g6e');
  });

  it.each([
    ['an unpromoted Pawn', 'p', 'lion-protected'],
    ['a Go-Between', 'i', 'lion-protected'],
    ['a Silver', 's', 'ok:6g6f6e'],
    ['a promoted Pawn', '+p', 'ok:6g6f6e'],
  ] as const)('over a first-step capture of %s → %s (bridge exception)', (_name, bridge, expected) => {
    // the bridge stands on 6f; the Gold on 6d protects 6e
    expect(verdict(gameOf({ ...protectedLion, '6f': bridge }), '6g6f6e')).toBe(expected);
  });

  it('lines opened by the move count: a hidden protector behind the capturing Lion', () => {
    // White's Bishop on 8h sees 7g–6f–5e once Black's Lion leaves 7g
    const game = gameOf({ ...K, '8h': 'b', '7g': 'N', '5e': 'n' });
    expect(verdict(game, '7g5e')).toBe('lion-protected');
  });

  it('protection is judged after the whole move: taking the only protector first is legal', () => {
    // White's Pawn on 6d protects 6e; Black's Lion on 7c takes it, then the Lion
    const game = gameOf({ ...K, '7c': 'N', '6d': 'p', '6e': 'n' });
    expect(verdict(game, '7c6e')).toBe('lion-protected');
    expect(verdict(game, '7c6d6e')).toBe('ok:7c6d6e');
  });

  it('a second protector still makes it illegal', () => {
    const game = gameOf({ ...K, '7c': 'N', '6d': 'p', '6e': 'n', '5e': 'g' });
    expect(verdict(game, '7c6d6e')).toBe('lion-protected');
  });

  it('a Lion taken on the first step, then moving on, is an adjacent capture', () => {
    const game = gameOf({ ...K, '6g': 'N', '6f': 'n', '6d': 'g' });
    expect(verdict(game, '6g6f6e')).toBe('ok:6g6f6e');
  });
});

describe('rule 3: counter-strike', () => {
  // White to move: the Rook on 6c takes Black's Lion on 6i; White's other Lion stands on 11h,
  // attacked by Black's Bishop on 8k.
  const before = { ...K, '6c': 'r', '6i': 'N', '11h': 'n', '8k': 'B', '7h': 'o' };

  it.each(MODES)('the SFEN records the square where a non-Lion took a Lion (%s)', (mode) => {
    const game = gameOf(before, trading(mode), 'w');
    playAll(game, '6c6i');
    expect(game.sfen().split(' ')[2]).toBe('6i');
    playAll(game, '12k12j');
    expect(game.sfen().split(' ')[2]).toBe('-');
  });

  it.each([
    ['off', 'ok:8k11h'],
    ['protected', 'ok:8k11h'], // White's Lion on 11h is unprotected (Okazaki rule)
    ['always', 'counter-strike'],
  ] as const)("a non-Lion may not take a Lion on another square next move (%s → %s)", (mode, expected) => {
    const game = gameOf(before, trading(mode), 'w');
    playAll(game, '6c6i');
    expect(verdict(game, '8k11h')).toBe(expected);
  });

  it("under 'protected' the ban holds for a protected Lion", () => {
    const game = gameOf({ ...before, '11g': 'g' }, trading('protected'), 'w');
    playAll(game, '6c6i');
    expect(verdict(game, '8k11h')).toBe('counter-strike');
  });

  it('the ban lasts one move only', () => {
    const game = gameOf(before, trading('always'), 'w');
    playAll(game, '6c6i', '12k12j', '6i6h');
    expect(verdict(game, '8k11h')).toBe('ok:8k11h');
  });

  it.each(['protected', 'always'] as const)(
    'a recapture on the square where the Lion was taken stays legal (%s): Kirin promoting to Lion',
    (mode) => {
      const game = gameOf(before, trading(mode), 'w');
      playAll(game, '7h6i+'); // the Kirin takes the Lion and becomes one: it counts as a non-Lion
      expect(game.sfen().split(' ')[2]).toBe('6i');
      expect(verdict(game, '8k6i')).toBe('ok:8k6i'); // protected by the Rook on 6c, still legal
    },
  );

  it('a Lion capturing a Lion is governed by rules 1–2 only', () => {
    const game = gameOf({ ...K, '6c': 'r', '6i': 'N', '11h': 'n', '10g': 'N', '11g': 'g' }, trading('always'), 'w');
    playAll(game, '6c6i');
    // adjacent: legal although the Gold on 11g protects 11h and a counter-strike is on
    expect(verdict(game, '10g11h')).toBe('ok:10g11h');
  });

  it('a Lion taken by a Horned Falcon counts as taken by a non-Lion', () => {
    const game = gameOf({ ...K, '6f': '+H', '6e': 'p', '6d': 'n' });
    playAll(game, '6f6e6d');
    expect(game.sfen().split(' ')[2]).toBe('6d');
  });

  it("a Lion's igui of a Lion and a Falcon's igui of it are two moves: only the Falcon's starts a counter-strike", () => {
    // Black Lion 7f and Horned Falcon 6g both next to White's Lion on 6f
    const game = gameOf({ ...K, '7f': 'N', '6g': '+H', '6f': 'n' });
    expect(game.legalMoves().filter((u) => /^(\d+[a-l])6f\1$/.test(u)).sort()).toEqual(['6g6f6g', '7f6f7f']);
    expect(playAll(game.clone(), '7f6f7f').sfen().split(' ')[2]).toBe('-');
    expect(playAll(game.clone(), '6g6f6g').sfen().split(' ')[2]).toBe('6f');
  });

  it('a Lion taken by a Lion does not start a counter-strike', () => {
    const game = gameOf({ ...K, '6f': 'N', '6e': 'n' });
    playAll(game, '6f6e');
    expect(game.sfen().split(' ')[2]).toBe('-');
  });

  it('a Lion taken on the first step of a Soaring Eagle records that square', () => {
    const game = gameOf({ ...K, '6f': '+D', '5e': 'n', '4d': 'p' });
    playAll(game, '6f5e4d');
    expect(game.sfen().split(' ')[2]).toBe('5e');
  });
});

// seeds/000_* "León se mueve": the eight examples (Black moves up the board). Their diagrams
// are not in the text; each position below is built from the description.
describe('the eight lion-trading examples of the chu shogi article', () => {
  it('1. adjacent Lions: Black may take, and may end anywhere around, even where the Gold recaptures', () => {
    const game = gameOf({ ...K, '6g': 'N', '6f': 'n', '6e': 'g' });
    expect(verdict(game, '6g6f')).toBe('ok:6g6f');
    expect(verdict(game, '6g6f7f')).toBe('ok:6g6f7f'); // the Gold on 6e can take back on 7f
    expect(verdict(game, '6g6f6e')).toBe('ok:6g6f6e'); // and the Gold too
    expect(verdict(game, '6g6f6g')).toBe('ok:6g6f6g'); // igui
  });

  it('2. both Lions protected: neither Lion may take the other, but the Bishop may', () => {
    // Black's Lion 6h protected by the Silver on 6i; White's Lion 6f by the Lance on 6d
    const pieces = { ...K, '6h': 'N', '6i': 'S', '6f': 'n', '6d': 'l', '9c': 'B' };
    expect(verdict(gameOf(pieces), '6h6f')).toBe('lion-protected');
    expect(verdict(gameOf(pieces), '9c6f')).toBe('ok:9c6f');
    expect(verdict(gameOf(pieces, {}, 'w'), '6f6h')).toBe('lion-protected');
  });

  it('3. a hidden protector: the x-ray Bishop forbids the capture; White may take with the Bishop', () => {
    // White Bishop 8h, Black Lion 7g, White Lion 5e on one diagonal; Black's Gold on 7h guards 7g
    const pieces = { ...K, '8h': 'b', '7g': 'N', '5e': 'n', '7h': 'G' };
    expect(verdict(gameOf(pieces), '7g5e')).toBe('lion-protected');
    expect(verdict(gameOf(pieces, {}, 'w'), '8h7g')).toBe('ok:8h7g');
    expect(verdict(gameOf(pieces, {}, 'w'), '5e7g')).toBe('lion-protected');
  });

  it('4. taking the Pawn on the way opens the Bishop line: illegal; jumping over it is legal', () => {
    // White Bishop 9c, Pawn 8d, Lion 7e on one diagonal; Black's Lion on 9e
    const game = gameOf({ ...K, '9c': 'b', '8d': 'p', '7e': 'n', '9e': 'N' });
    expect(verdict(game, '9e8d7e')).toBe('lion-protected');
    expect(verdict(game, '9e7e')).toBe('ok:9e7e');
  });

  it('5. protected by a Pawn: the Lion alone is illegal, Pawn then Lion is legal', () => {
    const game = gameOf({ ...K, '7c': 'N', '6d': 'p', '6e': 'n' });
    expect(verdict(game, '7c6e')).toBe('lion-protected');
    expect(verdict(game, '7c6d6e')).toBe('ok:7c6d6e');
  });

  it('6. the corner Lion over a Silver is legal; over a Go-Between it is not; Go-Between then Gold is no trade', () => {
    // White Rook 3a protects 1a and 5a; Silver 2b and Go-Between 4b stand next to Black's Lion on 3c
    const game = gameOf({ '12l': 'K', '12a': 'k', '12k': 'P', '3c': 'N', '1a': 'n', '5a': 'n', '3a': 'r', '2b': 's', '4b': 'i', '5b': 'g' });
    expect(verdict(game, '3c1a')).toBe('lion-protected');
    expect(verdict(game, '3c2b1a')).toBe('ok:3c2b1a');
    expect(verdict(game, '3c5a')).toBe('lion-protected');
    expect(verdict(game, '3c4b5a')).toBe('lion-protected');
    expect(verdict(game, '3c4b5b')).toBe('ok:3c4b5b');
  });

  it("7. counter-strike: Edo rule forbids the Bishop's retaliation, JCSA allows it for an unprotected Lion; a promoted Kirin may be recaptured", () => {
    const pieces = { ...K, '6c': 'r', '6i': 'N', '11h': 'n', '8k': 'B', '7h': 'o' };
    const edo = playAll(gameOf(pieces, trading('always'), 'w'), '6c6i');
    expect(verdict(edo, '8k11h')).toBe('counter-strike');
    const jcsa = playAll(gameOf(pieces, trading('protected'), 'w'), '6c6i');
    expect(verdict(jcsa, '8k11h')).toBe('ok:8k11h');
    const kirin = playAll(gameOf(pieces, trading('always'), 'w'), '7h6i+');
    expect(verdict(kirin, '8k6i')).toBe('ok:8k6i');
  });

  it("8. several Lions: White's recapture would expose its Lion to the Rook, and Black's capture is illegal (RULES.md: \"could capture\")", () => {
    // Black Lion 6h, White Lions 6f and 6d, Black Rook 3f
    const pieces = { ...K, '6h': 'N', '6f': 'n', '6d': 'n', '3f': 'R' };
    expect(verdict(gameOf(pieces), '6h6f')).toBe('lion-protected');
    expect(verdict(gameOf(pieces, trading('off')), '6h6f')).toBe('ok:6h6f');
    // had it been played, White's 6d×6f would be refused: Black's Rook protects 6f
    const after = gameOf({ ...K, '6f': 'N', '6d': 'n', '3f': 'R' }, {}, 'w');
    expect(verdict(after, '6d6f')).toBe('lion-protected');
  });
});

// test/fixtures/README.md: where RULES.md departs from shogiops on purpose.
describe('oracle departures from shogiops', () => {
  it.each(['protected', 'always'] as const)(
    '1. protection judged after the whole move (%s): Lion × only protector (Pawn) × Lion is legal',
    (mode) => {
      const game = gameOf({ ...K, '7c': 'N', '6d': 'p', '6e': 'n' }, trading(mode));
      expect(verdict(game, '7c6d6e')).toBe('ok:7c6d6e'); // shogiops: illegal
    },
  );

  it("2. counter-strike under 'protected' exempts an unprotected Lion", () => {
    const pieces = { ...K, '6c': 'r', '6i': 'N', '11h': 'n', '8k': 'B' };
    const game = playAll(gameOf(pieces, trading('protected'), 'w'), '6c6i');
    expect(verdict(game, '8k11h')).toBe('ok:8k11h'); // shogiops: counter-strike
    const guarded = playAll(gameOf({ ...pieces, '11g': 'g' }, trading('protected'), 'w'), '6c6i');
    expect(verdict(guarded, '8k11h')).toBe('counter-strike');
  });
});
