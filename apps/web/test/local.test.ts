// The analysis board wires the rules library to the board: legal destinations, moves, notation.
import { describe, expect, it } from 'vitest';
import { render, fireEvent } from '@testing-library/svelte';
import Local from '../src/screens/Local.svelte';

const sq = (c: HTMLElement, s: string) => c.querySelector(`[data-square="${s}"]`) as HTMLElement;
const dests = (c: HTMLElement) => [...c.querySelectorAll('.sq.dest')].map((e) => e.getAttribute('data-square')).sort();

describe('analysis board', () => {
  it('plays the lion igui line from the start position with the rules library', async () => {
    const { container } = render(Local);
    await fireEvent.click(sq(container, '7i'));
    expect(dests(container)).toEqual(['7h']);
    await fireEvent.click(sq(container, '7h'));
    // White to move: Black's pieces no longer react
    await fireEvent.click(sq(container, '8i'));
    expect(dests(container)).toEqual([]);
    for (const [from, to] of [['6d', '6e'], ['7j', '6h'], ['6e', '6f'], ['1i', '1h'], ['6f', '6g']]) {
      await fireEvent.click(sq(container, from));
      await fireEvent.click(sq(container, to));
    }
    await fireEvent.click(sq(container, '6h'));
    await fireEvent.click(sq(container, '6g'));
    expect(container.querySelector('.sq.mid')?.getAttribute('data-square')).toBe('6g');
    await fireEvent.click(sq(container, '6h'));
    expect(sq(container, '6g').querySelector('[data-piece]')).toBeNull();
    expect(sq(container, '6h').querySelector('[data-piece="black n"]')).not.toBeNull();
    const moves = [...container.querySelectorAll('.movelist .mv')].map((e) => e.textContent);
    expect(moves).toHaveLength(7);
    expect(moves[0]).toBe('P-7h');
    expect(moves[6]).toBe('Lnx!6g');
  });
});
