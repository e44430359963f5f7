// Playing without a mouse: the cursor's steps on either side of the board, the board's one tab stop,
// arrows, Enter and Escape (a Lion's second step and the promotion question too), typed moves matched
// against the rules' notation, and moves put into words for the live region.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { Game } from '@chu/rules';
import Board from '../src/lib/board/Board.svelte';
import { fed } from './positions';
import { screenOf, startSquare, stepCursor } from '../src/lib/keyboard/cursor';
import { resolveTyped } from '../src/lib/keyboard/typed';
import { describeMove } from '../src/lib/keyboard/announce';
import { settings } from '../src/lib/settings.svelte';

afterEach(() => {
  settings.lang = 'en';
});

describe('cursor', () => {
  it('arrows follow the screen: up is towards the top for Black and for White', () => {
    expect(stepCursor('7i', 'ArrowUp', 'black')).toBe('7h');
    expect(stepCursor('7i', 'ArrowUp', 'white')).toBe('7j');
    expect(stepCursor('7i', 'ArrowLeft', 'black')).toBe('8i');
    expect(stepCursor('7i', 'ArrowLeft', 'white')).toBe('6i');
    expect(screenOf('12a', 'black')).toEqual({ row: 0, col: 0 });
    expect(screenOf('12a', 'white')).toEqual({ row: 11, col: 11 });
  });

  it('the edge stops it; Home/End and PageUp/PageDown go to the ends of its row and column', () => {
    expect(stepCursor('12a', 'ArrowUp', 'black')).toBe('12a');
    expect(stepCursor('12a', 'ArrowLeft', 'black')).toBe('12a');
    expect(stepCursor('1l', 'ArrowDown', 'black')).toBe('1l');
    expect(stepCursor('7e', 'Home', 'black')).toBe('12e');
    expect(stepCursor('7e', 'End', 'black')).toBe('1e');
    expect(stepCursor('7e', 'PageUp', 'black')).toBe('7a');
    expect(stepCursor('7e', 'PageDown', 'white')).toBe('7a');
  });

  it('starts on the selection, else where the last move landed, else the viewer\'s pawn rank', () => {
    expect(startSquare('3c', ['7i', '7h'], 'black')).toBe('3c');
    expect(startSquare(null, ['6f', '6e', '5d'], 'black')).toBe('5d');
    expect(startSquare(null, [], 'black')).toBe('6i');
    expect(startSquare(null, [], 'white')).toBe('7d');
  });
});

const cell = (c: HTMLElement, s: string) => c.querySelector(`[data-square="${s}"]`) as HTMLElement;
const focused = () => document.activeElement?.getAttribute('data-square') ?? document.activeElement?.getAttribute('data-promote');
async function press(key: string) {
  await fireEvent.keyDown(document.activeElement!, { key });
  await tick();
}

describe('board from the keyboard', () => {
  it('one tab stop; arrows walk, Enter picks and drops', async () => {
    const onMove = vi.fn();
    const { container } = render(Board, { ...fed({ '9i': 'P' }), movable: 'black', onMove, lang: 'en' });
    expect([...container.querySelectorAll('[tabindex="0"]')].map((e) => e.getAttribute('data-square'))).toEqual(['6i']);
    cell(container, '6i').focus();
    for (let i = 0; i < 3; i++) await press('ArrowLeft');
    expect(focused()).toBe('9i');
    expect(cell(container, '9i').getAttribute('aria-label')).toBe('9i, Black Pawn');
    await press('Enter');
    expect(cell(container, '9i').getAttribute('aria-label')).toBe('9i, Black Pawn, selected');
    expect(cell(container, '9i').getAttribute('aria-selected')).toBe('true');
    await press('ArrowUp');
    expect(cell(container, '9h').getAttribute('aria-label')).toBe('9h, empty, can move here');
    await press('Enter');
    expect(onMove).toHaveBeenCalledWith('9i', '9h', undefined, false);
    expect(focused()).toBe('9h');
  });

  it('Escape drops the piece picked up and keeps the focus on the board', async () => {
    const { container } = render(Board, { ...fed({ '9i': 'P' }), movable: 'black', lastMove: ['9j', '9i'] });
    cell(container, '9i').focus();
    await press('Enter');
    expect(container.querySelector('.sq.selected')).not.toBeNull();
    await fireEvent.keyDown(window, { key: 'Escape' });
    await tick();
    expect(container.querySelector('.sq.selected')).toBeNull();
    expect(focused()).toBe('9i');
  });

  it('a Lion\'s igui: first step onto the capture, then back to where it stood', async () => {
    const onMove = vi.fn();
    const { container } = render(Board, {
      ...fed({ '6h': 'N', '6g': 'p' }),
      movable: 'black',
      onMove,
      lang: 'en',
      lastMove: ['6i', '6h'],
    });
    cell(container, '6h').focus();
    await press('Enter');
    await press('ArrowUp');
    expect(cell(container, '6g').getAttribute('aria-label')).toBe('6g, White Pawn, can capture here');
    await press('Enter');
    expect(cell(container, '6g').getAttribute('aria-label')).toContain("Lion's first step");
    await press('ArrowDown');
    expect(cell(container, '6h').getAttribute('aria-label')).toContain('back here');
    await press('Enter');
    expect(onMove).toHaveBeenCalledWith('6h', '6h', '6g', false);
  });

  it('the promotion question takes the focus; Escape cancels it back to the board', async () => {
    const onMove = vi.fn();
    const { container } = render(Board, {
      ...fed({ '7e': 'O' }), // the Kirin leaps into the zone: it may promote, or not
      movable: 'black',
      onMove,
      lastMove: ['7g', '7e'],
    });
    cell(container, '7e').focus();
    await press('Enter');
    await press('ArrowUp');
    await press('ArrowUp');
    await press('Enter');
    await tick();
    expect(focused()).toBe('true'); // "promote" first
    await fireEvent.keyDown(window, { key: 'Escape' });
    await tick();
    expect(container.querySelector('.promo')).toBeNull();
    expect(onMove).not.toHaveBeenCalled();
    expect(focused()).toBe('7c');

    await press('ArrowDown');
    await press('ArrowDown');
    await press('Enter');
    await press('ArrowUp');
    await press('ArrowUp');
    await press('Enter');
    await tick();
    await fireEvent.click(document.activeElement!); // what Enter does on a focused button
    expect(onMove).toHaveBeenCalledWith('7e', '7c', undefined, true);
    expect(focused()).toBe('7c');
  });
});

