// A time control and each move's time as KIF writes them, in the form lishogi reads back:
// `持ち時間：10分|30秒(3)+10秒` (main time, then byoyomi and its periods, then the Fischer increment)
// and `( 0:07/00:01:25)` after a move (its own time, then its side's total so far).
import type { TimeControl } from '../clock.ts';

type Clock = Extract<TimeControl, { kind: 'clock' }>;

const seconds = (s: number): string => (s % 3600 === 0 && s > 0 ? `${s / 3600}時間` : s % 60 === 0 && s > 0 ? `${s / 60}分` : `${s}秒`);

/** The 持ち時間 field of a clock; other controls have none (lishogi writes none for correspondence). */
export function kifTimeControl(tc: TimeControl): string | null {
  if (tc.kind === 'turn') return `0秒|${tc.seconds}秒`;
  if (tc.kind !== 'clock') return null;
  const periods = tc.byoyomiSeconds > 0 && tc.periods > 1 ? `(${tc.periods})` : '';
  const increment = tc.incrementSeconds > 0 ? `+${seconds(tc.incrementSeconds)}` : '';
  return `${seconds(tc.initialSeconds)}|${seconds(tc.byoyomiSeconds)}${periods}${increment}`;
}

const JP_TIME = /^(?:(\d+)時間)?(?:(\d+)分)?(?:(\d+)秒?)?$/;
function parseSeconds(text: string): number | null {
  const m = JP_TIME.exec(text);
  if (!m || text === '') return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** Reads 持ち時間 as lishogi does: main [+|] byoyomi [(periods)] [+|] increment; `5分+30秒` is byoyomi. */
export function parseKifTimeControl(text: string): Clock | null {
  const m = /^([^+|()]+)(?:[+|]([^+|()]+))?(?:\((\d)\))?(?:[+|]([^+|()]+))?$/.exec(text.trim());
  if (!m) return null;
  const [initial, byoyomi, increment] = [m[1], m[2] ?? '0', m[4] ?? '0'].map(parseSeconds);
  if (initial === null || byoyomi === null || increment === null) return null;
  return { kind: 'clock', initialSeconds: initial, byoyomiSeconds: byoyomi, periods: Number(m[3] ?? 1), incrementSeconds: increment };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `( 0:07/00:01:25)`: the move's own time as m:ss, its side's total as hh:mm:ss, whole seconds. */
export function kifMoveTime(spentMs: number, totalMs: number): string {
  const spent = Math.round(spentMs / 1000);
  const total = Math.round(totalMs / 1000);
  const own = `${String(Math.floor(spent / 60)).padStart(2)}:${two(spent % 60)}`;
  return `(${own}/${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)})`;
}
