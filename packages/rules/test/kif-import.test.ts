import { describe, expect, it } from 'vitest';
import { makeKifMoveOrDrop } from 'shogiops/notation/kif';
import { parseSfen as shogiopsPosition } from 'shogiops/sfen';
import { parseUsi as shogiopsMove } from 'shogiops/util';
import { DEFAULT_OPTIONS, Game, KIF_ERRORS, START_SFEN, parseKif, toKif, unwrap, type KifError } from '../src/index.ts';
import { KINGS, gameOf, playAll } from './helpers.ts';

const moves = (text: string, options?: Parameters<typeof parseKif>[1]) => unwrap(parseKif(text, options)).moves;

describe('KIF import reads what lishogi, 81Dojo and shogiops write', () => {
  it('81Dojo style: 手目 numbers, ▲△, full-width digits, no space before the origin', () => {
    const kif = ['手合割：平手', '1手目 ▲７八歩兵（←７九）', '2手目 △７五歩兵（←７四）', '3手目一歩目 ▲７九獅子（←７十）', '3手目二歩目 ▲６八獅子（←７九）'];
    expect(moves(kif.join('\r\n'))).toEqual(['7i7h', '7d7e', '7j6h']);
  });

  it('Kifu for Windows style: bare numbers, short names, 同, clock times, comments, まで, variations', () => {
    const kif = [
      '\ufeff# ---- Kifu for Windows ----',
      '開始日時：2024/05/01 12:00:00',
      '手合割：中将棋',
      '手数----指手---------消費時間--',
      '   1 7八歩 (7九)   ( 0:03/00:00:03)',
      '*a comment on the move',
      '   2 7五歩 (7四)   ( 0:05/00:00:05)',
      '   3 7七歩(7八)',
      '   4 7六歩(7五)',
      '   5 同　歩(7七)',
      '   6 7四師(6三)',
      'まで6手で中断',
      '',
      '変化：3手',
      '   3 9八歩(9九)',
    ];
    expect(moves(kif.join('\n'))).toEqual(['7i7h', '7d7e', '7h7g', '7e7f', '7g7f', '6c7d']);
  });

  it('a pass written (じっと), （じっと） or with no mark, and igui written （居食い） or (居食い)', () => {
    const lion = '10k1/12/12/12/12/6p5/5N6/12/12/12/12/1K10 b - 1';
    const kif = (first: string, second: string) =>
      toKif(unwrap(Game.fromSfen(lion))).replace(/\n$/, `\n1手目一歩目 ${first}\n1手目二歩目 ${second}\n`);
    for (const mark of ['(じっと)', '（じっと）', '']) expect(moves(kif('7六獅子 （←7七）', `7七獅子${mark} （←7六）`))).toEqual(['7g6g7g']);
    for (const mark of ['（居食い）', '(居食い)']) expect(moves(kif('6六獅子 （←7七）', `7七獅子${mark} （←6六）`))).toEqual(['7g6f7g']);
  });

  it('shogiops\' 仝 on both lines of a double move that ends where the last move did', () => {
    // White's Pawn takes on 5f; the Black Lion eats the Pawn on 6f, then recaptures on 5f
    const game = gameOf({ ...KINGS, '6g': 'N', '6f': 'p', '5e': 'p', '5f': 'P' }, {}, 'w');
    const pos = shogiopsPosition('chushogi', game.startSfen).unwrap();
    const lines = toKif(game).split('\n').filter((l) => l && !l.startsWith('#'));
    for (const usi of ['5e5f', '6g6f5f']) {
      lines.push(...makeKifMoveOrDrop(pos, shogiopsMove(usi)!)!.split('\n'));
      pos.play(shogiopsMove(usi)!);
    }
    expect(lines.slice(-3)).toEqual(['5六歩兵 （←5五）', '一歩目 仝獅子 （←6七）', '二歩目 仝獅子 （←6六）']);
    expect(moves(lines.join('\n'))).toEqual(['5e5f', '6g6f5f']);
  });

  it('rule options come from our #rules line, and the caller may override them', () => {
    const game = unwrap(Game.fromSfen(START_SFEN, { lionTrading: 'off', moveLimit: 80 }));
    const kif = toKif(game);
    expect(unwrap(parseKif(kif)).options).toEqual({ promotion: 'association', lionTrading: 'off', bareKing: true, moveLimit: 80 });
    expect(unwrap(parseKif(kif, { lionTrading: 'always' })).options.lionTrading).toBe('always');
    expect(unwrap(parseKif('手合割：平手\n')).options).toEqual(DEFAULT_OPTIONS);
  });

  it('header fields, including the handicap-game names 下手 and 上手', () => {
    const r = unwrap(parseKif('開始日時：2024/05/01 12:00:00\n場所：81Dojo\n持ち時間：15分\n下手：Alice\n上手：Bob\n'));
    expect(r.header).toEqual({ start: '2024/05/01 12:00:00', site: '81Dojo', timeControl: '15分', black: 'Alice', white: 'Bob' });
    expect(r.sfen).toBe(START_SFEN);
  });

  it.each([
    ['投了 by the side to move (Black)', '   3手目   投了', { winner: 'white', reason: 'resign' }],
    ['投了 out of turn: まで names the winner', '   3手目   投了\nまで2手で先手の勝ち', { winner: 'black', reason: 'resign' }],
    ['切れ負け', '   3手目   切れ負け', { winner: 'white', reason: 'timeout' }],
    ['持将棋', '   3手目   持将棋', { winner: null, reason: 'agreement' }],
    ['中断', '   3手目   中断', { winner: null, reason: 'abort' }],
    ['no word', 'まで2手で先手の勝ち', undefined],
  ] as const)('outcome: %s', (_, ending, outcome) => {
    const kif = `${toKif(playAll(Game.start(), '7i7h', '7d7e'))}${ending}\n`;
    expect(unwrap(parseKif(kif)).header.outcome).toEqual(outcome);
  });

  it('an outcome the rules decide wins over the word after it', () => {
    const game = playAll(gameOf({ '6f': 'N', '6e': 'k', '1l': 'K', '1a': 'p', '12l': 'P' }), '6f6e');
    expect(game.outcome()).toEqual({ winner: 'black', reason: 'royal-capture' });
    expect(unwrap(parseKif(`${toKif(game)}   2手目   投了\n`)).header.outcome).toEqual(game.outcome());
  });
});

