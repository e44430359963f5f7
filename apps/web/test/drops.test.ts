// Heisei drops on the board (docs/heisei-chu.md §3): the reserve piece held is put down where the rules'
// feed says, with the promotion question into the zone; the stand offers only what may be dropped now;
// typed drops and drops in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { Game, boardFeed, unwrap } from '@chu/rules';
import Board from '../src/lib/board/Board.svelte';
import Stand from '../src/lib/board/Stand.svelte';
import { pieces as piecesOf, reservesOf } from '../src/lib/chu';
import { resolveTyped } from '../src/lib/keyboard/typed';
import { describeMove } from '../src/lib/keyboard/announce';
import { settings } from '../src/lib/settings.svelte';

afterEach(() => {
  settings.lang = 'en';
});

// Black's Lion took the pawn on 11d: 11c and 12c, beside it, are in Black's zone
const LINE = ['7j7h', '1d1e', '7h9f', '1e1f', '9f11d', '2d2e'];
const heisei = (moves = LINE) => unwrap(Game.replay(moves, { variant: 'heisei' }));

function boardHolding(code: string, onDrop = vi.fn()) {
  const game = heisei();
  const feed = boardFeed(game);
  const r = render(Board, {
    pieces: piecesOf(game), variant: 'heisei', movable: 'black', gestures: feed.gestures,
    holding: { color: 'black', code }, drops: feed.drops, dropPromotion: feed.dropPromotion, onDrop, lang: 'en',
  });
  return { ...r, feed, onDrop };
}
const cell = (c: HTMLElement, sq: string) => c.querySelector<HTMLElement>(`[data-square="${sq}"]`)!;

describe('the board with a reserve piece held', () => {
  it('marks exactly the rules’ drop squares and drops on one, unasked outside the zone', async () => {
    const { container, feed, onDrop } = boardHolding('o');
    const marked = [...container.querySelectorAll('.sq.dest.drop')].map((e) => e.getAttribute('data-square')).sort();
    expect(marked).toEqual([...feed.drops.get('o')!].sort());
    expect(marked).toContain('7h');
    expect(cell(container, '7h').getAttribute('aria-label')).toContain('can drop here');
    await fireEvent.click(cell(container, '7h'));
    expect(onDrop).toHaveBeenCalledWith('o', '7h', false);
  });

  it('into the zone it asks: promote (a Lion) or not', async () => {
    const { container, onDrop } = boardHolding('o');
    await fireEvent.click(cell(container, '11c'));
    const dialog = container.querySelector('.promo')!;
    expect(dialog.textContent).toContain('Lion');
    expect(onDrop).not.toHaveBeenCalled();
    await fireEvent.click(dialog.querySelector('[data-promote="true"]')!);
    expect(onDrop).toHaveBeenCalledWith('o', '11c', true);
  });

  it('a square it may not go to lets go of it: nothing is dropped', async () => {
    const { container, onDrop } = boardHolding('l');
    await fireEvent.click(cell(container, '5e')); // beside nothing of Black's
    await tick();
    expect(onDrop).not.toHaveBeenCalled();
    expect(container.querySelector('.sq.dest')).toBeNull();
  });
});

describe('the stand', () => {
  it('shows each kind once with its count, and offers only the kinds that may be dropped now', async () => {
    const game = heisei([...LINE, 'O*11c+']);
    const onPick = vi.fn();
    const { container } = render(Stand, {
      color: 'black', pieces: reservesOf(game)!.black, flipped: false, droppable: new Set(['l']), held: null, where: 'bottom',
      pieceSet: 'kanji1', lang: 'en', onPick,
    });
    const kinds = [...container.querySelectorAll<HTMLButtonElement>('[data-reserve]')];
    expect(kinds.map((k) => `${k.dataset.reserve}${k.dataset.count}`)).toEqual(['l2', 'c2', 's2', 'm2', 'v2', 'a2', 'x1']); // the Kirin was dropped
    expect(kinds.map((k) => k.disabled)).toEqual([false, true, true, true, true, true, true]);
    expect(kinds[0].querySelector('.sr-only')?.textContent).toBe('Lance: 2'); // its name: the kanji are a picture, the count is said once
    await fireEvent.click(kinds[0]);
    expect(onPick).toHaveBeenCalledWith('l', true); // a click with no pointer position (detail 0) reads as the keyboard's
  });
});

describe('drops typed and said', () => {
  it('USI and Hodges drops, in any case; a Lance on the last rank is refused with the rules’ reason', () => {
    const g = heisei();
    expect(resolveTyped(g, 'O*7h')).toEqual({ ok: true, usi: 'O*7h', notation: 'Ky*7h' });
    expect(resolveTyped(g, 'o*11c+')).toMatchObject({ ok: true, usi: 'O*11c+' });
    expect(resolveTyped(g, 'Ky*11c')).toEqual({ ok: false, error: 'ambiguous', options: ['Ky*11c=', 'Ky*11c+'] });
    const corner = heisei([...LINE, 'O*11c+', '2e2f', '11c12b', '3d3e']);
    expect(resolveTyped(corner, 'L*12a')).toEqual({ ok: false, error: 'illegal', reason: 'drop-dead-end' });
    expect(resolveTyped(corner, 'L*5e')).toEqual({ ok: false, error: 'illegal', reason: 'drop-not-adjacent' });
  });

  it('a drop in words, promoting at once, in English and Spanish', () => {
    expect(describeMove(heisei(), 'O*11c+', 'hodges')).toBe('Black: Kirin dropped on 11c, promotes to Lion (Ky*11c+)');
    settings.lang = 'es';
    expect(describeMove(heisei(), 'O*7h', 'hodges')).toBe('Negras: Kirin soltado en 7h (Ky*7h)');
  });
});
