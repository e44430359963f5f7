import { describe, expect, it } from 'vitest';
import {
  Game, START_SFENS, VARIANT_INFO, boardFeed, makeSfen, makeUsi, parseKif, parseSfen, parseUsi, toKif, unwrap, withDefaults,
  type Options,
} from '../src/index.ts';
import { sfenOf } from './helpers.ts';

// docs/heisei-chu.md, rule by rule. Squares are chu's; Black moves towards rank a, its zone is ranks a–d.
const HEISEI = { variant: 'heisei' } as const;
/** Kings in the corners, each with a Gold beside it: the bare-king rule stays out of the way. */
const KINGS = { '12l': 'K', '11l': 'G', '1a': 'k', '2a': 'g' } as const;

/** A Heisei SFEN from a sparse board and the reserves ('OX' Black's, 'l' White's). */
const heiseiSfen = (pieces: Record<string, string>, reserve: string, turn: 'b' | 'w' = 'b', lion = '-'): string => {
  const [board] = sfenOf({ ...KINGS, ...pieces }).split(' ');
  return `${board} ${turn} ${reserve || '-'} ${lion === '-' ? '' : `${lion} `}1`;
};
const heisei = (pieces: Record<string, string>, reserve: string, turn: 'b' | 'w' = 'b', options: Partial<Options> = {}): Game =>
  unwrap(Game.fromSfen(heiseiSfen(pieces, reserve, turn), { ...HEISEI, ...options }));
/** What the rules say to a move: its canonical USI, or why it is refused. */
const verdict = (game: Game, usi: string): string => {
  const r = game.check(usi);
  return r.ok ? r.value : r.error;
};
const at = (game: Game, sq: string): string | undefined => {
  const i = VARIANT_INFO.heisei.squareNames.indexOf(sq);
  const p = game.board()[i];
  return p && (p.color === 'black' ? p.code.toUpperCase() : p.code);
};

describe('heisei-chu.md §2: the setup', () => {
  it('is chu without the set-aside pieces, which start in each side\'s reserve', () => {
    const game = Game.start(HEISEI);
    expect(game.variant).toBe('heisei');
    expect(game.sfen()).toBe(START_SFENS.heisei);
    const board = game.board();
    for (const color of ['black', 'white'] as const) {
      const mine = board.filter((p) => p?.color === color).map((p) => p!.code);
      expect(mine).toHaveLength(32);
      expect(mine.filter((c) => 'lcsmvaox'.includes(c))).toEqual([]);
      expect(game.reserve(color)).toEqual([
        { code: 'l', count: 2 }, { code: 'c', count: 2 }, { code: 's', count: 2 }, { code: 'm', count: 2 },
        { code: 'v', count: 2 }, { code: 'a', count: 2 }, { code: 'o', count: 1 }, { code: 'x', count: 1 },
      ]);
    }
    // the board keeps the rest on its chu squares
    expect(['7l', '6l', '5l', '6j', '7j', '8k', '12i', '9h'].map((sq) => at(game, sq))).toEqual(['K', 'E', 'G', 'Q', 'N', 'T', 'P', 'I']);
    expect(VARIANT_INFO.heisei).toMatchObject({ size: 12, zoneDepth: 4, lionTrading: true, startSfen: START_SFENS.heisei });
    expect(VARIANT_INFO.heisei.reserve.join('')).toBe('llccssmmvvaaox');
  });

  it('chu and dai have no reserves', () => {
    expect(Game.start().reserve('black')).toEqual([]);
    expect(Game.start({ variant: 'dai' }).reserve('white')).toEqual([]);
    expect(VARIANT_INFO.chu.reserve).toEqual([]);
  });
});

