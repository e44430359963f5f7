import { z } from 'zod';

// The NDJSON lines of the lishogi-shaped API's streams (issue 50) as a program reads them (`chu bot`,
// packages/cli): only the fields it acts on are checked; the rest pass through, so a line that grows a
// field still reads. The server writes them in apps/server/src/api/lishogiShapes.ts.

const PlayerSchema = z.looseObject({ id: z.string().optional(), name: z.string().optional(), title: z.string().nullable().optional() });

export const ApiTimeControlSchema = z.union([
  z.looseObject({ type: z.literal('clock'), limit: z.number(), increment: z.number(), byoyomi: z.number().optional(), periods: z.number().optional() }),
  z.looseObject({ type: z.enum(['correspondence', 'unlimited']) }),
]);
export type ApiTimeControl = z.infer<typeof ApiTimeControlSchema>;

export const ApiChallengeJsonSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  challenger: PlayerSchema.nullable().optional(),
  destUser: PlayerSchema.nullable().optional(),
  variant: z.looseObject({ key: z.string() }),
  rated: z.boolean(),
  timeControl: ApiTimeControlSchema,
  direction: z.enum(['in', 'out']).optional(),
});
export type ApiChallengeJson = z.infer<typeof ApiChallengeJsonSchema>;

const GameRefSchema = z.looseObject({ id: z.string() });

/** GET /api/stream/event. */
export const ApiEventLineSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('challenge'), challenge: ApiChallengeJsonSchema }),
  z.looseObject({ type: z.literal('challengeCanceled'), challenge: ApiChallengeJsonSchema }),
  z.looseObject({ type: z.literal('challengeDeclined'), challenge: ApiChallengeJsonSchema }),
  z.looseObject({ type: z.literal('gameStart'), game: GameRefSchema }),
  z.looseObject({ type: z.literal('gameFinish'), game: GameRefSchema }),
]);
export type ApiEventLine = z.infer<typeof ApiEventLineSchema>;

export const ApiGameStateSchema = z.looseObject({
  type: z.literal('gameState'),
  moves: z.string(),
  btime: z.number(),
  wtime: z.number(),
  binc: z.number(),
  winc: z.number(),
  byo: z.number(),
  status: z.string(),
  winner: z.enum(['sente', 'gote']).optional(),
});
export type ApiGameState = z.infer<typeof ApiGameStateSchema>;

/** GET /api/{bot,board}/game/stream/{id}. */
export const ApiGameLineSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('gameFull'),
    id: z.string(),
    variant: z.looseObject({ key: z.string() }),
    sente: PlayerSchema,
    gote: PlayerSchema,
    initialSfen: z.string(),
    state: ApiGameStateSchema,
  }),
  ApiGameStateSchema,
  z.looseObject({ type: z.literal('chatLine'), room: z.string(), username: z.string(), text: z.string() }),
  z.looseObject({ type: z.enum(['opponentGone']) }),
]);
export type ApiGameLine = z.infer<typeof ApiGameLineSchema>;
export type ApiGameFull = Extract<ApiGameLine, { type: 'gameFull' }>;

/** GET /api/account with a personal token: the token's account (lishogi's UserExtended), read for its name. */
export const ApiAccountSchema = z.looseObject({ id: z.string(), username: z.string(), title: z.string().optional() });
export type ApiAccount = z.infer<typeof ApiAccountSchema>;
