import type { ApiScope } from '@chu/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiCaller, ApiTokens } from '../identity/ApiTokens.ts';
import { HttpRefusal } from './errors.ts';
import type { RouteLimits } from './limits.ts';

/** The secret of `Authorization: Bearer`, and only there: a cookie never reaches the API. */
const bearerOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/**
 * Who calls an API route (issue 50): a live personal token holding `scope`, counted against its limits.
 * A device's token or cookie is refused here as a personal token is refused by the site's own routes.
 */
export type ApiDoor = (req: FastifyRequest, reply: FastifyReply, scope: ApiScope | null) => Promise<ApiCaller>;

export function apiDoor(tokens: ApiTokens, limits: RouteLimits): ApiDoor {
  return async (req, reply, scope) => {
    const r = await tokens.check(bearerOf(req));
    if (!r.ok) {
      throw r.code === 'api-token-required'
        ? new HttpRefusal(401, 'api-token-required', 'This route takes a personal API token (Authorization: Bearer chu_…), made on your account page.')
        : new HttpRefusal(401, 'unauthenticated', 'No such API token: it was revoked, or never existed.');
    }
    await limits.api(r.caller.tokenId, req, reply);
    if (scope && !r.caller.scopes.includes(scope)) {
      throw new HttpRefusal(403, 'missing-scope', `This token lacks the scope ${scope}; make a token with it on your account page.`);
    }
    return r.caller;
  };
}