describe('heisei-chu.md §3: a drop', () => {
  // Black: King 12l, Gold 11l, Rook 6f; reserve as given
  const board = { '6f': 'R' };
  it.each([
    ['onto a square next to a piece of one\'s own', 'O*6e', 'O*6e'],
    ['diagonally next to it', 'O*5g', 'O*5g'],
    ['next to the King', 'O*12k', 'O*12k'],
    ['not two squares away', 'O*6d', 'drop-not-adjacent'],
    ['not next to the opponent\'s pieces only', 'O*3c', 'drop-not-adjacent'],
    ['not onto one\'s own piece', 'O*6f', 'drop-occupied'],
    ['not onto the opponent\'s piece: a drop captures nothing', 'O*1a', 'drop-occupied'],
    ['not a piece the reserve lacks', 'X*6e', 'not-in-reserve'],
    ['not a piece no reserve holds', 'N*6e', 'not-in-reserve'],
  ])('%s: %s → %s', (_rule, usi, expected) => {
    expect(verdict(heisei({ ...board, '2b': 'p' }, 'O'), usi)).toBe(expected);
  });

  it('puts the piece down, unpromoted, and takes it out of the reserve; nothing else changes', () => {
    const game = heisei({ '6f': 'R', '5e': 'n' }, 'OLLx');
    const before = game.board().map((p) => JSON.stringify(p));
    unwrap(game.play('O*6e'));
    expect(at(game, '6e')).toBe('O');
    expect(game.board().filter((p, i) => JSON.stringify(p) !== before[i])).toEqual([{ color: 'black', code: 'o' }]);
    expect(game.reserve('black')).toEqual([{ code: 'l', count: 2 }]);
    expect(game.reserve('white')).toEqual([{ code: 'x', count: 1 }]);
    expect(game.moves).toEqual(['O*6e']);
  });

  it('every kind may be dropped, each where it could move', () => {
    const game = heisei({ '6f': 'R' }, 'LCSMVAOX');
    const kinds = new Set(game.legalMoves().filter((m) => m.includes('*')).map((m) => m[0]));
    expect([...kinds].sort()).toEqual(['A', 'C', 'L', 'M', 'O', 'S', 'V', 'X']);
  });

  it('a drop clears the counter-strike square (only a capture sets one)', () => {
    const game = unwrap(Game.fromSfen(heiseiSfen({ '6f': 'R', '6e': 'p', '3c': 'n' }, 'O', 'b', '3c'), HEISEI));
    expect(game.sfen()).toContain(' O 3c 1');
    unwrap(game.play('O*6g'));
    expect(game.sfen().split(' ').slice(2)).toEqual(['-', '2']);
  });
});

describe('heisei-chu.md §3: never where the piece could never move', () => {
  // Black's last rank is a, White's l; a Rook on 6b (Black) and 6k (White) to drop beside
  it.each<[string, Record<string, string>, string, string, string]>([
    ['b', { '6b': 'R' }, 'L', 'L*6a', 'drop-dead-end'],
    ['b', { '6b': 'R' }, 'L', 'L*6a+', 'drop-dead-end'],
    ['b', { '6b': 'R' }, 'L', 'L*5b+', 'L*5b+'],
    ['b', { '6b': 'R' }, 'L', 'L*5b', 'L*5b'],
    ['w', { '6k': 'r' }, 'l', 'L*6l', 'drop-dead-end'],
    ['w', { '6k': 'r' }, 'l', 'L*6j', 'L*6j'],
    // the other kinds can move from the last rank: Copper and Silver back, the movers sideways or back, Kirin and Phoenix
    ...['C', 'S', 'M', 'V', 'A', 'O', 'X'].map((k): [string, Record<string, string>, string, string, string] => ['b', { '6b': 'R' }, k, `${k}*6a`, `${k}*6a`]),
  ])('%s to move, reserve %j: %s → %s', (turn, pieces, reserve, usi, expected) => {
    expect(verdict(heisei(pieces, turn === 'b' ? reserve : reserve.toLowerCase(), turn as 'b' | 'w'), usi)).toBe(expected);
  });
});

