import { FriendSettingsBodySchema, PlayerNameBodySchema, type Friends as FriendsView } from '@chu/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Challenges } from '../friends/Challenges.ts';
import type { Account, Friends } from '../friends/Friends.ts';
import type { Whereabouts } from '../friends/Whereabouts.ts';
import type { Identity } from '../identity/Identity.ts';
import { parsed, requestAccount } from './requester.ts';
import { HttpRefusal } from './errors.ts';
import type { RouteLimits } from './limits.ts';

export interface FriendRouteDeps { identity: Identity; friends: Friends; whereabouts: Whereabouts; challenges: Challenges; limits: RouteLimits }

/**
 * Friends (issue 37): `GET /api/friends` (follows both ways, with who is online and playing; blocks;
 * who may challenge me), and `POST /api/friends/{follow,unfollow,block,unblock,settings}`.
 */
export function registerFriendRoutes(app: FastifyInstance, deps: FriendRouteDeps) {
  const { identity, friends, limits } = deps;

  /** The account asking (counted against its changes' limit) and the account it names. */
  const pair = async (req: FastifyRequest, reply: FastifyReply): Promise<{ me: Account; other: Account }> => {
    const me = (await requestAccount(identity, req)).user;
    await limits.friends(me.id, req, reply);
    const { username } = parsed(PlayerNameBodySchema, req.body);
    const r = await friends.other(me, username);
    if (!r.ok) throw new HttpRefusal(r.code === 'no-player' ? 404 : 400, r.code, r.message);
    return { me, other: r.other };
  };
  const listing = async (me: Account): Promise<FriendsView> => {
    const lists = await friends.lists(me.id);
    const [following, followers] = await Promise.all([deps.whereabouts.of(lists.following), deps.whereabouts.of(lists.followers)]);
    return { following, followers, blocked: lists.blocked, ...(await friends.challengeSettings(me.id)) };
  };

  app.get('/api/friends', async (req): Promise<FriendsView> => listing((await requestAccount(identity, req)).user));

  app.post('/api/friends/follow', async (req, reply) => {
    const { me, other } = await pair(req, reply);
    if (!(await friends.follow(me, other))) throw new HttpRefusal(403, 'blocked', `You cannot follow ${other.username}: one of you blocked the other.`);
    return listing(me);
  });

  app.post('/api/friends/unfollow', async (req, reply) => {
    const { me, other } = await pair(req, reply);
    await friends.unfollow(me, other);
    return listing(me);
  });

  // Blocking also ends the follows between them and the open challenges either way.
  app.post('/api/friends/block', async (req, reply) => {
    const { me, other } = await pair(req, reply);
    await friends.block(me, other);
    await deps.challenges.cancelBetween(me.id, other.id);
    return listing(me);
  });

  app.post('/api/friends/unblock', async (req, reply) => {
    const { me, other } = await pair(req, reply);
    await friends.unblock(me, other);
    return listing(me);
  });

  app.post('/api/friends/settings', async (req, reply) => {
    const me = (await requestAccount(identity, req)).user;
    await limits.friends(me.id, req, reply);
    await friends.setChallengeSettings(me.id, parsed(FriendSettingsBodySchema, req.body));
    return listing(me);
  });
}
