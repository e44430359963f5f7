// How a clock reads: days and hours for correspondence, hours when there are any, tenths in the last
// ten seconds (a player in time trouble counts them), whole seconds otherwise, always rounded down so
// a clock never shows time that is gone.

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

/** "2d 23h", "1:02:05", "4:59", "0:42", "0:09.7", "0:00.0". */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= DAY_MS) return `${Math.floor(left / DAY_MS)}d ${Math.floor((left % DAY_MS) / 3_600_000)}h`;
  if (left < 10_000) return `0:${(Math.floor(left / 100) / 10).toFixed(1).padStart(4, '0')}`;
  const s = Math.floor(left / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** The byoyomi periods left after a clock's time, and their length: "2×30s". */
export const formatPeriods = (periods: number, byoyomiMs: number): string =>
  `${periods}×${Number((byoyomiMs / 1000).toFixed(1))}s`;

