import { describe, expect, it } from 'vitest';
import { Game, PIECE_NAMES, PIECE_SPECS, parseSfen, makeSfen, unwrap } from '../src/index.ts';
import { notate, hodgesPiece, kanjiPiece, kanjiSquare } from '../src/notation/index.ts';
import { parseSquare } from '../src/square.ts';
import { KINGS, gameOf, playAll, sfenOf } from './helpers.ts';

/** Notation of `usi` in the position `pieces` (Black to move unless turn = 'w'). */
function notations(pieces: Record<string, string>, usi: string, turn: 'b' | 'w' = 'b'): [string, string] {
  const game = gameOf({ ...KINGS, ...pieces }, {}, turn);
  playAll(game, usi);
  return [game.notation(0, 'hodges'), game.notation(0, 'kanji')];
}

// Hodges/TSA per seeds/000 ("Notación de juego"); Japanese with ▲/△, full-width file, kanji rank.
describe('move notation', () => {
  it.each([
    // [what, pieces, usi, Hodges, Japanese]
    ['a step', { '7i': 'P' }, '7i7h', 'P-7h', '▲７八歩'],
    ['a capture', { '6f': 'G', '6e': 'p' }, '6f6e', 'Gx6e', '▲６五金'],
    ['a range move', { '9k': 'R' }, '9k9e', 'R-9e', '▲９五飛'],
    ['promotion taken', { '6e': 'S' }, '6e6d+', 'S-6d+', '▲６四銀成'],
    ['promotion declined', { '6e': 'S' }, '6e6d', 'S-6d=', '▲６四銀不成'],
    ['a capture declining promotion (the article\'s Px7d=)', { '7e': 'P', '7d': 'p' }, '7e7d', 'Px7d=', '▲７四歩不成'],
    ['no promotion possible: no mark', { '6d': 'S' }, '6d6c', 'S-6c', '▲６三銀'],
    ['a Pawn declining on the last rank', { '6b': 'P' }, '6b6a', 'P-6a=', '▲６一歩不成'],
    ['a Lance promoting on the last rank', { '6c': 'L' }, '6c6a+', 'L-6a+', '▲６一香成'],
    ['two identical pieces can land there: origin added', { '9i': 'G', '7i': 'G' }, '9i8h', 'G9i-8h', '▲８八金(９九)'],
    ['only one of them can make this move', { '9i': 'G', '7i': 'G' }, '9i9h', 'G-9h', '▲９八金'],
    ['a promoted Pawn is not identical to a Gold', { '9i': 'G', '7i': '+P' }, '7i8h', '+P-8h', '▲８八と'],
    ['a Kirin promoting', { '6e': 'O' }, '6e6c+', 'Ky-6c+', '▲６三麒成'],
    ['a promoted Kirin', { '6f': '+O' }, '6f4d', '+Ky-4d', '▲４四獅'],
    ['a Queen (Free King)', { '6f': 'Q' }, '6f3c', 'FK-3c', '▲３三奔'],
    ['a Lion jump', { '6f': 'N' }, '6f6d', 'Ln-6d', '▲６四獅'],
    ['a Lion capture by a jump', { '6f': 'N', '7d': 'p' }, '6f7d', 'Lnx7d', '▲７四獅'],
    ['a double capture', { '3g': 'N', '3h': 'p', '2i': 'p' }, '3g3h2i', 'Lnx3hx2i', '▲３八獅・２九'],
    ['a capture, then a step to an empty square', { '3g': 'N', '3h': 'p' }, '3g3h4i', 'Lnx3h-4i', '▲３八獅・４九'],
    ['igui', { '8c': 'N', '9d': 'p' }, '8c9d8c', 'Lnx!9d', '▲９四獅居喰い'],
    ['two Lions can make the same double move', { '7f': 'N', '5f': 'N', '6e': 'p', '6d': 'p' }, '7f6e6d', 'Ln7fx6ex6d', '▲６五獅・６四(７六)'],
    ['a Horned Falcon double capture', { '6f': '+H', '6e': 'p', '6d': 'p' }, '6f6e6d', '+DHx6ex6d', '▲６五鷹・６四'],
    ['a Horned Falcon igui', { '6f': '+H', '6e': 'p' }, '6f6e6f', '+DHx!6e', '▲６五鷹居喰い'],
    ['a Soaring Eagle jump', { '6f': '+D' }, '6f4d', '+DK-4d', '▲４四鷲'],
    ['a Prince', { '6f': '+E' }, '6f6e', '+DE-6e', '▲６五太'],
    ['the Black King', { '6f': 'E' }, '11l10l', 'K-10l', '▲１０十二玉'],
  ] as const)('%s: %s', (_what, pieces, usi, hodges, kanji) => {
    expect(notations(pieces, usi)).toEqual([hodges, kanji]);
  });

  it.each([
    ['a White step', { '7g': 's' }, '7g7h', 'S-7h', '△７八銀'],
    ['the White King', { '7g': 's' }, '2a3a', 'K-3a', '△３一王'],
    ['a White Pawn on file 12, rank 12', { '12k': 'p' }, '12k12l+', 'Px12l+', '△１２十二歩成'],
  ] as const)('%s: %s', (_what, pieces, usi, hodges, kanji) => {
    // a Black Pawn on 12l to be captured
    const game = gameOf({ ...KINGS, '12l': 'P', ...pieces }, {}, 'w');
    playAll(game, usi);
    expect([game.notation(0, 'hodges'), game.notation(0, 'kanji')]).toEqual([hodges, kanji]);
  });

  it('a pass', () => {
    const game = gameOf({ ...KINGS, '6f': 'N' });
    const pass = game.legalMoves().find((u) => /^6f\d+[a-l]6f$/.test(u))!;
    playAll(game, pass);
    expect([game.notation(0, 'hodges'), game.notation(0, 'kanji')]).toEqual(['Ln!', '▲獅じっと']);
  });

  it('a whole game from the start', () => {
    const game = playAll(Game.start(), '7i7h', '6d6e', '8i8h', '5d5e');
    expect(game.notations('hodges')).toEqual(['P-7h', 'P-6e', 'P-8h', 'P-5e']);
    expect(game.notations('kanji')).toEqual(['▲７八歩', '△６五歩', '▲８八歩', '△５五歩']);
    expect(game.notation(1)).toBe('P-6e');
  });

  // Kifu write 同 for the square the previous move landed on: the square written first (RULES.md §1).
  it.each([
    ['a recapture', { '6f': 'G', '6d': 'p', '6k': 'R' }, ['6f6e', '6d6e', '6k6e'], ['▲６五金', '△同　歩', '▲同　飛']],
    ['igui on the square just landed on', { '7e': 'N', '5c': 'p' }, ['7e6e', '5c5d', '6e5d6e'], ['▲６五獅', '△５四歩', '▲同　獅居喰い']],
    ['a double move whose first capture is there', { '7f': 'N', '5c': 'p', '6c': 'p' }, ['7f7e', '6c6d', '7e6d5c'], ['▲７五獅', '△６四歩', '▲同　獅・５三']],
    ['elsewhere: the square itself', { '7i': 'P', '6d': 'p' }, ['7i7h', '6d6e'], ['▲７八歩', '△６五歩']],
  ] as const)('同: %s', (_what, pieces, usis, kanji) => {
    const game = playAll(gameOf({ ...KINGS, ...pieces }), ...usis);
    expect(game.notations('kanji')).toEqual(kanji);
  });

  it('each move is written once, as it is played: notation(ply) reads the same list', () => {
    const game = playAll(Game.start(), '7i7h', '6d6e', '8i8h', '6e6f');
    expect(game.notations('kanji').map((_, i) => game.notation(i, 'kanji'))).toEqual(game.notations('kanji'));
    expect(game.clone().notations('kanji')).toEqual(game.notations('kanji'));
  });

  it('notate leaves the position as it found it', () => {
    const sfen = sfenOf({ ...KINGS, '7f': 'N', '5f': 'N', '6e': 'p', '6d': 'p', '9i': 'G', '7i': 'G' });
    const pos = unwrap(parseSfen(sfen));
    const game = unwrap(Game.fromSfen(sfen));
    const before = [pos.hashLo, pos.hashHi, ...pos.board];
    for (const m of game.legalPacked()) {
      notate(pos, m, 'hodges');
      notate(pos, m, 'kanji');
    }
    expect([pos.hashLo, pos.hashHi, ...pos.board]).toEqual(before);
    expect(makeSfen(pos)).toBe(sfen);
  });
});

