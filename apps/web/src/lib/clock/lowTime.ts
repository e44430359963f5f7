// The low-time alarm (two beeps) on every kind of clock, once for each stretch of time that can run
// out: a turn limit's turn, a clock's main time, each byoyomi period, a correspondence move's last hour.
import type { RoomOptions } from '@chu/protocol';
import type { ClockReading } from './controls';

type TimeControl = RoomOptions['timeControl'];

export const LOW_MS = 10_000;
export const CORRESPONDENCE_LOW_MS = 3_600_000;

/**
 * Which stretch of time is running low, or null while there is plenty: 'turn', 'main', 'period 2'
 * (byoyomi, two periods left counting this one), 'last hour'. A period shorter than twenty seconds
 * warns in its second half.
 */
export function lowTimeStage(tc: TimeControl, reading: ClockReading, byoyomiMs: number): string | null {
  if (reading.ms <= 0) return null;
  switch (tc.kind) {
    case 'none': return null;
    case 'turn': return reading.ms < LOW_MS ? 'turn' : null;
    case 'correspondence': return reading.ms < CORRESPONDENCE_LOW_MS ? 'last hour' : null;
    case 'clock':
      if (!reading.byoyomi) return reading.ms < LOW_MS ? 'main' : null;
      return reading.ms < Math.min(LOW_MS, byoyomiMs / 2) ? `period ${reading.periods}` : null;
  }
}
