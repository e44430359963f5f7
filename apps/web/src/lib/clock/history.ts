// A replay's clocks (RULES.md §7): each side's time and byoyomi periods after a ply, as the server
// stored them with the move. Only a clock's: a turn limit's or a correspondence move's time starts
// whole every move, so there is nothing to step through.
import type { GameRecord, RoomOptions } from '@chu/protocol';
import { clockConfig, startClock } from '@chu/rules';
import type { ClockReading } from './controls';

type Side = { mainMs: number; periods: number };

/** Both clocks after `ply` moves (the start's at 0), or null: no clock, or a move stored without one. */
export function clocksAt(tc: RoomOptions['timeControl'], clocks: GameRecord['clocks'], ply: number): { black: ClockReading; white: ClockReading } | null {
  const config = tc.kind === 'clock' ? clockConfig(tc) : null;
  if (!config) return null;
  const at: { black: Side; white: Side } | null = ply === 0 ? startClock(config) : clocks[ply - 1] ?? null;
  if (!at) return null;
  // a side out of main time starts its next move with a whole period
  const reading = (s: Side): ClockReading =>
    s.mainMs > 0 ? { ms: s.mainMs, periods: s.periods, byoyomi: false } : { ms: config.byoyomiMs, periods: s.periods, byoyomi: true };
  return { black: reading(at.black), white: reading(at.white) };
}
