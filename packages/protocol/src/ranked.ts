import { estimatedSeconds, type TimeControl } from '@chu/rules';
import { z } from 'zod';
import { AckIdSchema, ColorSchema, IdSchema } from './common.ts';

// Ranked play: a queue per time control of a small fixed set, two Glicko-2 ratings per player (real-time
// and correspondence, as lishogi keeps them apart; draw = ½), leaderboards and profiles.
// Ranked games use the default rules of RULES.md; only the time control is chosen, and it is never "none".

/** The controls the ranked queue offers, by a short stable id (a seeker picks one; only equal ids are paired). */
export const RANKED_CONTROL_IDS = ['10m+30b', '30m+30f', 'turn30', 'corr3'] as const;
export const RankedControlIdSchema = z.enum(RANKED_CONTROL_IDS, {
  error: `control: one of ${RANKED_CONTROL_IDS.join(', ')} (ranked games are always timed)`,
});
export type RankedControlId = z.infer<typeof RankedControlIdSchema>;

const frozen = <T extends TimeControl>(tc: T): Readonly<T> => Object.freeze(tc);
export const RANKED_CONTROLS: Readonly<Record<RankedControlId, Readonly<TimeControl>>> = Object.freeze({
  '10m+30b': frozen({ kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 }),
  '30m+30f': frozen({ kind: 'clock', initialSeconds: 1800, byoyomiSeconds: 0, periods: 1, incrementSeconds: 30 }), // lishogi's chu leagues
  turn30: frozen({ kind: 'turn', seconds: 30 }), // the seed site's own
  corr3: frozen({ kind: 'correspondence', daysPerMove: 3 }),
});

/** Each player has one rating per pool: games by the clock, and games by days per move. */
export const RATING_POOLS = ['realtime', 'correspondence'] as const;
export const RatingPoolSchema = z.enum(RATING_POOLS);
export type RatingPool = z.infer<typeof RatingPoolSchema>;

/** The rating a game of this control counts for (and whose rating is shown beside its players). */
export const ratingPoolOf = (control: Pick<TimeControl, 'kind'>): RatingPool =>
  control.kind === 'correspondence' ? 'correspondence' : 'realtime';

/** Lishogi rates a chu game only when its estimated length (rules' estimatedSeconds) is at least this. */
export const RATED_MIN_ESTIMATED_SECONDS = 250;

/** Whether a game of this control may be rated: timed, and long enough by lishogi's estimate. */
export const rateable = (control: TimeControl): boolean =>
  (estimatedSeconds(control) ?? 0) >= RATED_MIN_ESTIMATED_SECONDS;

/** Pre-control clients sent `turnTime` (null = untimed): refused, saying what to send now. */
const OldTurnTime = z.never({
  error: `ranked.join: turnTime was replaced by control, one of ${RANKED_CONTROL_IDS.join(', ')}; there are no untimed ranked games`,
}).optional();

/** Client → server (members of ClientMessageSchema). Joining needs an account. */
export const RankedClientMessages = [
  z.object({ type: z.literal('ranked.join'), turnTime: OldTurnTime, control: RankedControlIdSchema, ack: AckIdSchema.optional() }).strict(),
  z.object({ type: z.literal('ranked.leave'), ack: AckIdSchema.optional() }).strict(),
] as const;

/** Server → client (members of ServerMessageSchema). */
export const RankedServerMessages = [
  // this socket's place in the queue (the control it waits in), or null when not queued (sent after every join/leave)
  z.object({
    type: z.literal('ranked'),
    // `rating`: the seeker's own in the control's pool, so the client shows the range being searched as
    // it widens (@chu/ratings' acceptableGap of the time waited)
    queue: z.object({ control: RankedControlIdSchema, since: z.number().int(), rating: z.number() }).nullable(),
  }),
  // a match was found: the game is created and started in a private room; go there
  z.object({ type: z.literal('ranked.match'), roomCode: z.string(), gameId: IdSchema, color: ColorSchema }),
] as const;

/** A rating as people see it; `provisional` while RD ≥ 110 (shown as "1500?"). */
export const PlayerRatingSchema = z.object({
  username: z.string(),
  rating: z.number(),
  rd: z.number(),
  provisional: z.boolean(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
});
export type PlayerRating = z.infer<typeof PlayerRatingSchema>;

/** A player's standing in one pool: rating, deviation, results. */
export const StandingSchema = PlayerRatingSchema.omit({ username: true });
export type Standing = z.infer<typeof StandingSchema>;

/** GET /api/leaderboard?pool=realtime|correspondence (default realtime). */
export const LeaderboardQuerySchema = z.object({ pool: RatingPoolSchema.default('realtime') }).strict();

/**
 * GET /api/leaderboard: one pool's established players (RD < `establishedBelowRd`) ranked, best first, top
 * 100; then its provisional players (shown "1500?"), by rating, so a new site does not look empty.
 */
export const LeaderboardSchema = z.object({
  pool: RatingPoolSchema,
  players: z.array(PlayerRatingSchema),
  provisional: z.array(PlayerRatingSchema),
  establishedBelowRd: z.number(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** A player's standing in one pool, with the rating after each of its rated games, oldest first (for its chart). */
export const PoolProfileSchema = StandingSchema.extend({
  history: z.array(z.object({ at: z.string(), rating: z.number(), rd: z.number() })),
});

/** GET /api/players/:username: both pools' standings and the latest rated games of either. */
export const ProfileSchema = z.object({
  username: z.string(),
  ratings: z.object({ realtime: PoolProfileSchema, correspondence: PoolProfileSchema }) satisfies z.ZodType<Record<RatingPool, unknown>>,
  // latest rated games first, of both pools; each links to its replay
  recent: z.array(
    z.object({
      gameId: IdSchema,
      pool: RatingPoolSchema,
      color: ColorSchema,
      opponent: z.string(),
      result: z.enum(['win', 'draw', 'loss']),
      reason: z.string(),
      ratingBefore: z.number(),
      ratingAfter: z.number(),
      finishedAt: z.string(),
    }),
  ),
});
export type Profile = z.infer<typeof ProfileSchema>;
