import type { Color } from '@chu/protocol';

// Who sits on a side of the board. Stored as JSON on rooms and games.
export type Seat =
  | { kind: 'empty' }
  | { kind: 'human'; deviceId: string; name: string }
  | { kind: 'cpu'; level: number };

export type Seats = Record<Color, Seat>;

export const EMPTY_SEATS = (): Seats => ({ black: { kind: 'empty' }, white: { kind: 'empty' } });
export const opposite = (c: Color): Color => (c === 'black' ? 'white' : 'black');

export function seatOf(seats: Seats, deviceId: string): Color | null {
  for (const c of ['black', 'white'] as const) {
    const s = seats[c];
    if (s.kind === 'human' && s.deviceId === deviceId) return c;
  }
  return null;
}

export const TAKEOVER_LEVEL = 1; // level the CPU plays at while standing in for an absent player
