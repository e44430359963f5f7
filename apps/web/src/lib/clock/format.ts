// How a clock reads: hours when there are any, tenths in the last ten seconds (a player in time trouble
// counts them), whole seconds otherwise, always rounded down so a clock never shows time that is gone.

/** "1:02:05", "4:59", "0:42", "9.7", "0.0". */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left < 10_000) return (Math.floor(left / 100) / 10).toFixed(1);
  const s = Math.floor(left / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** A correspondence deadline as a date and time in the reader's language and zone. */
export const formatDeadline = (at: number, lang: string): string =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
