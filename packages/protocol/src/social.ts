import { z } from 'zod';
import { ColorSchema, IdSchema } from './common.ts';
import { UsernameSchema } from './common.ts';

// Friends (issue 37): an account follows others one way (as on lichess), and may block one: a blocked
// player cannot challenge it, its chat does not reach it, and neither follows the other any more.

/** POST /api/friends/{follow,unfollow,block,unblock} */
export const PlayerNameBodySchema = z.object({ username: UsernameSchema }).strict();
export type PlayerNameBody = z.infer<typeof PlayerNameBodySchema>;

/** Who may challenge an account: anyone (but those it blocked, or who blocked it), or only people it follows. */
export const CHALLENGES_FROM = ['everyone', 'following'] as const;
export const ChallengesFromSchema = z.enum(CHALLENGES_FROM);
export type ChallengesFrom = z.infer<typeof ChallengesFromSchema>;
/** POST /api/friends/settings: either setting, or both. `botChallenges`: whether bot accounts may challenge the account (issue 50). */
export const FriendSettingsBodySchema = z.object({ challengesFrom: ChallengesFromSchema.optional(), botChallenges: z.boolean().optional() }).strict()
  .refine((b) => b.challengesFrom !== undefined || b.botChallenges !== undefined, 'send challengesFrom, botChallenges or both');
export type FriendSettingsBody = z.infer<typeof FriendSettingsBodySchema>;

/** A game a player is in now (active or adjourned): one click to watch it at /r/roomCode. */
export const PlayingSchema = z.object({
  roomCode: z.string(),
  gameId: IdSchema,
  color: ColorSchema,              // the player's side
  opponent: z.string().nullable(), // "ben", "CPU 3"
});
export type Playing = z.infer<typeof PlayingSchema>;

export const FriendSchema = z.object({
  username: z.string(),
  online: z.boolean(),             // a socket of one of its devices is open, on any process of the site
  playing: z.array(PlayingSchema), // its games in play, newest first
});
export type Friend = z.infer<typeof FriendSchema>;

/** GET /api/friends — the account's follows both ways, whom it blocked, and who may challenge it. */
export const FriendsSchema = z.object({
  following: z.array(FriendSchema),
  followers: z.array(FriendSchema),
  blocked: z.array(z.string()),
  challengesFrom: ChallengesFromSchema,
  botChallenges: z.boolean().default(true), // bot accounts may challenge it (issue 50)
});
export type Friends = z.infer<typeof FriendsSchema>;
