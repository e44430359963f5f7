import { RANKED_CONTROL_IDS, RANKED_CONTROLS, type RankedControlId } from './ranked.ts';

// Tournaments (issue 38): arenas (an evening, paired continuously, streaks doubled) and round-robins
// (3–16 entrants, each meets each once or twice). Games are chu shogi from the standard start.
export const TOURNAMENT_KINDS = ['arena', 'round-robin'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

export const TOURNAMENT_STATUSES = ['upcoming', 'running', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

// An arena's time control is one of the ranked queue's controls played in real time (its games are rated).
export const ARENA_CONTROL_IDS: readonly RankedControlId[] = RANKED_CONTROL_IDS.filter((id) => RANKED_CONTROLS[id].kind !== 'correspondence');

export const ARENA_MINUTES = { min: 5, max: 180 } as const;
export const ROUND_ROBIN_ENTRANTS = { min: 3, max: 16 } as const;
/** CPU entrants an organiser may add to one tournament. */
export const MAX_CPU_ENTRANTS = 4;
/** Tournaments one account may have upcoming or running at once. */
export const TOURNAMENTS_PER_ACCOUNT = 3;
/** How far ahead a tournament may be announced: it counts against its organiser's limit until it is played. */
export const TOURNAMENT_ANNOUNCE_MS = 366 * 86_400_000;