// The base record: line numbers below are its lines.
const BASE = [
  '#rules: promotion=association lion-trading=protected bare-king=on move-limit=none', // 1
  '先手：Alice', // 2
  '後手：Bob', // 3
  '手数----指手---------消費時間--', // 4
  '   1手目   7八歩兵 （←7九）', // 5
  '   2手目   7五歩兵 （←7四）', // 6
  '   3手目一歩目 7九獅子 （←7十）', // 7
  '   3手目二歩目 6八獅子 （←7九）', // 8
  '   4手目   6五歩兵 （←6四）', // 9
];
const edit = (line: number, text: string | null) => BASE.flatMap((l, i) => (i + 1 === line ? (text === null ? [] : [text]) : [l])).join('\n');
const ROWS = toKif(gameOf(KINGS)).split('\n').filter((l) => l.startsWith('|'));
const withDiagram = (rows: string[]) => [' １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １', ...rows, ...BASE.slice(1)].join('\n');

describe('KIF import errors name the line of the first problem', () => {
  it('the base record reads', () => {
    expect(moves(BASE.join('\n'))).toEqual(['7i7h', '7d7e', '7j6h', '6d6e']);
  });

  it.each<[string, string, KifError]>([
    ['nothing at all', '\n\n', { line: 1, code: 'empty' }],
    ['pieces in hand', edit(2, '先手の持駒：歩二'), { line: 2, code: 'pieces-in-hand', text: '先手の持駒：歩二' }],
    ['a standard-shogi handicap', edit(3, '手合割：香落ち'), { line: 3, code: 'foreign-handicap', handicap: '香落ち', variant: 'chu' }],
    ['an unknown rule option', edit(1, '#rules: promotion=fast'), { line: 1, code: 'unknown-rule', token: 'promotion=fast' }],
    ['a broken SFEN line', edit(1, '#sfen: 12/12 b - 1'), { line: 1, code: 'bad-sfen', sfen: '12/12 b - 1' }],
    [
      'an SFEN line the board disagrees with',
      edit(1, '#sfen: 10k1/12/12/12/12/12/12/12/12/12/12/1K10 b - 1'),
      { line: 1, code: 'sfen-disagrees', sfen: '10k1/12/12/12/12/12/12/12/12/12/12/1K10 b', diagram: START_SFEN.split(' ').slice(0, 2).join(' ') },
    ],
    ['a line that is no header', edit(2, 'こんにちは'), { line: 2, code: 'not-a-header', text: 'こんにちは' }],
    ['a 9-rank (standard shogi) diagram', withDiagram(ROWS.slice(3)), { line: 2, code: 'diagram-ranks', ranks: 9, variant: 'chu' }],
    ['a rank of 11 squares', withDiagram(ROWS.map((r, i) => (i === 4 ? r.replace('|  ・', '|') : r))), { line: 6, code: 'rank-length', squares: 11, variant: 'chu', text: expect.any(String) }],
    ['a rank of 13 squares', withDiagram(ROWS.map((r, i) => (i === 4 ? r.replace('|  ・', '|  ・  ・') : r))), { line: 6, code: 'rank-too-long', variant: 'chu', text: expect.any(String) }],
    ['a misnumbered rank', withDiagram(ROWS.map((r, i) => (i === 2 ? r.replace('|三', '|四') : r))), { line: 4, code: 'rank-number', rank: '四', expected: '三' }],
    ['a knight in the diagram', withDiagram(ROWS.map((r, i) => (i === 6 ? r.replace('|  ・', '|  桂') : r))), { line: 8, code: 'unknown-diagram-piece', name: '桂', variant: 'chu', text: expect.any(String) }],
    ['a standard-shogi move', edit(5, '   1 ７六歩(77)'), { line: 5, code: 'not-a-move', variant: 'chu', text: '1 7六歩(77)' }],
    ['a drop', edit(6, '   2 5五歩打'), { line: 6, code: 'drop', variant: 'chu', text: '2 5五歩打' }],
    ['a knight moving', edit(5, '   1手目   7八桂馬 （←7九）'), { line: 5, code: 'unknown-piece', name: '桂馬', variant: 'chu', text: '1手目   7八桂馬 （←7九）' }],
    ['the wrong piece named', edit(5, '   1手目   7八獅子 （←7九）'), { line: 5, code: 'wrong-piece', square: '7i', holds: 'p', name: '獅子', text: '1手目   7八獅子 （←7九）' }],
    ['White\'s mark on Black\'s move', edit(5, '   1手目 △7八歩兵 （←7九）'), { line: 5, code: 'wrong-side', side: 'white', text: '1手目 △7八歩兵 （←7九）' }],
    ['a skipped move number', edit(6, '   3手目   7五歩兵 （←7四）'), { line: 6, code: 'move-number', number: 3, expected: 2, text: '3手目   7五歩兵 （←7四）' }],
    ['一歩目 without 二歩目', edit(8, null), { line: 7, code: 'first-step-alone', text: '3手目一歩目 7九獅子 （←7十）' }],
    ['二歩目 without 一歩目', edit(7, null), { line: 7, code: 'second-step-alone', text: '3手目二歩目 6八獅子 （←7九）' }],
    ['steps that do not join', edit(8, '   3手目二歩目 6八獅子 （←8九）'), { line: 8, code: 'steps-apart', mid: '8i', first: '7i', text: '3手目二歩目 6八獅子 （←8九）' }],
    ['居食い of an empty square', edit(8, '   3手目二歩目 7十獅子（居食い） （←7九）'), { line: 8, code: 'bad-igui', text: '3手目二歩目 7十獅子（居食い） （←7九）' }],
    ['居食い on one line', edit(5, '   1手目   7十獅子（居食い） （←7十）'), { line: 5, code: 'lion-one-line', text: '1手目   7十獅子（居食い） （←7十）' }],
    ['仝 on the first move', edit(5, '   1手目   仝歩兵 （←7九）'), { line: 5, code: 'same-square-first', text: '1手目   仝歩兵 （←7九）' }],
    ['a move after 投了', `${edit(9, '   4手目   投了')}\n   4手目   6五歩兵 （←6四）`, { line: 10, code: 'after-end', end: '投了', text: '4手目   6五歩兵 （←6四）' }],
    ['a Pawn moving two squares', edit(6, '   2手目   7六歩兵 （←7四）'), { line: 6, code: 'illegal-move', reason: 'unreachable', text: '2手目   7六歩兵 （←7四）' }],
    ['a piece that is not there', edit(9, '   4手目   6五歩兵 （←6六）'), { line: 9, code: 'illegal-move', reason: 'no-piece', text: '4手目   6五歩兵 （←6六）' }],
    ['moving the opponent\'s piece', edit(9, '   4手目   6八歩兵 （←6九）'), { line: 9, code: 'illegal-move', reason: 'not-your-piece', text: '4手目   6八歩兵 （←6九）' }],
    [
      'a double move the rules refuse, named by its first line',
      edit(8, '   3手目二歩目 7八獅子 （←7九）'),
      { line: 7, code: 'illegal-move', reason: 'occupied-by-own-piece', text: '3手目一歩目 7九獅子 （←7十）' },
    ],
  ])('%s', (_, text, error) => {
    const r = parseKif(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual(error);
  });

  it('every code is listed for the clients that word them', () => {
    expect(new Set(KIF_ERRORS).size).toBe(KIF_ERRORS.length);
    expect(KIF_ERRORS).toContain('not-a-move');
  });
});
