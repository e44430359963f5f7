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
export type ApiDoor = (req: FastifyRequest, reply: FastifyReply, scope: ApiScope | readonly ApiScope[] | null) => Promise<ApiRequest>;

/** Who calls, and the secret it sent (the API's own socket signs in with it: api/Loopback). */
export interface ApiRequest { caller: ApiCaller; secret: string }

export function apiDoor(tokens: ApiTokens, limits: RouteLimits): ApiDoor {
  return async (req, reply, scope) => {
    const secret = bearerOf(req);
    const r = await tokens.check(secret);
    if (!r.ok) {
      throw r.code === 'api-token-required'
        ? new HttpRefusal(401, 'api-token-required', 'This route takes a personal API token (Authorization: Bearer chu_…), made on your account page.')
        : new HttpRefusal(401, 'unauthenticated', 'No such API token: it was revoked, or never existed.');
    }
    await limits.api(r.caller.tokenId, req, reply);
    const wanted = scope === null ? [] : typeof scope === 'string' ? [scope] : scope;
    if (wanted.length > 0 && !wanted.some((s) => r.caller.scopes.includes(s))) {
      const named = wanted.length === 1 ? `the scope ${wanted[0]}` : `one of the scopes ${wanted.join(', ')}`;
      throw new HttpRefusal(403, 'missing-scope', `This token lacks ${named}; make a token with it on your account page.`);
    }
    return { caller: r.caller, secret: secret! };
  };
}
