import { z } from 'zod';
import { CHALLENGE_COLORS, CHALLENGE_STATUSES } from './terms/challenges.ts';
import { IdSchema, UsernameSchema } from './common.ts';
import { RoomOptionsPatchSchema, RoomOptionsSchema } from './options.ts';

// Challenges (issue 37): one account asks another by name for a game, under a room's rules and a time
// control. Accepting makes a private room with both seated and starts the game there.

export const ChallengeColorSchema = z.enum(CHALLENGE_COLORS);

/** POST /api/challenges — `options` as a room's (room.create's), timeControl among them. */
export const ChallengeBodySchema = z.object({
  to: UsernameSchema,
  options: RoomOptionsPatchSchema.default({}),
  color: ChallengeColorSchema.default('random'),
}).strict();
export type ChallengeBody = z.input<typeof ChallengeBodySchema>;

export const ChallengeStatusSchema = z.enum(CHALLENGE_STATUSES);

export const ChallengeSchema = z.object({
  id: IdSchema,
  from: z.string(),               // the challenger's username
  to: z.string(),                 // the challenged one's
  options: RoomOptionsSchema,     // the room the game will be played in (options.timeControl: its clock)
  color: ChallengeColorSchema,    // the challenger's choice
  status: ChallengeStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),          // an open challenge lapses then (10 min; 3 days for correspondence)
  roomCode: z.string().nullable(), // accepted: where the game is
  gameId: IdSchema.nullable(),
  rated: z.boolean().default(false), // a bot's challenge may be rated (issue 50): each rated in its own pool
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** GET /api/challenges — this account's open challenges, both ways, newest first. */
export const ChallengeListSchema = z.object({ incoming: z.array(ChallengeSchema), outgoing: z.array(ChallengeSchema) });
export type ChallengeList = z.infer<typeof ChallengeListSchema>;

/** Every answer of POST /api/challenges and /api/challenges/:id/{accept,decline,cancel}. */
export const ChallengeResponseSchema = z.object({ challenge: ChallengeSchema });
export type ChallengeResponse = z.infer<typeof ChallengeResponseSchema>;

/** Server → client: a challenge to or from this account was made or changed (on every socket of the account). */
export const ChallengeServerMessages = [
  z.object({ type: z.literal('challenge'), challenge: ChallengeSchema }),
] as const;
