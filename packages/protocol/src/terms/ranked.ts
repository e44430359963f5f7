import { estimatedSeconds, type TimeControl } from '@chu/rules';

// Ranked play: a queue per time control of a small fixed set, two Glicko-2 ratings per player (real-time
// and correspondence, as lishogi keeps them apart; draw = ½), leaderboards and profiles.
// Ranked games use the default rules of RULES.md; only the time control is chosen, and it is never "none".

/** The controls the ranked queue offers, by a short stable id (a seeker picks one; only equal ids are paired). */
export const RANKED_CONTROL_IDS = ['10m+30b', '30m+30f', 'turn30', 'corr3'] as const;
export type RankedControlId = (typeof RANKED_CONTROL_IDS)[number];

const frozen = <T extends TimeControl>(tc: T): Readonly<T> => Object.freeze(tc);
export const RANKED_CONTROLS: Readonly<Record<RankedControlId, Readonly<TimeControl>>> = Object.freeze({
  '10m+30b': frozen({ kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 }),
  '30m+30f': frozen({ kind: 'clock', initialSeconds: 1800, byoyomiSeconds: 0, periods: 1, incrementSeconds: 30 }), // lishogi's chu leagues
  turn30: frozen({ kind: 'turn', seconds: 30 }), // the seed site's own
  corr3: frozen({ kind: 'correspondence', daysPerMove: 3 }),
});

/**
 * Each person has one rating per pool: games by the clock, and games by days per move. A bot (issue 50)
 * has one of its own, whatever the control, so bots stand on a leaderboard of their own, never on people's.
 */
export const RATING_POOLS = ['realtime', 'correspondence', 'bot'] as const;
export type RatingPool = (typeof RATING_POOLS)[number];
/** A person's pools: a new account's ratings start in these. */
export const PEOPLE_POOLS = ['realtime', 'correspondence'] as const satisfies readonly RatingPool[];
/** The pools an account's ratings stand in (its profile shows these). */
export const poolsOf = (account: { bot: boolean }): readonly RatingPool[] => (account.bot ? ['bot'] : PEOPLE_POOLS);

/** The rating a game of this control counts for (and whose rating is shown beside its players). */
export const ratingPoolOf = (control: Pick<TimeControl, 'kind'>): RatingPool =>
  control.kind === 'correspondence' ? 'correspondence' : 'realtime';

/**
 * The pool a player's rating in a game of this control is in: a bot's in the bots' pool, a person's by the
 * control. A rated game between a bot and a person rates each in its own pool, each against the other's
 * current rating in the other's.
 */
export const playerPoolOf = (player: { bot?: boolean | undefined }, control: Pick<TimeControl, 'kind'>): RatingPool =>
  player.bot ? 'bot' : ratingPoolOf(control);

/** Lishogi rates a chu game only when its estimated length (rules' estimatedSeconds) is at least this. */
export const RATED_MIN_ESTIMATED_SECONDS = 250;

/** Whether a game of this control may be rated: timed, and long enough by lishogi's estimate. */
export const rateable = (control: TimeControl): boolean =>
  (estimatedSeconds(control) ?? 0) >= RATED_MIN_ESTIMATED_SECONDS;
