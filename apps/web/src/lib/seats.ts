// Seats as people read them: the name on a seat, and who holds Black in a room's next game.
import { DELETED_PLAYER, opposite, type Color, type GameView, type RoomView, type SeatView } from '@chu/protocol';
import { t } from './i18n.svelte';

/** "Ana", "CPU 3", or "Empty". */
export function seatName(s: SeatView): string {
  if (s.kind === 'cpu') return `CPU ${s.level ?? ''}`.trim();
  if (s.kind === 'empty') return t('room.empty');
  return playerName(s.name ?? '?');
}

/** A player's name as the server sent it; a deleted account's (the server's marker) in this language's words. */
export const playerName = (name: string): string => (name === DELETED_PLAYER ? t('player.deleted') : name);

// the server's sameOccupant: the same person (by device), or the CPU at any level
const sameOccupant = (a: SeatView, b: SeatView) => a.kind === b.kind && (a.kind !== 'human' || a.deviceId === b.deviceId);

/**
 * The colour the person now on `color` will play in the next game: RULES.md §8 swaps who moves first
 * when alternateFirst is on, however the game is started, unless the players changed seats since.
 * From a set start position (a handicap belongs to the stronger player's side) nobody swaps, as the
 * server's Room.startGame does (handicaps.md §3).
 */
export function nextColor(room: RoomView, last: GameView | undefined, color: Color): Color {
  const swap =
    room.options.alternateFirst &&
    room.options.startSfen === null &&
    room.gameNumber > 0 &&
    !!last &&
    sameOccupant(last.seats.black, room.seats.black) &&
    sameOccupant(last.seats.white, room.seats.white);
  return swap ? opposite(color) : color;
}

/** The seat whose occupant moves first (plays Black) in the next game. */
export const nextFirst = (room: RoomView, last: GameView | undefined): SeatView =>
  room.seats[nextColor(room, last, 'black')];

/** Someone the game can be played for: a seated person with a connection (the server's Absence.isHere). */
export const isHere = (s: SeatView): boolean => s.kind === 'human' && (s.status === 'present' || s.status === 'returned');
