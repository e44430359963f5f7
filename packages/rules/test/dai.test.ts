import { describe, expect, it } from 'vitest';
import {
  Game, START_SFEN, START_SFENS, VARIANT_INFO, boardFeed, makeSfen, movementOf, parseKif, parseSfen, parseUsi, reachOf, toKif,
  unwrap, withDefaults,
} from '../src/index.ts';
import { at, destsOf, expectFeedAgreesWithCheck, gameOf, playAll, sorted, verdict } from './helpers.ts';

// docs/dai-shogi.md, rule by rule. Squares are dai's: files 15…1, ranks a…o; Black moves towards rank a.
const DAI = { variant: 'dai' } as const;
/** Kings off every line through 8h, each with a Pawn so that the bare-king rule stays out of the way. */
const KINGS = { '14o': 'K', '15n': 'P', '2a': 'k', '1b': 'p' } as const;
const dai = (pieces: Record<string, string>, turn: 'b' | 'w' = 'b', options: object = {}) =>
  gameOf({ ...KINGS, ...pieces }, { ...DAI, ...options }, turn);

describe('dai-shogi.md §1, §7: the board, the setup and the formats', () => {
  it('15×15, 65 pieces a side of 29 types, the Kings facing each other on file 8', () => {
    const game = Game.start(DAI);
    const board = game.board();
    expect(board).toHaveLength(225);
    for (const color of ['black', 'white'] as const) {
      const mine = board.filter((p) => p?.color === color);
      expect(mine).toHaveLength(65);
      expect(new Set(mine.map((p) => p!.code)).size).toBe(29);
    }
    expect([at(game, '8o'), at(game, '8a'), at(game, '8m'), at(game, '8c'), at(game, '8n')]).toEqual(['K', 'k', 'N', 'n', 'E']);
    // §7: the interlocking second and third ranks, Go-Betweens on files 11 and 5
    expect(['15n', '13n', '11n', '9n', '14m', '12m', '10m', '9m', '7m', '11j', '5j'].map((sq) => at(game, sq))).toEqual(
      ['A', "C'", 'F', 'T', "V'", "A'", "E'", 'O', 'X', 'I', 'I'],
    );
    expect(VARIANT_INFO.dai).toMatchObject({ size: 15, zoneDepth: 5, lionTrading: false, startSfen: START_SFENS.dai });
    expect(VARIANT_INFO.dai.baseCodes).toHaveLength(29);
  });

  it('SFEN: the same grammar on 15 ranks, read back as written', () => {
    const pos = unwrap(parseSfen(START_SFENS.dai, withDefaults(DAI)));
    expect(makeSfen(pos)).toBe(START_SFENS.dai);
  });

  it.each([
    ['a chu SFEN given as dai', START_SFEN, DAI, 'board has 12 ranks: that is a chu shogi position, and this game is dai shogi (15 ranks)'],
    ['a dai SFEN given as chu', START_SFENS.dai, {}, 'board has 15 ranks: that is a dai shogi position, and this game is chu shogi (12 ranks)'],
    ['a dai piece in a chu SFEN', 'k11/12/12/12/12/12/5N\'6/12/12/12/12/11K b - 1', {}, 'rank g: unknown piece "N\'" (a dai shogi piece; this game is chu shogi)'],
    ['a counter-strike square in dai', START_SFENS.dai.replace(' - ', ' 8h '), DAI, 'dai shogi has no counter-strike square'],
    ['a 12-file rank in dai', START_SFENS.dai.replace('15/15/15', '12/15/15'), DAI, 'rank g has 12 squares, expected 15'],
  ])('%s is refused, naming why', (_what, sfen, options, message) => {
    const r = Game.fromSfen(sfen, options);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('USI: squares up to 15o in dai, 12l in chu', () => {
    expect(parseUsi('15o14n', 'dai')).toEqual({ from: '15o', to: '14n', promote: false });
    expect(parseUsi('8m8l8k+', 'dai')).toEqual({ from: '8m', mid: '8l', to: '8k', promote: true });
    expect(parseUsi('15o14n')).toBeUndefined();
    expect(parseUsi('1p1o', 'dai')).toBeUndefined();
    expect(verdict(Game.start(DAI), '15k15j')).toBe('ok:15k15j');
    expect(verdict(Game.start(DAI), '15k15i')).toBe('unreachable');
  });

  it('notation: Hodges and the seed\'s kanji, squares to 15十五', () => {
    const game = playAll(Game.start(DAI), '14o13m', '2a3c', '14l15m');
    expect(game.notations('hodges')).toEqual(['N-13m', 'N-3c', 'FD-15m']);
    expect(game.notations('kanji')).toEqual(['▲１３十三桂', '△３三桂', '▲１５十三飛龍']);
    const promoted = playAll(dai({ '8g': "N'", '3c': 'g' }), '8g7e+', '3c3d', '7e7d');
    expect(promoted.notations('hodges')).toEqual(['N-7e+', 'G-3d', '+N-7d']);
    expect(promoted.notations('kanji')).toEqual(['▲７五桂成', '△３四金', '▲７四成桂']);
  });
});

describe('dai-shogi.md §1.1, §2: the pieces dai adds', () => {
  it.each([
    // [piece, its SFEN, seed 001's Betza, the squares it reaches from 8h on an empty board]
    ['Iron General', "I'", 'fK', ['7g', '8g', '9g']],
    ['Stone General', "S'", 'fF', ['7g', '9g']],
    ['Knight', "N'", 'ffN', ['7f', '9f']],
    ['Angry Boar', "A'", 'W', ['7h', '8g', '8i', '9h']],
    ['Cat Sword', "C'", 'F', ['7g', '7i', '9g', '9i']],
    ['Evil Wolf', "E'", 'frlK', ['7g', '7h', '8g', '9g', '9h']],
    ['Violent Ox', "V'", 'R2', ['10h', '6h', '7h', '8f', '8g', '8i', '8j', '9h']],
    ['Flying Dragon', "F'", 'B2', ['10f', '10j', '6f', '6j', '7g', '7i', '9g', '9i']],
  ])('the %s (%s) moves %s', (_name, code, _betza, squares) => {
    expect(destsOf(dai({ '8h': code }), '8h')).toEqual(sorted(squares));
    // White's is the same turned round
    const turned = squares.map((sq) => `${16 - Number(sq.slice(0, -1))}${'abcdefghijklmno'[14 - 'abcdefghijklmno'.indexOf(sq.slice(-1))]}`);
    expect(destsOf(dai({ '8h': code.toLowerCase() }, 'w'), '8h')).toEqual(sorted(turned));
  });

  it('each of them promotes to a Gold General (WfF)', () => {
    for (const code of ["i'", "s'", "n'", "a'", "c'", "e'", "v'", "f'"]) {
      expect(movementOf(code)?.promotesTo).toBe(`+${code}`);
      expect(destsOf(dai({ '8h': `+${code.toUpperCase()}` }), '8h')).toEqual(['7g', '7h', '8g', '8i', '9g', '9h']);
    }
  });

  it('the Knight jumps over anything, and only its own pieces stop it', () => {
    const game = dai({ '8h': "N'", '8g': 'P', '7g': 'p', '9g': 'G', '7f': 'S', '9f': 'p' });
    expect(destsOf(game, '8h')).toEqual(['9f']);
    expect(verdict(game, '8h9f')).toBe('ok:8h9f');
    expect(verdict(game, '8h7f')).toBe('occupied-by-own-piece');
  });

  it('a limited range goes one or two squares: the first must be empty to reach the second', () => {
    expect(destsOf(dai({ '8h': "V'", '8g': 'P' }), '8h')).toEqual(['10h', '6h', '7h', '8i', '8j', '9h']);
    expect(destsOf(dai({ '8h': "V'", '8g': 'p' }), '8h')).toContain('8g');
    expect(destsOf(dai({ '8h': "V'", '8g': 'p' }), '8h')).not.toContain('8f');
    expect(verdict(dai({ '8h': "V'", '8f': 'p' }), '8h8f')).toBe('ok:8h8f');
    expect(verdict(dai({ '8h': "F'", '7g': 'P', '6f': 'p' }), '8h6f')).toBe('unreachable');
    expect(verdict(dai({ '8h': "F'", '5e': 'p' }), '8h5e')).toBe('unreachable');
  });

  it('the movement diagrams mark exactly what the generator gives, for every dai piece, Black and White', () => {
    const daiOnly = VARIANT_INFO.dai.codes.filter((c) => c.endsWith("'"));
    expect(daiOnly).toHaveLength(16);
    for (const code of daiOnly)
      for (const white of [false, true]) {
        const s = white ? -1 : 1;
        const marks = reachOf(code, 14).map(({ dx, dy }) => `${8 - s * dx}${'abcdefghijklmno'[7 + s * dy]}`);
        const game = dai({ '8h': white ? code : code.toUpperCase() }, white ? 'w' : 'b');
        expect(sorted(marks), `${code} ${white ? 'white' : 'black'}`).toEqual(destsOf(game, '8h'));
      }
  });
});

describe('dai-shogi.md §3: the five-rank zone, as chu\'s association rule', () => {
  it('rank e is in Black\'s zone in dai (it is not in chu): entering it may promote', () => {
    expect(verdict(dai({ '8f': 'S' }), '8f8e+')).toBe('ok:8f8e+');
    expect(verdict(dai({ '8f': 'S' }), '8f8e')).toBe('ok:8f8e');
    expect(verdict(dai({ '8g': 'S' }), '8g8f+')).toBe('no-promotion-here');
    expect(verdict(gameOf({ '6f': 'S', '11l': 'K', '2a': 'k' }), '6f6e+')).toBe('no-promotion-here'); // chu: four ranks
    expect(verdict(dai({ '8j': 's' }, 'w'), '8j8k+')).toBe('ok:8j8k+'); // White's zone: ranks k–o
  });

  it('inside the zone only a capture may promote, and a capture leaving it may too', () => {
    expect(verdict(dai({ '8e': 'S' }), '8e8d+')).toBe('no-promotion-here');
    expect(verdict(dai({ '8e': 'S', '8d': 'p' }), '8e8d+')).toBe('ok:8e8d+');
    expect(verdict(dai({ '8e': 'S', '7f': 'p' }), '8e7f+')).toBe('ok:8e7f+');
    expect(verdict(dai({ '8e': 'S' }), '8e7f+')).toBe('no-promotion-here');
  });

  it('with promotion: shogi, any move touching the zone may promote', () => {
    expect(verdict(dai({ '8e': 'S' }, 'b', { promotion: 'shogi' }), '8e8d+')).toBe('ok:8e8d+');
  });
});

describe('dai-shogi.md §3: trapped pieces and their second chance', () => {
  it.each([
    ['a Pawn', 'P', '8b8a'],
    ['a Stone General', "S'", '8b7a'],
    ['an Iron General', "I'", '8b8a'],
    ['a Lance', 'L', '8d8a'],
  ])('%s moving onto the last rank may promote without a capture, or stay there dead', (_what, code, usi) => {
    const from = usi.slice(0, 2);
    const to = usi.slice(2);
    expect(verdict(dai({ [from]: code }), `${usi}+`)).toBe(`ok:${usi}+`);
    const declined = playAll(dai({ [from]: code }), usi, '2a3a');
    expect(destsOf(declined, to)).toEqual([]);
  });

  it('a Lance inside the zone gets no second chance short of the last rank', () => {
    expect(verdict(dai({ '8d': 'L' }), '8d8b+')).toBe('no-promotion-here');
  });

  it('the Knight is stuck on its last two ranks; by default it has the second chance on both', () => {
    expect(verdict(dai({ '8d': "N'" }), '8d7b+')).toBe('ok:8d7b+');
    expect(verdict(dai({ '8c': "N'" }), '8c9a+')).toBe('ok:8c9a+');
    expect(destsOf(playAll(dai({ '8d': "N'" }), '8d7b', '2a3a'), '7b')).toEqual([]); // declined: a dead Knight
    expect(Game.start(DAI).options.knightSecondChance).toBe(true);
  });

  it('with knightSecondChance off, a Knight promotes only by the zone rule', () => {
    const off = { knightSecondChance: false };
    expect(verdict(dai({ '8d': "N'" }, 'b', off), '8d7b+')).toBe('no-promotion-here');
    expect(verdict(dai({ '8c': "N'" }, 'b', off), '8c9a+')).toBe('no-promotion-here');
    expect(verdict(dai({ '8c': "N'", '9a': 'g' }, 'b', off), '8c9a+')).toBe('ok:8c9a+'); // a capture
    expect(verdict(dai({ '8g': "N'" }, 'b', off), '8g7e+')).toBe('ok:8g7e+'); // entering the zone
  });

  it('dead pieces count for nobody: a King with only a dead Knight is bare', () => {
    const bare = playAll(gameOf({ '14o': 'K', '8b': "N'", '2a': 'k', '5e': 'g' }, DAI, 'w'), '5e5f', '14o13n');
    expect(bare.outcome()).toEqual({ winner: 'white', reason: 'bare-king' });
    const alive = playAll(gameOf({ '14o': 'K', '8c': "N'", '2a': 'k', '5e': 'g' }, DAI, 'w'), '5e5f', '14o13n');
    expect(alive.outcome()).toBeUndefined();
  });
});

describe('dai-shogi.md §2, §4: lion power, and no lion trading', () => {
  it('a Lion may take a protected Lion two squares away (chu forbids it)', () => {
    expect(verdict(dai({ '8h': 'N', '8f': 'n', '8e': 'p' }), '8h8f')).toBe('ok:8h8f');
    expect(verdict(gameOf({ '11l': 'K', '2a': 'k', '6h': 'N', '6f': 'n', '6e': 'p' }), '6h6f')).toBe('lion-protected');
  });

  it('after a Lion is taken by a non-Lion, the reply may take a protected Lion anywhere (no counter-strike)', () => {
    const game = playAll(dai({ '8i': 'G', '8h': 'n', '4k': 'N', '4l': 'P', '4j': 's' }), '8i8h');
    expect(game.sfen().split(' ')[2]).toBe('-');
    expect(verdict(game, '4j4k')).toBe('ok:4j4k');
    const chu = playAll(gameOf({ '11l': 'K', '2a': 'k', '6i': 'G', '6h': 'n', '3j': 'N', '3k': 'P', '3i': 's' }), '6i6h');
    expect(verdict(chu, '3i3j')).toBe('counter-strike');
  });

  it('the Lion, Horned Falcon and Soaring Eagle keep their lion power: double captures, igui and passes', () => {
    const game = dai({ '8h': 'N', '8g': 'p', '8f': 'p', '3h': '+H', '3g': 'p', '3f': 'p', '12h': '+D', '11g': 'p', '10f': 'p' });
    for (const usi of ['8h8g8f', '8h8g8h', '3h3g3f', '3h3g3h', '12h11g10f', '12h11g12h']) expect(verdict(game, usi)).toBe(`ok:${usi}`);
    expect(verdict(dai({ '8h': 'N' }), '8h8g8h')).toMatch(/^ok:/); // a pass
  });

  it('an igui of a Lion is one move whichever piece makes it (no counter-strike square tells them apart)', () => {
    const game = dai({ '8h': '+H', '7h': 'N', '8g': 'n' });
    const iguis = game.legalMoves().filter((m) => m.length === 6 && m.slice(0, 2) === m.slice(4) && m.slice(2, 4) === '8g');
    expect(iguis).toHaveLength(1);
    expect(unwrap(game.check('8h8g8h'))).toBe(unwrap(game.check('7h8g7h')));
  });
});

describe('dai-shogi.md §5, §6: royals and the end of the game, as in chu', () => {
  it('the Prince is a second royal: taking the King alone does not win', () => {
    const game = playAll(gameOf({ '14o': 'K', '12o': '+E', '15n': 'P', '14n': 'g', '2a': 'k', '1b': 'p' }, DAI, 'w'), '14n14o');
    expect(game.outcome()).toBeUndefined();
    playAll(game, '15n15m', '14o13o');
    expect(game.outcome()).toBeUndefined();
    playAll(game, '15m15l', '13o12o');
    expect(game.outcome()).toEqual({ winner: 'white', reason: 'royal-capture' });
  });

  it('a move making a position the fourth time is refused; a move limit ends the game', () => {
    const game = dai({ '8h': 'G', '3c': 'g' });
    playAll(game, '8h8g', '3c3d', '8g8h', '3d3c', '8h8g', '3c3d', '8g8h', '3d3c', '8h8g', '3c3d', '8g8h');
    expect(verdict(game, '3d3c')).toBe('repetition');
    const limited = playAll(dai({ '8h': 'G', '3c': 'g' }, 'b', { moveLimit: 2 }), '8h8g', '3c3d');
    expect(limited.outcome()).toEqual({ winner: null, reason: 'move-limit' });
  });
});

describe('dai-shogi.md §8: the board feed and KIF', () => {
  it('the feed offers a Knight\'s leaps and asks the promotion question on entering the zone', () => {
    const feed = boardFeed(dai({ '8g': "N'" }));
    expect(sorted(feed.dests.get('8g') ?? [])).toEqual(['7e', '9e']);
    expect(feed.promotion('8g', '7e')).toBe('optional');
    expect(feed.find('8g', '7e', undefined, true)).toBe('8g7e+');
  });

  it('the feed agrees with Game.check on every gesture of the lion-power pieces, at the edge of the 15×15 board too', () => {
    const positions: Record<string, string>[] = [
      { '8h': 'N', '8g': 'p', '7g': 'p', '9i': 'P', '3h': '+H', '3g': 'n', '12h': '+D', '11g': 'p', '13g': 'P' },
      { '15a': 'N', '14a': 'p', '15b': 'g', '1o': '+O', '1n': 'p', '2o': 'n', '13c': '+H', '13b': 'p' },
    ];
    for (const pieces of positions) expectFeedAgreesWithCheck(dai(pieces));
  });

  it('KIF: a dai game written and read back, moves, options and start included', () => {
    const game = playAll(Game.start(DAI), '8k8j', '8e8f', '9m10n', '14a13c', '14l13m');
    const kif = toKif(game);
    expect(kif).toContain('手合割：大将棋\n');
    expect(kif).toContain('   5手目   13十三飛龍 （←14十二）\n');
    const back = unwrap(parseKif(kif));
    expect(back).toMatchObject({ sfen: START_SFENS.dai, moves: [...game.moves], options: game.options });
  });

  it('KIF: a diagram with two-kanji pieces (飛龍, 成飛龍) is read back without the #sfen line', () => {
    const sfen = '15/15/4k10/15/4+F\'5f\'4/15/15/15/15/15/15/15/15/15/7K7 b - 1';
    const kif = toKif(unwrap(Game.fromSfen(sfen, DAI)));
    expect(kif).toContain('|  ・  ・  ・  ・成飛龍  ・  ・  ・  ・  ・v飛龍  ・  ・  ・  ・|五\n');
    const withoutExact = kif.replace(/^#sfen.*\n/m, '');
    expect(unwrap(parseKif(withoutExact)).sfen).toBe(sfen);
  });
});
