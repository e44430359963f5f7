// Tournaments this tab follows live: the server sends each one whole on watching and on every change.
// And the rooms "your game is ready" sent this tab to, each with its tournament: the room shows where
// its game belongs and the way back (for as long as the tab lives; the room itself does not say).
import type { TournamentView } from '@chu/protocol';

export const live: Record<string, TournamentView> = $state({});
export const tournamentRooms: Record<string, string> = $state({}); // room code → tournament id

export function tournamentReceived(view: TournamentView): void {
  live[view.id] = view;
}

export function tournamentGameReceived(roomCode: string, tournamentId: string): void {
  tournamentRooms[roomCode] = tournamentId;
}
