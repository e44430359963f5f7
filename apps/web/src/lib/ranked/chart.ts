// Scales a rating history into SVG coordinates (no chart library): x by game index, y by rating,
// higher ratings up. The rating axis covers at least 100 points and is rounded to 50s.
export interface HistoryPoint {
  at: string;
  rating: number;
  rd: number;
}
export interface ChartLayout {
  width: number;
  height: number;
  pad: { left: number; right: number; top: number; bottom: number };
}
export interface ChartPoint extends HistoryPoint {
  x: number;
  y: number;
}
export interface Chart {
  points: ChartPoint[];
  path: string; // "M x y L x y …" ('' when there is no history)
  yMin: number;
  yMax: number;
  ticks: { value: number; y: number }[];
}

export const DEFAULT_LAYOUT: ChartLayout = {
  width: 600,
  height: 220,
  pad: { left: 44, right: 12, top: 10, bottom: 18 },
};

const round1 = (n: number) => Math.round(n * 10) / 10;

export function scaleHistory(history: readonly HistoryPoint[], layout: ChartLayout = DEFAULT_LAYOUT): Chart {
  const { width, height, pad } = layout;
  if (history.length === 0) return { points: [], path: '', yMin: 1450, yMax: 1550, ticks: [] };
  const ratings = history.map((h) => h.rating);
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < 100) {
    const mid = (hi + lo) / 2;
    lo = mid - 50;
    hi = mid + 50;
  }
  const yMin = Math.floor(lo / 50) * 50;
  const yMax = Math.ceil(hi / 50) * 50;
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const n = history.length;
  const xOf = (i: number) => pad.left + (n === 1 ? innerW / 2 : (i * innerW) / (n - 1));
  const yOf = (r: number) => pad.top + ((yMax - r) * innerH) / (yMax - yMin);
  const points = history.map((h, i) => ({ ...h, x: round1(xOf(i)), y: round1(yOf(h.rating)) }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const step = yMax - yMin <= 200 ? 50 : yMax - yMin <= 500 ? 100 : 200;
  const ticks: Chart['ticks'] = [];
  for (let v = Math.ceil(yMin / step) * step; v <= yMax; v += step) ticks.push({ value: v, y: round1(yOf(v)) });
  return { points, path, yMin, yMax, ticks };
}
