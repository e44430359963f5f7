import { ChallengeBodySchema, IdSchema, type ChallengeList, type ChallengeResponse, type ErrorCode } from '@chu/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChallengeResult, Challenges } from '../friends/Challenges.ts';
import type { Identity } from '../identity/Identity.ts';
import { parsed, requestAccount } from './requester.ts';
import { HttpRefusal } from './errors.ts';
import type { RouteLimits } from './limits.ts';

const STATUS: Partial<Record<ErrorCode, number>> = {
  'no-player': 404, 'no-challenge': 404, blocked: 403, 'friends-only': 403, 'no-bots': 403, 'too-many-challenges': 429, 'too-many-rooms': 429, 'self-challenge': 400, malformed: 400,
};

/**
 * Challenges (issue 37): `GET /api/challenges` (open ones, both ways), `POST /api/challenges` (send one),
 * `POST /api/challenges/:id/{accept,decline,cancel}`. Each answer is the challenge as stored after the
 * step; both accounts' sockets are sent the same as a `challenge` message.
 */
export function registerChallengeRoutes(app: FastifyInstance, deps: { identity: Identity; challenges: Challenges; limits: RouteLimits }) {
  const { identity, challenges, limits } = deps;
  const answered = (r: ChallengeResult): ChallengeResponse => {
    if (!r.ok) throw new HttpRefusal(STATUS[r.code] ?? 400, r.code, r.message);
    return { challenge: r.challenge };
  };
  const idOf = (req: FastifyRequest): string => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    if (!id.success) throw new HttpRefusal(404, 'no-challenge', 'No such challenge.');
    return id.data;
  };

  app.get('/api/challenges', async (req): Promise<ChallengeList> => challenges.list((await requestAccount(identity, req)).user.id));

  app.post('/api/challenges', async (req, reply) => {
    const me = await requestAccount(identity, req);
    await limits.challenge(me.user.id, req, reply);
    const b = parsed(ChallengeBodySchema, req.body);
    return answered(await challenges.send(me, b.to, b.options, b.color));
  });

  // accepting makes a room and a game: it counts as sending does, and in the room bounds of both devices and this address
  app.post('/api/challenges/:id/accept', async (req, reply) => {
    const me = await requestAccount(identity, req);
    await limits.challenge(me.user.id, req, reply);
    return answered(await challenges.accept(me, idOf(req), req.ip));
  });

  app.post('/api/challenges/:id/decline', async (req) => answered(await challenges.decline((await requestAccount(identity, req)).user, idOf(req))));

  app.post('/api/challenges/:id/cancel', async (req) => answered(await challenges.cancel((await requestAccount(identity, req)).user, idOf(req))));
}
