// What apps/web keeps of the pieces and squares: names, labels and drawing. How pieces move is
// the rules' own (packages/rules tests check the diagrams against the move generator).
import { describe, expect, it } from 'vitest';
import { BASE_CODES, CODES } from '@chu/rules';
import { PIECES, movementDiagram, pieceLabel, pieceName, promotedCode } from '../src/lib/pieces';
import { ALL_SQUARES, indexOf, zoneOf } from '../src/lib/squares';

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

describe('pieces', () => {
  it('names every piece and promoted form the rules know, in three languages', () => {
    expect(Object.keys(PIECES).sort()).toEqual([...CODES].sort());
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

  it('a Lance ranges forward only', () => {
    expect(movementDiagram('l').map((row) => row[3])).toEqual(['range', 'range', 'range', 'piece', undefined, undefined, undefined]);
  });

  it('a Soaring Eagle: lion power on the forward diagonals, ranges elsewhere', () => {
    const grid = movementDiagram('+d');
    expect([grid[2][2], grid[1][1], grid[2][4], grid[1][5]]).toEqual(['lion', 'lion2', 'lion', 'lion2']);
    expect([grid[0][3], grid[3][0], grid[6][6], grid[0][0]]).toEqual(['range', 'range', 'range', undefined]);
  });
});
