import { describe, expect, it } from 'vitest';
import { MoveIndex, lastMoveSquares, makeUsi, parseUsi } from '../src/lib/moves';
import { movementDiagram, pieceLabel, promotedCode } from '../src/lib/pieces';
import { indexOf, squareAt, zoneOf } from '../src/lib/squares';

describe('squares', () => {
  it('index 0 = 12a, 11 = 1a, 143 = 1l', () => {
    expect([squareAt(0), squareAt(11), squareAt(143)]).toEqual(['12a', '1a', '1l']);
    expect([indexOf('12a'), indexOf('1a'), indexOf('1l'), indexOf('7l')]).toEqual([0, 11, 143, 137]);
    expect([zoneOf('5d'), zoneOf('5e'), zoneOf('5i')]).toEqual(['black', undefined, 'white']);
  });
});

describe('usi', () => {
  it.each([
    ['10i10h', { from: '10i', to: '10h', promote: false }],
    ['7c8b+', { from: '7c', to: '8b', promote: true }],
    ['6f6e5d', { from: '6f', mid: '6e', to: '5d', promote: false }],
    ['6f6e6f', { from: '6f', mid: '6e', to: '6f', promote: false }],
  ])('%s round-trips', (usi, m) => {
    expect(parseUsi(usi)).toEqual(m);
    expect(makeUsi(parseUsi(usi)!)).toBe(usi);
  });
  it('refuses junk', () => {
    expect(parseUsi('13a1a')).toBeUndefined();
    expect(parseUsi('1m1a')).toBeUndefined();
  });
});

describe('move index', () => {
  const idx = new MoveIndex(['6f6e', '6f6e5d', '6f6e6f', '6f5e6f', '6f5e', '6f4d', '9e9d', '9e9d+', '8e8a+']);
  it('dests include lion midpoints', () => {
    expect(idx.dests.get('6f')!.sort()).toEqual(['4d', '5e', '6e']);
    expect(idx.secondSteps('6f', '6e')).toEqual(['5d', '6f']);
    expect(idx.secondSteps('6f', '5e')).toEqual(['6f']);
  });
  it('promotion need', () => {
    expect(idx.promotion('9e', '9d')).toBe('optional');
    expect(idx.promotion('8e', '8a')).toBe('forced');
    expect(idx.promotion('6f', '6e')).toBe('none');
    expect(idx.find('8e', '8a', undefined, true)).toBe('8e8a+');
    expect(idx.find('6f', '6f', '6e')).toBe('6f6e6f');
    expect(idx.find('6f', '3c')).toBeUndefined();
  });
  it('last move squares', () => {
    expect(lastMoveSquares('6f6e5d')).toEqual(['6f', '6e', '5d']);
    expect(lastMoveSquares(undefined)).toEqual([]);
  });
});

describe('pieces', () => {
  it('labels, promotions and diagrams', () => {
    expect(pieceLabel('n', 'kanji1')).toBe('獅');
    expect(pieceLabel('+d', 'kanji2')).toBe('飛鷲');
    expect(pieceLabel('k', 'kanji1', 'white')).toBe('王');
    expect(pieceLabel('+h', 'western')).toBe('HF');
    expect(promotedCode('o')).toBe('+o');
    expect(promotedCode('+o')).toBeUndefined();
    const lion = movementDiagram('n');
    expect(lion.flat().filter((m) => m === 'lion' || m === 'lion2')).toHaveLength(24);
    const lance = movementDiagram('l');
    expect(lance.map((row) => row[3])).toEqual(['range', 'range', 'range', 'piece', undefined, undefined, undefined]);
  });
});
