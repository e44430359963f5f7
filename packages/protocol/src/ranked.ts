import { z } from 'zod';
import { RANKED_CONTROL_IDS, RATING_POOLS, type RatingPool } from './terms/ranked.ts';
import { AckIdSchema, ColorSchema, IdSchema } from './common.ts';

// Ranked play's schemas; its controls, pools and what may be rated are terms/ranked.ts's.
export const RankedControlIdSchema = z.enum(RANKED_CONTROL_IDS, {
  error: `control: one of ${RANKED_CONTROL_IDS.join(', ')} (ranked games are always timed)`,
});
export const RatingPoolSchema = z.enum(RATING_POOLS);

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

/** GET /api/leaderboard?pool=realtime|correspondence|bot (default realtime). */
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
  bot: z.boolean().default(false), // a bot account (issue 50): a program playing through the API, shown as BOT
  // a bot's own pool (issue 50) only for a bot
  ratings: z.object({ realtime: PoolProfileSchema, correspondence: PoolProfileSchema, bot: PoolProfileSchema.optional() }) satisfies z.ZodType<Partial<Record<RatingPool, unknown>>>,
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
