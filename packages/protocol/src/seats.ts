import { z } from 'zod';
import { CpuLevelSchema, IdSchema, type Color } from './common.ts';
import { COLORS } from './terms/wire.ts';

// Who sits on a side of the board. Stored as JSON on rooms and games, so it is parsed on the way in.
export const SeatSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty') }),
  // `name`: the account's username when the device was logged in on sitting, else its display name
  // `bot`: the account is a bot playing through the API (issue 50), shown as BOT beside its name
  z.object({ kind: z.literal('human'), deviceId: IdSchema, name: z.string(), userId: IdSchema.nullable().optional(), bot: z.boolean().optional() }),
  z.object({ kind: z.literal('cpu'), level: CpuLevelSchema }),
]);
export type Seat = z.infer<typeof SeatSchema>;

export const SeatsSchema = z.object({ black: SeatSchema, white: SeatSchema });
export type Seats = z.infer<typeof SeatsSchema>;

/** The seat is held by a logged-in account: its name is the username, a profile to link to. */
export const isAccount = (s: Seat): boolean => s.kind === 'human' && !!s.userId;

export const EMPTY_SEATS = (): Seats => ({ black: { kind: 'empty' }, white: { kind: 'empty' } });

export function seatOf(seats: Seats, deviceId: string): Color | null {
  for (const c of COLORS) {
    const s = seats[c];
    if (s.kind === 'human' && s.deviceId === deviceId) return c;
  }
  return null;
}

/**
 * A seated person's state during a game (RULES.md §8): present → away (grace running) → cpu (the CPU
 * holds the seat) → returned (back; plays again). CPU seats and empty seats are always 'present'/none.
 */
export const SEAT_STATUSES = ['present', 'away', 'cpu', 'returned'] as const;
export const SeatStatusSchema = z.enum(SEAT_STATUSES);
export type SeatStatus = z.infer<typeof SeatStatusSchema>;
