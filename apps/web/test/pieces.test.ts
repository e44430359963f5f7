// What apps/web keeps of the pieces and squares: names, labels and drawing. How pieces move is
// the rules' own (packages/rules tests check the diagrams against the move generator).
import { describe, expect, it } from 'vitest';
import { BASE_CODES, VARIANT_INFO, kanjiPiece } from '@chu/rules';
import { DAI_CODES, PIECES, movementDiagram, pieceLabel, pieceName, pieceScale, promotedCode } from '../src/lib/pieces';
import { ALL_SQUARES, GEOMETRY, indexOf, zoneOf } from '../src/lib/squares';

describe('squares', () => {
  it('index 0 = 12a, 11 = 1a, 143 = 1l', () => {
    expect([ALL_SQUARES[0], ALL_SQUARES[11], ALL_SQUARES[143]]).toEqual(['12a', '1a', '1l']);
    expect([indexOf('12a'), indexOf('1a'), indexOf('1l'), indexOf('7l'), indexOf('13a')]).toEqual([0, 11, 143, 137, -1]);
  });

  it.each([
    ['5d', 'black'], // Black's zone: ranks a–d
    ['5e', undefined],
    ['5h', undefined],
    ['5i', 'white'], // White's: ranks i–l
  ] as const)('%s is shaded as %s’s zone', (sq, owner) => {
    expect(zoneOf(sq)).toBe(owner);
  });
});

describe('squares of dai (dai-shogi.md §1, §3)', () => {
  const dai = GEOMETRY.dai;
  it('225 squares: 0 = 15a, 14 = 1a, 224 = 1o; files 15…1, ranks a…o', () => {
    expect([dai.squares.length, dai.squares[0], dai.squares[14], dai.squares[224]]).toEqual([225, '15a', '1a', '1o']);
    expect([dai.indexOf('15a'), dai.indexOf('1a'), dai.indexOf('8o'), dai.indexOf('16a'), dai.indexOf('1p')]).toEqual([0, 14, 217, -1, -1]);
    expect(dai.files.join(' ')).toBe('15 14 13 12 11 10 9 8 7 6 5 4 3 2 1');
    expect(dai.ranks.join('')).toBe('abcdefghijklmno');
  });

  it.each([
    ['8e', 'black'], // Black's zone: ranks a–e
    ['8f', undefined],
    ['8j', undefined],
    ['8k', 'white'], // White's: ranks k–o
  ] as const)('%s is shaded as %s’s zone', (sq, owner) => {
    expect(dai.zoneOf(sq)).toBe(owner);
  });

  it('dots where the zones begin: after rank e and before rank k, files 10 and 5', () => {
    expect(dai.stars).toEqual([[5, 5], [5, 10], [10, 5], [10, 10]]);
    expect(GEOMETRY.chu.stars).toEqual([[4, 4], [4, 8], [8, 4], [8, 8]]);
  });
});