describe('heisei-chu.md §3: promotion on a drop', () => {
  it.each([
    ['into the zone, promoting at once: a Lion appears', 'O*6c+', 'O*6c+', '+O'],
    ['into the zone, declining', 'O*6c', 'O*6c', 'O'],
    ['outside the zone: no promotion', 'O*6e+', 'no-promotion-here', undefined],
  ])('%s: %s → %s', (_rule, usi, expected, piece) => {
    const game = heisei({ '6d': 'R' }, 'O');
    expect(verdict(game, usi)).toBe(expected);
    if (piece) {
      unwrap(game.play(usi));
      expect(at(game, usi.slice(2, 4))).toBe(piece);
    }
  });

  it('the feed asks the promotion question in the zone, not outside it', () => {
    const feed = boardFeed(heisei({ '6d': 'R' }, 'O'));
    expect(feed.dropPromotion('o', '6c')).toBe('optional');
    expect(feed.dropPromotion('o', '6e')).toBe('none');
    expect(feed.findDrop('o', '6c', true)).toBe('O*6c+');
    expect(feed.findDrop('o', '6e')).toBe('O*6e');
    expect(feed.findDrop('o', '6a')).toBeUndefined();
  });

  it.each([
    // later, by the room's rule (RULES.md §3): with 'association' a move inside the zone promotes only by a capture
    ['association', '6c5b', false],
    ['association', '6c6b', true], // captures the Pawn on 6b
    ['shogi', '6c5b', true],
  ] as const)('a Silver dropped into the zone unpromoted, later (%s): %s may promote: %s', (promotion, usi, may) => {
    const game = heisei({ '6d': 'R', '6b': 'p' }, 'S', 'b', { promotion });
    unwrap(game.play('S*6c'));
    unwrap(game.play('1a1b'));
    expect(verdict(game, `${usi}+`)).toBe(may ? `${usi}+` : 'no-promotion-here');
  });
});

describe('heisei-chu.md §4: heiseiDrops', () => {
  it('defaults to any: drops go on as long as the reserve lasts', () => {
    expect(withDefaults(HEISEI).heiseiDrops).toBe('any');
    expect(withDefaults({ variant: 'chu' }).heiseiDrops).toBeUndefined();
    const game = heisei({ '6f': 'R' }, 'OXox');
    for (const usi of ['O*6e', 'O*1b', 'X*6g', 'X*2b']) unwrap(game.play(usi));
    expect(game.reserve('black')).toEqual([]);
    expect(game.sfen().split(' ')[2]).toBe('-');
  });

  it('once: each player drops a single time; the rest of their reserve goes, the other\'s stays', () => {
    const game = heisei({ '6f': 'R' }, 'OXLox', 'b', { heiseiDrops: 'once' });
    unwrap(game.play('O*6e'));
    expect(game.reserve('black')).toEqual([]);
    expect(game.reserve('white')).toEqual([{ code: 'o', count: 1 }, { code: 'x', count: 1 }]);
    expect(game.sfen().split(' ')[2]).toBe('ox');
    unwrap(game.play('1a1b'));
    expect(verdict(game, 'X*6g')).toBe('not-in-reserve');
    unwrap(game.play('6f6g'));
    unwrap(game.play('X*2b'));
    expect(game.reserve('white')).toEqual([]);
  });
});

