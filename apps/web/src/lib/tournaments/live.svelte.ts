// Tournaments this tab follows live: the server sends each one whole on watching and on every change.
import type { TournamentView } from '@chu/protocol';

export const live: Record<string, TournamentView> = $state({});

export function tournamentReceived(view: TournamentView): void {
  live[view.id] = view;
}
