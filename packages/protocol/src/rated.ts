// The site's rule of which games are rated (policy.ts has its other rules). Apart from them because it
// asks whether a room starts from the standard position, which parses the position with the rules: the
// web's first page reads policy.ts without the rules' parser (issue 48).
import type { TimeControl } from '@chu/rules';
import type { Color } from './common.ts';
import type { RoomOptions } from './options.ts';
import type { Denial } from './policy.ts';
import { RATED_MIN_ESTIMATED_SECONDS, rateable } from './terms/ranked.ts';
import { standardStart } from './terms/start.ts';

/**
 * Why a room's options cannot make a rated game, or null: ratings are chu's from its standard start
 * (README: ranked), timed and long enough to rate by lishogi's estimate (RULES.md §7).
 */
export function ratedDenial(options: Pick<RoomOptions, 'variant' | 'startSfen' | 'timeControl'>): Denial | null {
  if (options.variant !== 'chu' || !standardStart(options)) return { code: 'malformed', message: 'Ranked games are chu shogi from the standard start.' };
  if (!rateable(options.timeControl)) {
    return { code: 'malformed', message: `Ranked games are timed, with an estimated length of at least ${RATED_MIN_ESTIMATED_SECONDS} s.` };
  }
  return null;
}

/** The accounts a game between these seats is rated for, or null: two accounts on a rateable control (a CPU's games never). */
export function ratedAccounts(accounts: Record<Color, string | null | undefined>, control: TimeControl): Record<Color, string> | null {
  const { black, white } = accounts;
  return black && white && rateable(control) ? { black, white } : null;
}

/** Whether a finished game's result moves ratings: a rated game that was not aborted. */
export const resultIsRated = (rated: boolean, outcome: { reason: string }): boolean => rated && outcome.reason !== 'abort';
