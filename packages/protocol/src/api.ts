import { z } from 'zod';
import { API_SCOPES, API_TOKEN_DESCRIPTION_MAX } from './terms/api.ts';
import { IdSchema } from './common.ts';

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
