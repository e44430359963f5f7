import { describe, expect, it, vi } from 'vitest';
import { render, fireEvent } from '@testing-library/svelte';
import { tick } from 'svelte';
import Board from '../src/lib/board/Board.svelte';
import type { Piece } from '../src/lib/board/types';
import { GEOMETRY, indexOf } from '../src/lib/squares';
import { Game, boardFeed, unwrap, type Gesture, type PromotionChoice } from '@chu/rules';
import { pieces as piecesOf } from '../src/lib/chu';
import { screenOf, startSquare, stepCursor } from '../src/lib/keyboard/cursor';
import { fed } from './positions';

function position(entries: Record<string, Piece>): (Piece | undefined)[] {
  const board: (Piece | undefined)[] = Array(144).fill(undefined);
  for (const [sq, p] of Object.entries(entries)) board[indexOf(sq)] = p;
  return board;
}
const B = (code: string): Piece => ({ color: 'black', code });
const W = (code: string): Piece => ({ color: 'white', code });

const sq = (c: HTMLElement, s: string) => c.querySelector(`[data-square="${s}"]`) as HTMLElement;
const marked = (c: HTMLElement, cls: string) =>
  [...c.querySelectorAll(`.sq.${cls}`)].map((e) => e.getAttribute('data-square')).sort();