describe('heisei-chu.md §5–6: reserves only; bare king counts the reserve', () => {
  it('a captured piece goes out of play: it joins no reserve', () => {
    const game = heisei({ '6f': 'R', '6c': 's', '3c': 'o' }, 'Ll');
    unwrap(game.play('6f6c'));
    expect(game.reserve('black')).toEqual([{ code: 'l', count: 1 }]);
    expect(game.reserve('white')).toEqual([{ code: 'l', count: 1 }]);
    expect(game.sfen().split(' ')[2]).toBe('Ll');
  });

  it('a King with a reserve is not bare: taking its last piece makes no claim', () => {
    // White: King 1a and a Gold 6c, reserve a Lance; Black takes the Gold
    const pieces = { '12l': 'K', '11l': 'G', '6f': 'R', '6c': 'g', '1a': 'k' };
    const board = sfenOf(pieces).split(' ')[0];
    for (const [reserve, outcome] of [['l', undefined], ['-', undefined]] as const) {
      const game = unwrap(Game.fromSfen(`${board} b ${reserve} 1`, HEISEI));
      unwrap(game.play('6f6c'));
      unwrap(game.play(reserve === 'l' ? 'L*1b' : '1a1b'));
      // with the reserve White dropped a piece and plays on; without it, Black's claim stands after White's reply
      expect(game.outcome()).toEqual(reserve === 'l' ? outcome : { winner: 'black', reason: 'bare-king' });
    }
  });

  it('King against King with reserves is no draw; without, it is', () => {
    const kings = sfenOf({ '12l': 'K', '1a': 'k' }).split(' ')[0];
    expect(unwrap(Game.fromSfen(`${kings} b O 1`, HEISEI)).outcome()).toBeUndefined();
    expect(unwrap(Game.fromSfen(`${kings} b - 1`, HEISEI)).outcome()).toEqual({ winner: null, reason: 'bare-king' });
  });

  it('repetition counts the reserves: the same board with another reserve is another position', () => {
    const a = unwrap(parseSfen(heiseiSfen({}, 'O'), withDefaults(HEISEI)));
    const b = unwrap(parseSfen(heiseiSfen({}, 'X'), withDefaults(HEISEI)));
    const c = unwrap(parseSfen(heiseiSfen({}, 'O'), withDefaults(HEISEI)));
    expect(a.key).not.toBe(b.key);
    expect(a.key).toBe(c.key);
  });
});