describe('notation vocabulary', () => {
  it.each([
    ['k', 'K', '玉'], ['q', 'FK', '奔'], ['n', 'Ln', '獅'], ['d', 'DK', '龍'], ['h', 'DH', '馬'], ['r', 'R', '飛'],
    ['b', 'B', '角'], ['o', 'Ky', '麒'], ['x', 'Ph', '鳳'], ['e', 'DE', '象'], ['t', 'BT', '虎'], ['f', 'FL', '豹'],
    ['g', 'G', '金'], ['s', 'S', '銀'], ['c', 'C', '銅'], ['v', 'VM', '竪'], ['m', 'SM', '横'], ['a', 'RC', '反'],
    ['l', 'L', '香'], ['i', 'GB', '仲'], ['p', 'P', '歩'],
    ['+d', '+DK', '鷲'], ['+h', '+DH', '鷹'], ['+r', '+R', '龍'], ['+b', '+B', '馬'], ['+o', '+Ky', '獅'],
    ['+x', '+Ph', '奔'], ['+e', '+DE', '太'], ['+t', '+BT', '鹿'], ['+f', '+FL', '角'], ['+g', '+G', '飛'],
    ['+s', '+S', '竪'], ['+c', '+C', '横'], ['+v', '+VM', '牛'], ['+m', '+SM', '猪'], ['+a', '+RC', '鯨'],
    ['+l', '+L', '駒'], ['+i', '+GB', '象'], ['+p', '+P', 'と'],
  ])('%s → %s, %s', (code, hodges, kanji) => {
    expect(hodgesPiece(code)).toBe(hodges);
    expect(kanjiPiece(code, false)).toBe(kanji);
  });

  it('one table names every piece type of both games, in every column', () => {
    expect(Object.keys(PIECE_NAMES).sort()).toEqual(PIECE_SPECS.map((s) => s.code).sort());
    for (const names of Object.values(PIECE_NAMES)) expect(Object.values(names).every(Boolean)).toBe(true);
  });

  it.each([
    // code, abbreviation, kanji, diagram, name, face, KIF
    ['+d', 'SE', '鷲', '鷲', '飛鷲', '飛鷲', '飛鷲'], // a promoted piece by its own name
    ['+o', 'Ln', '獅', '成獅', '獅子', '獅子', '獅子'], // 成 in a diagram: 獅 alone is the Lion
    ['e', 'DE', '象', '象', '酔象', '酔象', '醉象'], // lishogi writes the older 醉
    ['+f', 'B', '角', '成角', '角行', '角行', '小角'], // lishogi's name for the promoted Leopard
    ['+p', 'G', 'と', '成歩', 'と金', 'と金', '金将'],
    ["f'", 'FD', '飛龍', '飛龍', '飛龍', '飛龍', '飛龍'], // dai-shogi.md §1.1: both kanji
    ["+n'", '+N', '成桂', '成桂', '金将', '成桂', '金将'], // a Gold General, written as shogi writes 成桂
  ])('%s: %s %s %s %s %s %s', (code, abbr, kanji, diagram, name, face, kif) => {
    expect(PIECE_NAMES[code]).toEqual({ abbr, kanji, diagram, name, face, kif });
  });

  it.each([
    ['7h', '７八'], ['1a', '１一'], ['12l', '１２十二'], ['10j', '１０十'], ['11k', '１１十一'],
  ])('square %s → %s', (sq, kanji) => {
    expect(kanjiSquare(parseSquare(sq)!)).toBe(kanji);
  });
});