// e2e's game: a Lion jump, an igui on 6g, the Kirin up to 7e facing the Queen on 7c
const LINE = ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h', '1d1e', '7k7i', '2d2e', '7i7g', '3d3e', '7g7e', '12d12e'];
const at = (n: number) => {
  const g = Game.start();
  for (const m of LINE.slice(0, n)) expect(g.play(m).ok).toBe(true);
  return g;
};

describe('typed moves', () => {
  it('USI goes to the rules as it is, in any spelling; refusals keep the rules\' reason', () => {
    expect(resolveTyped(at(0), '7i7h')).toEqual({ ok: true, usi: '7i7h', notation: 'P-7h' });
    expect(resolveTyped(at(0), ' 7I7H ')).toMatchObject({ ok: true, usi: '7i7h' });
    expect(resolveTyped(at(0), '7i7g')).toEqual({ ok: false, error: 'illegal', reason: 'unreachable' });
  });

  it('Hodges is matched against the notation the rules write for each legal move', () => {
    expect(resolveTyped(at(0), 'P-7h')).toMatchObject({ ok: true, usi: '7i7h' });
    expect(resolveTyped(at(0), 'ln-6h')).toMatchObject({ ok: true, usi: '7j6h' });
    expect(resolveTyped(at(6), 'Lnx!6g')).toMatchObject({ ok: true, usi: '6h6g6h' });
    expect(resolveTyped(at(6), 'Ln!')).toMatchObject({ ok: true, usi: '6h5g6h' });
    expect(resolveTyped(at(0), 'P-7g')).toEqual({ ok: false, error: 'unknown' });
    expect(resolveTyped(at(0), '')).toEqual({ ok: false, error: 'empty' });
  });

  it('a promotion left unsaid is asked when both answers are legal', () => {
    expect(resolveTyped(at(14), 'Kyx7c')).toEqual({ ok: false, error: 'ambiguous', options: ['Kyx7c=', 'Kyx7c+'] });
    expect(resolveTyped(at(14), 'Kyx7c+')).toMatchObject({ ok: true, usi: '7e7c+' });
    expect(resolveTyped(at(14), 'Kyx7c=')).toMatchObject({ ok: true, usi: '7e7c' });
  });
});

describe('moves in words', () => {
  it('a step, an igui and a promoting capture, in Spanish with Hodges', () => {
    settings.lang = 'es';
    expect(describeMove(at(0), '7i7h', 'hodges')).toBe('Negras: Peón de 7i a 7h (P-7h)');
    expect(describeMove(at(6), '6h6g6h', 'hodges')).toBe('Negras: León en 6h captura Peón en 6g sin moverse (Lnx!6g)');
    expect(describeMove(at(14), '7e7c+', 'hodges')).toBe('Negras: Kirin de 7e a 7c, captura Rey libre, promociona a León (Kyx7c+)');
  });

  it('in Japanese with the Japanese notation; a double move names both captures', () => {
    settings.lang = 'ja';
    expect(describeMove(at(1), '6d6e', 'kanji')).toMatch(/^後手：歩兵 6dから6eへ \(.+\)$/);
    settings.lang = 'en';
    const g = Game.fromSfen('6k5/12/12/12/12/6p5/6p5/6N5/12/12/12/5K6 b - 1');
    if (!g.ok) throw new Error(g.error);
    expect(describeMove(g.value, '6h6g6f', 'hodges')).toBe('Black: Lion from 6h through 6g to 6f, captures Pawn and Pawn (Lnx6gx6f)');
  });
});