describe('heisei-chu.md §1: SFEN, USI, notation and KIF', () => {
  it.each([
    START_SFENS.heisei,
    heiseiSfen({ '6f': 'R' }, 'LCox', 'w'),
    heiseiSfen({ '6f': 'R', '3c': 'n' }, 'OX', 'b', '3c'),
    heiseiSfen({ '6f': 'R' }, ''),
  ])('SFEN %s is written back as read', (sfen) => {
    expect(makeSfen(unwrap(parseSfen(sfen, withDefaults(HEISEI))))).toBe(sfen);
  });

  it.each([
    ['LLL', 'more than 2 "L"'],
    ['OO', 'more than 1 "O"'],
    ['P', '"P" is not a set-aside piece'],
    ['N', '"N" is not a set-aside piece'],
    ['2L', '"2" is not a set-aside piece'],
  ])('a reserve %s is refused: %s', (reserve, message) => {
    const r = parseSfen(heiseiSfen({}, reserve), withDefaults(HEISEI));
    expect(r.ok ? 'parsed' : r.error).toContain(message);
  });

  it('a chu parser refuses a Heisei SFEN by name', () => {
    const r = parseSfen(START_SFENS.heisei);
    expect(r.ok ? 'parsed' : r.error).toBe(
      'chu shogi has no reserves: the third field is a counter-strike square or "-", got "LLCCSSMMVVAAOXllccssmmvvaaox" (a heisei chu position?)',
    );
  });

  it.each([
    ['O*5e', { from: '5e', to: '5e', promote: false, drop: 'o' }],
    ['O*5c+', { from: '5c', to: '5c', promote: true, drop: 'o' }],
    ['L*12a', { from: '12a', to: '12a', promote: false, drop: 'l' }],
  ])('USI %s reads and writes back', (usi, move) => {
    expect(parseUsi(usi, 'heisei')).toEqual(move);
    expect(makeUsi(move)).toBe(usi);
  });

  it('chu has no drops: a drop is malformed there', () => {
    expect(parseUsi('O*5e', 'chu')).toBeUndefined();
    expect(verdict(Game.start(), 'O*5e')).toBe('malformed-usi');
  });

  it.each([
    ['O*6e', 'Ky*6e', '▲６五麒打'],
    ['O*6c+', 'Ky*6c+', '▲６三麒打成'],
    ['O*6c', 'Ky*6c=', '▲６三麒打不成'],
    ['L*5e', 'L*5e', '▲５五香打'],
  ])('%s is written %s and %s', (usi, hodges, kanji) => {
    const game = heisei({ '6d': 'R' }, 'OL');
    unwrap(game.play(usi));
    expect([game.notation(0), game.notation(0, 'kanji')]).toEqual([hodges, kanji]);
  });

  it('KIF: 手合割 平成中将棋, drops with 打, read back to the same game', () => {
    const game = Game.start({ ...HEISEI, heiseiDrops: 'once' });
    for (const usi of ['O*6h', 'X*7e', '6h6f', '7e7f']) unwrap(game.play(usi));
    const kif = toKif(game);
    expect(kif).toContain('手合割：平成中将棋');
    expect(kif).toContain('#rules: variant=heisei promotion=association lion-trading=protected bare-king=on move-limit=none heisei-drops=once');
    expect(kif).toContain('   1手目   6八麒麟打');
    expect(kif).toContain('   2手目   7五鳳凰打');
    const back = unwrap(parseKif(kif));
    expect(back).toMatchObject({ sfen: START_SFENS.heisei, moves: [...game.moves], options: { variant: 'heisei', heiseiDrops: 'once' } });
  });

  it('KIF: a drop promoting at once, and a diagram start with its reserves', () => {
    const game = heisei({ '6d': 'R' }, 'OLl');
    unwrap(game.play('O*6c+'));
    unwrap(game.play('L*1b'));
    const kif = toKif(game);
    expect(kif).toContain('   1手目   6三麒麟打成');
    expect(kif).toContain('先手の持駒：香車　麒麟');
    expect(kif).toContain('後手の持駒：香車');
    const back = unwrap(parseKif(kif));
    expect(back).toMatchObject({ sfen: game.startSfen, moves: ['O*6c+', 'L*1b'] });
    // without our #sfen line the diagram's 持駒 lines carry the reserves
    const diagramOnly = unwrap(parseKif(kif.split('\n').filter((l) => !l.startsWith('#sfen')).join('\n')));
    expect(diagramOnly.sfen).toBe(game.startSfen);
  });

  it('KIF: chu still refuses pieces in hand and drops', () => {
    const r = parseKif('先手の持駒：香車\n手数----指手---------消費時間--\n   1   5五麒麟打\n');
    expect(r.ok ? 'parsed' : r.error.code).toBe('pieces-in-hand');
    const d = parseKif('手数----指手---------消費時間--\n   1   5五麒麟打\n');
    expect(d.ok ? 'parsed' : d.error.code).toBe('drop');
  });
});

describe('the board feed offers each reserve piece and its drop squares', () => {
  it('from the start: every kind, on the empty squares next to Black\'s pieces, Lances not on rank a', () => {
    const game = Game.start(HEISEI);
    const feed = boardFeed(game);
    expect([...feed.drops.keys()]).toEqual(['l', 'c', 's', 'm', 'v', 'a', 'o', 'x']);
    const squares = feed.drops.get('o')!;
    expect(squares).toContain('12l');
    // rank h but the Go-Betweens' squares, rank g beside those Go-Betweens, and the gaps the set-aside pieces left in ranks j, k, l
    expect(squares).toContain('6h');
    expect(squares).toContain('9g');
    expect(squares).not.toContain('6g');
    expect(squares).toHaveLength(10 + 6 + 4 + 8 + 6);
    expect(feed.drops.get('l')).toEqual(squares);
    for (const sq of squares) expect(feed.findDrop('o', sq)).toBe(`O*${sq}`);
    unwrap(game.play('O*6h'));
    expect(boardFeed(game).lastMove).toEqual(['6h']);
  });
});