describe('board', () => {
  it('draws 144 squares with files 12…1 and ranks a…l for Black', () => {
    const { container } = render(Board, { pieces: position({ '7l': B('k') }) });
    expect(container.querySelectorAll('.sq')).toHaveLength(144);
    const squares = [...container.querySelectorAll('.sq')];
    expect(squares[0].getAttribute('data-square')).toBe('12a');
    expect(squares[11].getAttribute('data-square')).toBe('1a');
    expect(squares[143].getAttribute('data-square')).toBe('1l');
    expect(container.querySelector('.files')!.textContent).toBe('121110987654321');
    expect(container.querySelector('.ranks')!.textContent).toBe('abcdefghijkl');
    expect(sq(container, '7l').querySelector('[data-piece="black k"]')).not.toBeNull();
  });

  it('flips for White: 1l top-left, pieces of Black point down', () => {
    const { container } = render(Board, { pieces: position({ '7l': B('k'), '6a': W('k') }), orientation: 'white' });
    const squares = [...container.querySelectorAll('.sq')];
    expect(squares[0].getAttribute('data-square')).toBe('1l');
    expect(squares[143].getAttribute('data-square')).toBe('12a');
    expect(container.querySelector('.files')!.textContent).toBe('123456789101112');
    expect(container.querySelector('.ranks')!.textContent).toBe('lkjihgfedcba');
    expect(sq(container, '7l').querySelector('svg.flipped')).not.toBeNull();
    expect(sq(container, '6a').querySelector('svg.flipped')).toBeNull();
  });

  it('shows the destinations it is fed and plays a click-click move', async () => {
    const onMove = vi.fn();
    const { pieces, gestures } = fed({ '9i': 'P', '9d': 'p' });
    const { container } = render(Board, { pieces, movable: 'black', gestures, onMove });
    await fireEvent.click(sq(container, '9d')); // not movable
    expect(marked(container, 'dest')).toEqual([]);
    await fireEvent.click(sq(container, '9i'));
    expect(marked(container, 'selected')).toEqual(['9i']);
    expect(marked(container, 'dest')).toEqual(['9h']);
    await fireEvent.click(sq(container, '9h'));
    expect(onMove).toHaveBeenCalledWith('9i', '9h', undefined, false);
    expect(marked(container, 'dest')).toEqual([]);
  });

  it('hides destinations when the setting is off but still moves', async () => {
    const onMove = vi.fn();
    const { container } = render(Board, { ...fed({ '9i': 'P' }), showDests: false, onMove });
    await fireEvent.click(sq(container, '9i'));
    expect(marked(container, 'dest')).toEqual([]);
    await fireEvent.click(sq(container, '9h'));
    expect(onMove).toHaveBeenCalledWith('9i', '9h', undefined, false);
  });

  it('ignores clicks on squares that are not destinations', async () => {
    const onMove = vi.fn();
    const { container } = render(Board, { ...fed({ '9i': 'P' }), onMove });
    await fireEvent.click(sq(container, '9i'));
    await fireEvent.click(sq(container, '9g'));
    expect(onMove).not.toHaveBeenCalled();
    expect(marked(container, 'selected')).toEqual([]);
  });

  describe('lion double move', () => {
    // Black lion on 6f, white pawns on 6e and 5d: what each click does is the rules' feed
    const position = fed({ '6f': 'N', '6e': 'p', '5d': 'p' });
    const props = (onMove: (...a: unknown[]) => void) => ({ pieces: position.pieces, gestures: position.gestures, onMove });

    it('marks the midpoint and shows second steps, then plays from-mid-to', async () => {
      const onMove = vi.fn();
      const { container } = render(Board, props(onMove));
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '6e'));
      expect(onMove).not.toHaveBeenCalled();
      expect(marked(container, 'mid')).toEqual(['6e']);
      expect(marked(container, 'second')).toEqual(['5d', '5e', '5f', '6d', '6e', '6f', '7d', '7e', '7f']); // on, stop, or igui
      await fireEvent.click(sq(container, '5d'));
      expect(onMove).toHaveBeenCalledWith('6f', '5d', '6e', false);
    });

    it('clicking the origin again finishes an igui', async () => {
      const onMove = vi.fn();
      const { container } = render(Board, props(onMove));
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '6e'));
      await fireEvent.click(sq(container, '6f'));
      expect(onMove).toHaveBeenCalledWith('6f', '6f', '6e', false);
    });

    it('clicking the midpoint again stops there', async () => {
      const onMove = vi.fn();
      const { container } = render(Board, props(onMove));
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '6e'));
      await fireEvent.click(sq(container, '6e'));
      expect(onMove).toHaveBeenCalledWith('6f', '6e', undefined, false);
    });

    it('a step to an empty square needs no second click; the pass has its own button', async () => {
      const onMove = vi.fn();
      const { container } = render(Board, props(onMove));
      await fireEvent.click(sq(container, '6f'));
      const through = position.gestures('6f').pass!.mid!;
      expect(container.querySelector('button.pass')!.getAttribute('data-pass')).toBe(through);
      await fireEvent.click(sq(container, '5e'));
      expect(onMove).toHaveBeenLastCalledWith('6f', '5e', undefined, false);
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(container.querySelector('button.pass')!);
      expect(onMove).toHaveBeenLastCalledWith('6f', '6f', through, false);
    });

    it('a jump needs no second step', async () => {
      const onMove = vi.fn();
      const { container } = render(Board, props(onMove));
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '4d'));
      expect(onMove).toHaveBeenCalledWith('6f', '4d', undefined, false);
    });

    it('Esc and a click elsewhere cancel', async () => {
      const onMove = vi.fn();
      const { container } = render(Board, props(onMove));
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '6e'));
      await fireEvent.keyDown(window, { key: 'Escape' });
      expect(marked(container, 'mid')).toEqual([]);
      expect(marked(container, 'selected')).toEqual([]);
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '6e'));
      await fireEvent.click(sq(container, '1a'));
      expect(marked(container, 'mid')).toEqual([]);
      await fireEvent.click(sq(container, '6f'));
      await fireEvent.click(sq(container, '6e'));
      await fireEvent.click(document.body);
      expect(marked(container, 'mid')).toEqual([]);
      expect(onMove).not.toHaveBeenCalled();
    });
  });

  describe('promotion', () => {
    // the Pawn on 9e takes the Gold on 9d, in Black's zone: both answers are legal
    const { pieces, gestures } = fed({ '9e': 'P', '8e': 'R', '9d': 'g' });

    it('asks when both are legal, showing both faces', async () => {
      const onMove = vi.fn();
      const { container, getByRole } = render(Board, { pieces, gestures, onMove });
      await fireEvent.click(sq(container, '9e'));
      await fireEvent.click(sq(container, '9d'));
      expect(onMove).not.toHaveBeenCalled();
      const dialog = getByRole('dialog');
      expect(dialog.querySelectorAll('svg')).toHaveLength(2);
      expect(dialog.textContent).toContain('Gold General');
      expect(dialog.textContent).toContain('Pawn');
      await fireEvent.click(dialog.querySelector('[data-promote="true"]')!);
      expect(onMove).toHaveBeenCalledWith('9e', '9d', undefined, true);
    });

    it('declining sends promote=false', async () => {
      const onMove = vi.fn();
      const { container, getByRole } = render(Board, { pieces, gestures, onMove });
      await fireEvent.click(sq(container, '9e'));
      await fireEvent.click(sq(container, '9d'));
      await fireEvent.click(getByRole('dialog').querySelector('[data-promote="false"]')!);
      expect(onMove).toHaveBeenCalledWith('9e', '9d', undefined, false);
    });

    it('does not ask when only one is legal', async () => {
      const onMove = vi.fn();
      // the board is rules-agnostic: fed a forced promotion, it promotes without asking
      const move = (to: string, promotion: PromotionChoice): Gesture => ({ from: '8e', to, promotion });
      const forced = { first: new Map([['8a', move('8a', 'forced')], ['8f', move('8f', 'none')]]), second: () => new Map() };
      const { container, queryByRole } = render(Board, { pieces, gestures: (from: string) => (from === '8e' ? forced : gestures(from)), onMove });
      await fireEvent.click(sq(container, '8e'));
      await fireEvent.click(sq(container, '8a'));
      expect(queryByRole('dialog')).toBeNull();
      expect(onMove).toHaveBeenLastCalledWith('8e', '8a', undefined, true);
      await fireEvent.click(sq(container, '8e'));
      await fireEvent.click(sq(container, '8f'));
      expect(onMove).toHaveBeenLastCalledWith('8e', '8f', undefined, false);
    });
  });

  it('hovering a piece shows its movement diagram; Esc hides it', async () => {
    vi.useFakeTimers();
    try {
      const { container } = render(Board, { pieces: position({ '7j': B('n') }), pieceSet: 'mnemonic' });
      // a board drawn under a still pointer gets an enter and a move at the same place: no diagram
      await fireEvent.pointerEnter(sq(container, '7j'));
      await fireEvent.pointerMove(sq(container, '7j'), { clientX: 100, clientY: 100, pointerType: 'mouse' });
      vi.advanceTimersByTime(800);
      await Promise.resolve();
      expect(container.querySelector('[data-inspect]')).toBeNull();
      // the pointer really moves over the piece, then rests
      await fireEvent.pointerMove(sq(container, '7j'), { clientX: 104, clientY: 101, pointerType: 'mouse' });
      vi.advanceTimersByTime(800);
      await Promise.resolve();
      await vi.waitFor(() => expect(container.querySelector('[data-inspect="n"]')).not.toBeNull());
      expect(container.querySelector('[data-inspect="n"]')!.textContent).toContain('Lion');
      expect(container.querySelectorAll('[data-diagram="n"] .lion, [data-diagram="n"] .lion2')).toHaveLength(24);
      // beside its name, the piece's face in the player's set
      expect(container.querySelector('[data-inspect="n"] svg.tile[data-set="mnemonic"] [data-face="n"]')).not.toBeNull();
      await fireEvent.keyDown(window, { key: 'Escape' });
      expect(container.querySelector('[data-inspect]')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('the movement pop-up stays out of the way (rough edge #1)', () => {
    // the pointer really moves onto a square, then rests there (see the hover test above)
    const rest = async (c: HTMLElement, s: string) => {
      await fireEvent.pointerMove(sq(c, s), { clientX: 100, clientY: 100, pointerType: 'mouse' });
      await fireEvent.pointerMove(sq(c, s), { clientX: 103, clientY: 101, pointerType: 'mouse' });
    };
    const settle = async () => {
      vi.advanceTimersByTime(800);
      await Promise.resolve();
      await tick();
    };

    it('a move made by clicking where the pointer rests does not open the moved piece’s diagram', async () => {
      vi.useFakeTimers();
      try {
        const before = fed({ '9i': 'P' });
        const onMove = vi.fn();
        const { container, rerender } = render(Board, { ...before, movable: 'black', onMove });
        await fireEvent.click(sq(container, '9i'));
        await rest(container, '9h');
        await fireEvent.click(sq(container, '9h'));
        expect(onMove).toHaveBeenCalledWith('9i', '9h', undefined, false);
        await rerender({ ...fed({ '9h': 'P' }), lastMove: ['9i', '9h'] }); // the game moves on under a still pointer
        await settle();
        expect(container.querySelector('[data-inspect]')).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });

    it('does not open over the promotion question', async () => {
      vi.useFakeTimers();
      try {
        const { container, getByRole } = render(Board, { ...fed({ '7e': 'O' }), movable: 'black' });
        await fireEvent.click(sq(container, '7e'));
        await fireEvent.click(sq(container, '7c'));
        expect(getByRole('dialog')).not.toBeNull();
        await rest(container, '7e'); // the Kirin, still on its square while the question is asked
        await settle();
        expect(container.querySelector('[data-inspect]')).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('marks the last move and the promotion zones', () => {
    const { container } = render(Board, { pieces: position({ '9h': B('p') }), lastMove: ['9i', '9h'] });
    expect(marked(container, 'last')).toEqual(['9h', '9i']);
    expect(container.querySelectorAll('.sq.zone-b')).toHaveLength(48);
    expect(container.querySelectorAll('.sq.zone-w')).toHaveLength(48);
  });

  it('draws promoted pieces in red and uses the chosen piece set', () => {
    const { container } = render(Board, {
      pieces: position({ '5e': B('+o'), '6f': B('n') }),
      pieceSet: 'kanji2',
    });
    const promoted = sq(container, '5e').querySelector('svg')!;
    expect(promoted.classList.contains('promoted')).toBe(true);
    expect(promoted.textContent).toBe('獅子');
    expect(sq(container, '6f').querySelector('svg')!.classList.contains('promoted')).toBe(false);
  });
});

describe('dai board (15×15, dai-shogi.md §1)', () => {
  const geo = GEOMETRY.dai;
  function daiPosition(entries: Record<string, Piece>): (Piece | undefined)[] {
    const board: (Piece | undefined)[] = Array(225).fill(undefined);
    for (const [s, p] of Object.entries(entries)) board[geo.indexOf(s)] = p;
    return board;
  }

  it('draws 225 squares with files 15…1 and ranks a…o for Black, 1o top-left for White', () => {
    const pieces = daiPosition({ '8o': B('k'), '8a': W('k'), '14n': B("n'") });
    const { container } = render(Board, { pieces, variant: 'dai' });
    const squares = [...container.querySelectorAll('.sq')].map((e) => e.getAttribute('data-square'));
    expect(squares).toHaveLength(225);
    expect([squares[0], squares[14], squares[210], squares[224]]).toEqual(['15a', '1a', '15o', '1o']);
    expect(container.querySelector('.files')!.textContent).toBe('151413121110987654321');
    expect(container.querySelector('.ranks')!.textContent).toBe('abcdefghijklmno');
    expect(container.querySelector('.board-wrap')!.getAttribute('data-variant')).toBe('dai');
    expect(sq(container, '14n').querySelector('[data-piece="black n\'"] svg')!.textContent).toBe('桂');
    const flipped = render(Board, { pieces, variant: 'dai', orientation: 'white' }).container;
    expect(flipped.querySelectorAll('.sq')[0].getAttribute('data-square')).toBe('1o');
    expect(flipped.querySelector('.ranks')!.textContent).toBe('onmlkjihgfedcba');
    expect(sq(flipped, '8o').querySelector('svg.flipped')).not.toBeNull();
  });

  it('knows its size from the position when no variant is given', () => {
    const { container } = render(Board, { pieces: daiPosition({ '1o': B('l') }) });
    expect(container.querySelectorAll('.sq')).toHaveLength(225);
    expect(sq(container, '1o').querySelector('[data-piece="black l"]')).not.toBeNull();
  });

  it('shades five ranks of promotion zone a side, marks the last move and four dots', () => {
    const { container } = render(Board, { pieces: daiPosition({}), variant: 'dai', lastMove: ['8m', '8l', '8k'] });
    expect(container.querySelectorAll('.sq.zone-b')).toHaveLength(75);
    expect(container.querySelectorAll('.sq.zone-w')).toHaveLength(75);
    expect(marked(container, 'zone-b').every((s) => 'abcde'.includes(s!.slice(-1)))).toBe(true);
    expect(marked(container, 'last')).toEqual(['8k', '8l', '8m']);
    expect(container.querySelectorAll('.dot')).toHaveLength(4);
  });

  it('plays the rules’ moves from the start: a Knight leaps two ranks forward, one file aside', async () => {
    const start = Game.start({ variant: 'dai' });
    const feed = boardFeed(start);
    const onMove = vi.fn();
    const { container } = render(Board, { pieces: piecesOf(start), variant: 'dai', movable: 'black', gestures: feed.gestures, onMove });
    expect(sq(container, '14o').querySelector('[data-piece="black n\'"]')).not.toBeNull();
    await fireEvent.click(sq(container, '14o'));
    expect(marked(container, 'dest')).toEqual(['13m', '15m']);
    await fireEvent.click(sq(container, '15m'));
    expect(onMove).toHaveBeenCalledWith('14o', '15m', undefined, false);
    expect(feed.find('14o', '15m')).toBe('14o15m');
  });

  it('a Lion next to the edge of the 15×15 board: midpoint, second steps, igui from the rules’ feed', async () => {
    const game = unwrap(Game.fromSfen('14k/15/15/15/15/15/15/15/15/15/15/15/p14/N14/K14 b - 1', { variant: 'dai' }));
    const feed = boardFeed(game);
    const onMove = vi.fn();
    const { container } = render(Board, { pieces: piecesOf(game), variant: 'dai', movable: 'black', gestures: feed.gestures, onMove });
    await fireEvent.click(sq(container, '15n'));
    await fireEvent.click(sq(container, '15m')); // the pawn: a capture, then on or back
    expect(marked(container, 'mid')).toEqual(['15m']);
    expect(marked(container, 'second')).toEqual([...feed.secondSteps('15n', '15m'), '15m'].sort());
    await fireEvent.click(sq(container, '15n'));
    expect(onMove).toHaveBeenCalledWith('15n', '15n', '15m', false);
    expect(feed.find('15n', '15n', '15m')).toBe('15n15m15n');
  });

  it('asks about promotion on entering the five-rank zone (rank e), with the Gold General’s face', async () => {
    const game = unwrap(Game.fromSfen("k14/15/15/15/15/7I'7/15/15/15/15/15/15/15/15/14K b - 1", { variant: 'dai' }));
    const feed = boardFeed(game);
    const onMove = vi.fn();
    const { container, getByRole } = render(Board, { pieces: piecesOf(game), variant: 'dai', movable: 'black', gestures: feed.gestures, onMove });
    await fireEvent.click(sq(container, '8f'));
    await fireEvent.click(sq(container, '8e'));
    const dialog = getByRole('dialog');
    expect(dialog.textContent).toContain('Gold General');
    expect(dialog.textContent).toContain('Iron General');
    expect(dialog.querySelector('[data-promote="true"] svg')!.textContent).toBe('成鉄');
    await fireEvent.click(dialog.querySelector('[data-promote="true"]')!);
    expect(onMove).toHaveBeenCalledWith('8f', '8e', undefined, true);
    expect(feed.find('8f', '8e', undefined, true)).toBe('8f8e+');
  });

  it('the keyboard cursor walks 15 files and ranks; it starts on the viewer’s pawn rank', () => {
    expect(stepCursor('1o', 'ArrowDown', 'black', geo)).toBe('1o');
    expect(stepCursor('8h', 'Home', 'black', geo)).toBe('15h');
    expect(stepCursor('8h', 'PageDown', 'black', geo)).toBe('8o');
    expect(stepCursor('8h', 'PageDown', 'white', geo)).toBe('8a');
    expect(screenOf('1o', 'white', geo)).toEqual({ row: 0, col: 0 });
    expect([startSquare(null, [], 'black', geo), startSquare(null, [], 'white', geo)]).toEqual(['8k', '8e']);
    expect([startSquare(null, [], 'black'), startSquare(null, [], 'white')]).toEqual(['6i', '7d']); // chu unchanged
  });
});
