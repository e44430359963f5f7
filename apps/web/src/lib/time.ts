/** "0:42": a countdown (a clock, the time before the CPU takes a seat), rounded up to the second. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
