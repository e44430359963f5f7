// The replay's and the analysis board's ⏮ ◀ n / N ▶ ⏭ (issue 16: the first/last glyphs showed as empty
// boxes, missing from the fonts): the first and last buttons draw their icons, and each button steps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import PlyNav from '../src/lib/analysis/PlyNav.svelte';
import { settings } from '../src/lib/settings.svelte';

afterEach(() => {
  settings.lang = 'en';
});

describe('replay navigation', () => {
  it('the first and last buttons are drawn icons with a name, not font glyphs', () => {
    settings.lang = 'en';
    const { container } = render(PlyNav, { ply: 12, total: 40, onStep: () => {} });
    for (const [action, label] of [['first', 'Start'], ['last', 'End']]) {
      const button = container.querySelector(`[data-action="${action}"]`)!;
      expect(button.getAttribute('aria-label')).toBe(label);
      const icons = button.querySelectorAll('svg.icon');
      expect(icons).toHaveLength(1);
      expect(icons[0].getAttribute('aria-hidden')).toBe('true');
      expect(icons[0].querySelectorAll('path, rect').length).toBeGreaterThan(0); // a bar and a triangle
      expect(button.textContent!.trim()).toBe(''); // no ⏮ / ⏭ character left for a font to miss
    }
    expect(container.querySelector('[data-ply]')!.textContent).toBe('12 / 40');
  });

  it('steps to the start, back, forward and to the end; the names are translated', async () => {
    const onStep = vi.fn();
    settings.lang = 'ja';
    const { container } = render(PlyNav, { ply: 12, total: 40, onStep });
    for (const action of ['first', 'prev', 'next', 'last']) await fireEvent.click(container.querySelector(`[data-action="${action}"]`)!);
    expect(onStep.mock.calls.map((c) => c[0])).toEqual([0, 11, 13, 40]);
    expect([...container.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual(['最初', '前', '次', '最後']);
  });
});
