// Seats as people read them: the name on a seat, and who holds Black in a room's next game.
import { DELETED_PLAYER, opposite, seatLabel, swapsFirst, type Color, type GameView, type Occupant, type RoomView, type SeatView } from '@chu/protocol';
import { t } from './i18n.svelte';

/** "Ana", "CPU 3" (the site's seatLabel), or "Empty". */
export function seatName(s: Occupant & { name?: string | null }): string {
  return s.kind === 'empty' ? t('room.empty') : playerName(seatLabel(s) ?? '?');
}

/** A player's name as the server sent it; a deleted account's (the server's marker) in this language's words. */
export const playerName = (name: string): string => (name === DELETED_PLAYER ? t('player.deleted') : name);

/**
 * The colour the person now on `color` will play in the next game: the site's swapsFirst (RULES.md §8)
 * against the room's last game, as the server's next game reads it.
 */
export function nextColor(room: RoomView, last: GameView | undefined, color: Color): Color {
  const lastSeats = room.gameNumber > 0 && last ? last.seats : null;
  return swapsFirst(room.options, lastSeats, room.seats) ? opposite(color) : color;
}

/** Whether the room swaps who moves first between games at all: the same pair sitting again would swap. */
export const alternates = (room: RoomView): boolean => swapsFirst(room.options, room.seats, room.seats);

/** The seat whose occupant moves first (plays Black) in the next game. */
export const nextFirst = (room: RoomView, last: GameView | undefined): SeatView =>
  room.seats[nextColor(room, last, 'black')];

/** Someone the game can be played for: a seated person with a connection (the server's Absence.isHere). */
export const isHere = (s: SeatView): boolean => s.kind === 'human' && (s.status === 'present' || s.status === 'returned');

/**
 * The side a replay shows at the bottom: the viewer's own, as a game in play does. `names` are the
 * record's seat names; `me`, the names this viewer played under (the account's username, this device's
 * name). Black unless only White's seat is the viewer's.
 */
export function viewerSide(names: Record<Color, string | null>, me: readonly (string | null | undefined)[]): Color {
  const mine = (n: string | null) => n !== null && me.some((m) => m != null && m.toLowerCase() === n.toLowerCase());
  return mine(names.white) && !mine(names.black) ? 'white' : 'black';
}
