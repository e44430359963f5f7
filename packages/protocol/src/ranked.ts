import { z } from 'zod';
import { ColorSchema, IdSchema } from './common.ts';

// Ranked play: a queue per per-turn time setting, Glicko-2 ratings (draw = ½), leaderboard and profiles.
// Ranked games use the default rules of RULES.md; only the per-turn time is chosen.

export const RankedTurnTimeSchema = z.union([z.null(), z.literal(30), z.literal(60)]);
export type RankedTurnTime = z.infer<typeof RankedTurnTimeSchema>;

/** Client → server (members of ClientMessageSchema). Joining needs an account. */
export const RankedClientMessages = [
  z.object({ type: z.literal('ranked.join'), turnTime: RankedTurnTimeSchema }).strict(),
  z.object({ type: z.literal('ranked.leave') }).strict(),
] as const;

/** Server → client (members of ServerMessageSchema). */
export const RankedServerMessages = [
  // this socket's place in the queue, or null when not queued (sent after every join/leave)
  z.object({
    type: z.literal('ranked'),
    queue: z.object({ turnTime: RankedTurnTimeSchema, since: z.number().int() }).nullable(),
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

/** GET /api/leaderboard: established players (RD < 110), best first, top 100. */
export const LeaderboardSchema = z.object({ players: z.array(PlayerRatingSchema) });
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
