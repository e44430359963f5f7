import { z } from 'zod';
import { API_SCOPES, API_TOKEN_DESCRIPTION_MAX } from './terms/api.ts';
import { IdSchema } from './common.ts';
import { ArchiveExportQuerySchema } from './http.ts';

// Personal API tokens (issue 50), managed from the account page with the web session:
// GET /api/account/tokens, POST /api/account/tokens, POST /api/account/tokens/:id/revoke.

export const ApiScopeSchema = z.enum(API_SCOPES);
export const CreateApiTokenBodySchema = z
  .object({
    description: z.string().trim().min(1, 'a token needs a description').max(API_TOKEN_DESCRIPTION_MAX),
    scopes: z.array(ApiScopeSchema).max(API_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'a scope is named twice'),
  })
  .strict();
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

/** A token as its owner sees it in the list: never its secret. */
export const ApiTokenSchema = z.object({
  id: IdSchema,
  description: z.string(),
  scopes: z.array(ApiScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof ApiTokenSchema>;
export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;
/** The answer to creating one: the secret, shown this once (only its hash is kept). */
export const CreatedApiTokenSchema = z.object({ token: ApiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

// ---- the lishogi-shaped API's requests (issue 50) ---------------------------------------------------
// lishogi's clients send forms (application/x-www-form-urlencoded) or JSON: numbers may come as text.

/** lishogi's variant keys for ours: chushogi is lishogi's own; daishogi and heiseichushogi are our names (docs/api.md). */
export const API_VARIANTS = { chushogi: 'chu', daishogi: 'dai', heiseichushogi: 'heisei' } as const;
export type ApiVariantKey = keyof typeof API_VARIANTS;

const seconds = z.coerce.number().int().min(0);
/** POST /api/challenge/{username}: lishogi's fields (the clock in seconds; `days` a correspondence game). */
export const ApiChallengeBodySchema = z.object({
  'clock.limit': seconds.optional(),
  'clock.increment': seconds.optional(),
  'clock.byoyomi': seconds.optional(),
  'clock.periods': z.coerce.number().int().min(1).optional(),
  days: z.coerce.number().int().min(1).optional(),
  color: z.enum(['sente', 'gote', 'random']).default('random'),
  variant: z.enum(Object.keys(API_VARIANTS) as [ApiVariantKey, ...ApiVariantKey[]]).default('chushogi'),
  // rated only with a bot on one side (people's rated games come from the ranked queue): the server says so in words
  rated: z.union([z.boolean(), z.enum(['true', 'false']).transform((r) => r === 'true')]).default(false),
  // lishogi's own fields this site takes no part in: accepted and set aside, so its clients' requests pass
  keepAliveStream: z.unknown().optional(),
  acceptByToken: z.unknown().optional(),
  message: z.unknown().optional(),
}).strict()
  .refine((b) => !(b.days !== undefined && b['clock.limit'] !== undefined), 'send either a clock (clock.limit) or days, not both');
export type ApiChallengeBody = z.infer<typeof ApiChallengeBodySchema>;

/** POST /api/{bot,board}/game/{id}/chat. */
export const ApiChatBodySchema = z.object({ room: z.enum(['player', 'spectator']), text: z.string().min(1).max(140) }).strict();

// ---- game export (issue 50): GET /api/games/user/{username}, GET /api/game/export/{id} ---------------

const ms = z.coerce.number().int().min(0).max(8_640_000_000_000_000);
/**
 * lishogi's query of a player's games, the filters our archive has: `since`/`until` (ms, when the game
 * finished), `max`, `rated`, `variant` (lishogi's key), `color` (the player's side), `vs` (the opponent,
 * by the start of its name as the archive finds it). `format=kif` asks for KIF as `Accept: application/x-kif` does.
 * lishogi's rendering switches (moves, tags, clocks…) are accepted and set aside.
 */
export const ApiGamesQuerySchema = z.object({
  max: z.coerce.number().int().min(1).optional(),
  since: ms.optional(),
  until: ms.optional(),
  rated: ArchiveExportQuerySchema.shape.rated,
  variant: z.enum(Object.keys(API_VARIANTS) as [ApiVariantKey, ...ApiVariantKey[]]).optional(),
  color: z.enum(['sente', 'gote']).optional(),
  vs: ArchiveExportQuerySchema.shape.opponent, // found as the archive finds an opponent
  format: z.enum(['kif', 'ndjson', 'json']).optional(),
  // ours: where an export cut at its cap goes on (its reply's X-Next-Cursor)
  cursor: ArchiveExportQuerySchema.shape.cursor,
  moves: z.unknown().optional(), tags: z.unknown().optional(), clocks: z.unknown().optional(), evals: z.unknown().optional(),
  opening: z.unknown().optional(), ongoing: z.unknown().optional(), finished: z.unknown().optional(), sort: z.unknown().optional(),
}).strict();
export type ApiGamesQuery = z.infer<typeof ApiGamesQuerySchema>;
export const ApiGameExportQuerySchema = ApiGamesQuerySchema.pick({ format: true, moves: true, tags: true, clocks: true, evals: true }).strict();
