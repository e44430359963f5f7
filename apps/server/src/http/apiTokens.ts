import { CreateApiTokenBodySchema, IdSchema, type ApiTokenList, type CreatedApiToken } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiTokens } from '../identity/ApiTokens.ts';
import type { Identity } from '../identity/Identity.ts';
import { HttpRefusal } from './errors.ts';
import { parsed, requestAccount } from './requester.ts';
import type { RouteLimits } from './limits.ts';

/**
 * The account page's personal API tokens (issue 50), with the web session: list, create (the secret is
 * in this answer only), revoke. A token cannot manage tokens: these routes take the device's session only.
 */
export function registerApiTokenRoutes(app: FastifyInstance, deps: { identity: Identity; tokens: ApiTokens; limits: RouteLimits }) {
  const { identity, tokens, limits } = deps;
  const idOf = (req: FastifyRequest): string => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    if (!id.success) throw new HttpRefusal(404, 'no-token', 'No such token.');
    return id.data;
  };

  app.get('/api/account/tokens', async (req): Promise<ApiTokenList> => ({ tokens: await tokens.list((await requestAccount(identity, req)).user.id) }));

  app.post('/api/account/tokens', async (req, reply): Promise<CreatedApiToken> => {
    const me = await requestAccount(identity, req);
    const b = parsed(CreateApiTokenBodySchema, req.body);
    await limits.tokens(me.user.id, req, reply);
    const made = await tokens.create(me.user.id, b.description, b.scopes);
    if (!made.ok) throw new HttpRefusal(409, 'too-many-tokens', 'This account holds as many tokens as it may; revoke one first.');
    return { token: made.token, secret: made.secret };
  });

  app.post('/api/account/tokens/:id/revoke', async (req) => {
    const me = await requestAccount(identity, req);
    if (!(await tokens.revoke(me.user.id, idOf(req)))) throw new HttpRefusal(404, 'no-token', 'No such token.');
    return { ok: true };
  });
}
