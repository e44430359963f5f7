import { OutcomeSchema, type GameStatus, type Outcome } from '@chu/protocol';
import type { StoredClock } from './MoveWriter.ts';

// How a game's columns read back, for loading a game (Store) and for the HTTP read models (GameRecords).

/** Both clocks as a move stored them, or null: an untimed game's move (or one from before clocks). */
export type StoredClockColumns = { [K in keyof StoredClock]: number | null };
export function storedClock(m: StoredClockColumns): StoredClock | null {
  return m.blackMs === null || m.blackPeriods === null || m.whiteMs === null || m.whitePeriods === null ? null
    : { blackMs: m.blackMs, blackPeriods: m.blackPeriods, whiteMs: m.whiteMs, whitePeriods: m.whitePeriods };
}

export const outcomeOf = (status: GameStatus, winner: string | null, reason: string | null): Outcome | null =>
  status === 'finished' ? OutcomeSchema.parse({ winner, reason }) : null;
