// The rating chart: SVG coordinates from the history, and the empty case.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import RatingChart from '../src/lib/ranked/RatingChart.svelte';
import { scaleHistory, DEFAULT_LAYOUT, type ChartLayout } from '../src/lib/ranked/chart';

const layout: ChartLayout = { width: 300, height: 120, pad: { left: 40, right: 10, top: 10, bottom: 10 } };
const h = (rating: number, day = 1) => ({ at: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`, rating, rd: 100 });

describe('scaleHistory', () => {
  it('spreads games evenly left to right and puts higher ratings higher', () => {
    const c = scaleHistory([h(1500, 1), h(1600, 2), h(1400, 3)], layout);
    expect(c.yMin).toBe(1400);
    expect(c.yMax).toBe(1600);
    expect(c.points.map((p) => p.x)).toEqual([40, 165, 290]); // left pad … width − right pad
    // 1600 at the top of the plot, 1400 at the bottom, 1500 half-way
    expect(c.points.map((p) => p.y)).toEqual([60, 10, 110]);
    expect(c.path).toBe('M40 60 L165 10 L290 110');
    expect(c.ticks.map((t) => t.value)).toEqual([1400, 1450, 1500, 1550, 1600]);
    expect(c.ticks[0].y).toBe(110);
  });

  it('keeps at least 100 rating points on the axis, rounded to 50s', () => {
    const c = scaleHistory([h(1503), h(1510)], layout);
    expect(c.yMin).toBe(1450);
    expect(c.yMax).toBe(1600);
    for (const p of c.points) {
      expect(p.y).toBeGreaterThanOrEqual(layout.pad.top);
      expect(p.y).toBeLessThanOrEqual(layout.height - layout.pad.bottom);
    }
  });

  it('a single game sits in the middle', () => {
    const c = scaleHistory([h(1500)], layout);
    expect(c.points).toHaveLength(1);
    expect(c.points[0].x).toBe(165);
    expect(c.points[0].y).toBe(60);
    expect(c.path).toBe('M165 60');
  });

  it('an empty history has no points and no path', () => {
    const c = scaleHistory([], DEFAULT_LAYOUT);
    expect(c.points).toEqual([]);
    expect(c.path).toBe('');
  });
});

describe('RatingChart', () => {
  it('draws one dot per rated game and the line through them', () => {
    const { container } = render(RatingChart, { history: [h(1500, 1), h(1540.4, 2), h(1520, 3)] });
    const svg = container.querySelector('svg[data-chart="rating"]')!;
    expect(svg).not.toBeNull();
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${DEFAULT_LAYOUT.width} ${DEFAULT_LAYOUT.height}`);
    const dots = [...svg.querySelectorAll('circle.dot')];
    expect(dots.map((d) => d.getAttribute('data-rating'))).toEqual(['1500', '1540', '1520']);
    expect(svg.querySelector('path.line')!.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ L[\d.]+ [\d.]+ L[\d.]+ [\d.]+$/);
    expect(svg.querySelectorAll('text.tick').length).toBeGreaterThan(1);
  });

  it('shows a message instead of an empty chart', () => {
    const { container } = render(RatingChart, { history: [] });
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('[data-chart="empty"]')!.textContent).toBe('No rated games yet.');
  });
});