describe('pieces', () => {
  it('names every piece and promoted form the rules know, dai’s included, in three languages', () => {
    expect(Object.keys(PIECES).sort()).toEqual([...VARIANT_INFO.dai.codes].sort());
    for (const p of Object.values(PIECES)) expect([p.en, p.es, p.ja, p.kanji1, p.kanji2, p.western].every(Boolean)).toBe(true);
    expect(BASE_CODES).toHaveLength(21);
    expect([pieceName('+d', 'en'), pieceName('+d', 'es'), pieceName('+d', 'ja')]).toEqual(['Soaring Eagle', 'Águila voladora', '飛鷲']);
  });

  it.each([
    ['n', 'kanji1', 'black', '獅'],
    ['+d', 'kanji2', 'black', '飛鷲'],
    ['k', 'kanji1', 'white', '王'],
    ['k', 'kanji1', 'black', '玉'],
    ['k', 'kanji2', 'white', '王将'],
    ['+h', 'western', 'black', 'HF'],
  ] as const)('%s in %s for %s: %s', (code, set, color, label) => {
    expect(pieceLabel(code, set, color)).toBe(label);
  });

  it.each([
    // dai-shogi.md §1.1: seed 001's names and kanji; Hodges letters; promoted as shogi writes 成桂
    ["i'", 'Iron General', 'General de hierro', '鉄', '鉄将', 'I'],
    ["s'", 'Stone General', 'General de piedra', '石', '石将', 'St'],
    ["n'", 'Knight', 'Caballero', '桂', '桂馬', 'N'],
    ["a'", 'Angry Boar', 'Jabalí enojado', '嗔', '嗔猪', 'AB'],
    ["c'", 'Cat Sword', 'Espada de gato', '猫', '猫刄', 'CS'],
    ["e'", 'Evil Wolf', 'Lobo malvado', '狼', '悪狼', 'EW'],
    ["v'", 'Violent Ox', 'Buey violento', '猛', '猛牛', 'VO'],
    ["f'", 'Flying Dragon', 'Dragón volador', '飛龍', '飛龍', 'FD'],
  ])('dai %s: %s, %s, %s / %s, %s', (code, en, es, k1, k2, western) => {
    expect([pieceName(code, 'en'), pieceName(code, 'es'), pieceName(code, 'ja')]).toEqual([en, es, k2]);
    expect([pieceLabel(code, 'kanji1'), pieceLabel(code, 'kanji2'), pieceLabel(code, 'western')]).toEqual([k1, k2, western]);
    const up = promotedCode(code)!;
    expect(up).toBe(`+${code}`);
    expect([pieceName(up, 'en'), pieceName(up, 'es'), pieceName(up, 'ja')]).toEqual(['Gold General', 'General de oro', '金将']);
    expect(pieceLabel(up, 'kanji1')).toBe(kanjiPiece(up, false)); // 成鉄 … 成飛龍, the rules' own
    expect(pieceLabel(up, 'western')).toBe(`+${western}`);
  });

  it('dai pieces are drawn smaller than the chu pieces they stand beside, chu sizes unchanged', () => {
    expect(DAI_CODES).toHaveLength(8);
    expect(pieceScale('k')).toBe(1);
    expect(pieceScale('p')).toBeCloseTo(1 - (20 / 21) * 0.14);
    expect(pieceScale("n'")).toBeLessThan(pieceScale('g'));
    expect(pieceScale("v'")).toBeGreaterThan(pieceScale("s'"));
  });

  it('promotions come from the rules', () => {
    expect([promotedCode('o'), promotedCode('+o'), promotedCode('k')]).toEqual(['+o', undefined, undefined]);
  });
});

describe('movement diagram (7×7, forward up)', () => {
  it('the Lion: 8 lion steps around it, 16 squares two away', () => {
    const marks = movementDiagram('n').flat();
    expect(marks.filter((m) => m === 'lion')).toHaveLength(8);
    expect(marks.filter((m) => m === 'lion2')).toHaveLength(16);
  });

  it("dai's Knight leaps two forward, one aside, over anything", () => {
    const grid = movementDiagram("n'");
    const marked = grid.flatMap((row, r) => row.map((m, c) => (m && m !== 'piece' ? `${r},${c}:${m}` : ''))).filter(Boolean);
    expect(marked).toEqual(['1,2:jump', '1,4:jump']);
  });

  it("dai's Violent Ox and Flying Dragon: one or two squares along their lines, no further", () => {
    const ox = movementDiagram("v'");
    expect(ox.map((row) => row[3])).toEqual([undefined, 'range', 'range', 'piece', 'range', 'range', undefined]);
    expect(ox[3]).toEqual([undefined, 'range', 'range', 'piece', 'range', 'range', undefined]);
    const dragon = movementDiagram("f'");
    expect([dragon[2][2], dragon[1][1], dragon[0][0], dragon[5][5], dragon[2][3]]).toEqual(['range', 'range', undefined, 'range', undefined]);
  });

  it('a Lance ranges forward only', () => {
    expect(movementDiagram('l').map((row) => row[3])).toEqual(['range', 'range', 'range', 'piece', undefined, undefined, undefined]);
  });

  it('a Soaring Eagle: lion power on the forward diagonals, ranges elsewhere', () => {
    const grid = movementDiagram('+d');
    expect([grid[2][2], grid[1][1], grid[2][4], grid[1][5]]).toEqual(['lion', 'lion2', 'lion', 'lion2']);
    expect([grid[0][3], grid[3][0], grid[6][6], grid[0][0]]).toEqual(['range', 'range', 'range', undefined]);
  });
});
