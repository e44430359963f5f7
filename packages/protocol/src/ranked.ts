import { z } from 'zod';
import { AckIdSchema, ColorSchema, IdSchema } from './common.ts';
import { TurnTimeSchema } from './options.ts';

// Ranked play: a queue per per-turn time setting, Glicko-2 ratings (draw = ½), leaderboard and profiles.
// Ranked games use the default rules of RULES.md; only the per-turn time is chosen.

export const RankedTurnTimeSchema = TurnTimeSchema;
export type RankedTurnTime = z.infer<typeof RankedTurnTimeSchema>;

/** Client → server (members of ClientMessageSchema). Joining needs an account. */
export const RankedClientMessages = [
  z.object({ type: z.literal('ranked.join'), turnTime: RankedTurnTimeSchema, ack: AckIdSchema.optional() }).strict(),
  z.object({ type: z.literal('ranked.leave'), ack: AckIdSchema.optional() }).strict(),
] as const;

/** Server → client (members of ServerMessageSchema). */
export const RankedServerMessages = [
  // this socket's place in the queue, or null when not queued (sent after every join/leave)
  z.object({
    type: z.literal('ranked'),
    // `rating`: the seeker's own, so the client shows the range being searched as it widens
    // (@chu/ratings' acceptableGap of the time waited)
    queue: z.object({ turnTime: RankedTurnTimeSchema, since: z.number().int(), rating: z.number() }).nullable(),
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

/**
 * GET /api/leaderboard: established players (RD < `establishedBelowRd`) ranked, best first, top 100;
 * then provisional players (shown "1500?"), by rating, so a new site does not look empty.
 */
export const LeaderboardSchema = z.object({
  players: z.array(PlayerRatingSchema),
  provisional: z.array(PlayerRatingSchema),
  establishedBelowRd: z.number(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** GET /api/players/:username */
export const ProfileSchema = PlayerRatingSchema.extend({
  // rating after each rated game, oldest first (for the chart)
  history: z.array(z.object({ at: z.string(), rating: z.number(), rd: z.number() })),
  // latest rated games first; each links to its replay
  recent: z.array(
    z.object({
      gameId: IdSchema,
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
