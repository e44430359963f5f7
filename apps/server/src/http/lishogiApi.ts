import {
  API_VARIANTS, ApiChallengeBodySchema, ApiChatBodySchema, IdSchema, RoomOptionsPatchSchema, UsernameSchema,
  type ApiChallengeBody, type ApiScope, type Challenge, type ErrorCode, type RoomOptionsPatch,
} from '@chu/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseForm } from 'node:querystring';
import { apiSeat } from '../identity/apiSeat.ts';
import type { GameLinks } from '../api/GameLinks.ts';
import type { GameLine } from '../api/GameLink.ts';
import { challengeJson, userJson, type UserJson } from '../api/lishogiShapes.ts';
import type { PublicFacts } from '../db/PublicFacts.ts';
import type { LoopSocket, Loopback } from '../api/Loopback.ts';
import type { NdjsonStreams } from '../api/NdjsonStreams.ts';
import type { ChallengeResult, Challenges } from '../friends/Challenges.ts';
import type { Bots } from '../identity/Bots.ts';
import type { ApiDoor, ApiRequest } from './apiCaller.ts';
import { HttpRefusal } from './errors.ts';
import { parsed } from './requester.ts';
import type { Slots } from './Slots.ts';
import type { RouteLimits } from './limits.ts';
import { acceptJsonBodies } from './json.ts';

export interface LishogiApiDeps {
  door: ApiDoor;
  bots: Bots;
  links: GameLinks;
  loopback: Loopback;
  streams: NdjsonStreams;
  /** A token's streams of one game open now: one (lishogi's rule), a 429 for a second. */
  gameStreams: Slots;
  challenges: Challenges;
  limits: RouteLimits;
  /** The account's games in progress on its API seat, newest first (the event stream's opening). */
  gamesInPlay(userId: string): Promise<string[]>;
  /** The site's address, for the links in challenge objects. */
  origin(req: FastifyRequest): string;
}

// Refusals as the site words them; the HTTP status as lishogi's clients expect it
const STATUS: Partial<Record<ErrorCode, number>> = {
  'no-game': 404, 'no-room': 404, 'no-player': 404, 'no-challenge': 404, 'rate-limited': 429, 'too-many-rooms': 429, 'too-many-challenges': 429,
  blocked: 403, 'friends-only': 403, 'no-bots': 403, unauthenticated: 401, internal: 503, unavailable: 503,
};
const refusal = (r: { code: ErrorCode; message: string }) => new HttpRefusal(STATUS[r.code] ?? 400, r.code, r.message);

/**
 * The Bot and Board APIs (issue 50), in lishogi's shapes (https://lishogi.org/api), for a personal API
 * token: the event stream, a game's stream and its commands, challenges. Every command goes to the game
 * through the account's API seat (api/GameLink), which a socket's command also takes: same checks, same
 * refusals, persisted before it is answered.
 */
export function registerLishogiApi(app: FastifyInstance, deps: LishogiApiDeps) {
  // lishogi's clients post forms: these routes read them (and JSON) into the same objects
  void app.register(async (api) => {
    acceptJsonBodies(api);
    api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
      done(null, { ...parseForm(String(text)) });
    });
    routes(api, deps);
  });
}

function routes(app: FastifyInstance, deps: LishogiApiDeps) {
  const { door, bots, links, streams, challenges } = deps;
  const gameIdOf = (req: FastifyRequest): string => {
    const id = IdSchema.safeParse((req.params as { gameId: string }).gameId);
    if (!id.success) throw new HttpRefusal(404, 'no-game', 'No such game of yours in play.');
    return id.data;
  };
  const linkOf = async (a: ApiRequest, gameId: string) => {
    const r = await links.get(a.caller, a.secret, gameId);
    if (!r.ok) throw refusal(r);
    return r.link;
  };
  const answered = (r: { ok: true } | { ok: false; code: ErrorCode; message: string }) => {
    if (!r.ok) throw refusal(r);
    return { ok: true };
  };

  app.post('/api/bot/account/upgrade', async (req, reply) => {
    const { caller } = await door(req, reply, 'bot:play');
    const r = await bots.upgrade(caller.user.id);
    if (r.ok) return { ok: true };
    throw r.code === 'already-bot'
      ? new HttpRefusal(400, 'already-bot', 'This account is a bot already.')
      : new HttpRefusal(400, 'has-games', 'Only an account that has played no game can become a bot; make a new account for it.');
  });

  // ---- a game: its stream and its commands, for the Bot API (a bot account) and the Board API (a person's program)
  for (const kind of ['bot', 'board'] as const) {
    const scope: ApiScope = kind === 'bot' ? 'bot:play' : 'board:play';
    const player = async (req: FastifyRequest, reply: FastifyReply) => {
      const a = await door(req, reply, scope);
      if (kind === 'bot' && !a.caller.user.bot) throw new HttpRefusal(400, 'not-bot', 'The Bot API is for bot accounts: upgrade this account (POST /api/bot/account/upgrade) or use the Board API.');
      return a;
    };

    app.get(`/api/${kind}/game/stream/:gameId`, async (req, reply) => {
      const a = await player(req, reply);
      const gameId = gameIdOf(req);
      const link = await linkOf(a, gameId);
      // a second stream of the game for this token is refused, not shared: the first's hang-up frees the slot
      const done = deps.gameStreams.take(`${a.caller.tokenId}:${gameId}`, reply);
      const stream = streams.open(reply, a.caller.tokenId);
      stream.onEnd(done);
      const write = (line: GameLine) => (line ? stream.write(line) : stream.end());
      const { full, stop } = link.follow(write);
      stream.onEnd(stop);
      if (full) stream.write(full);
      if (!full || link.finished || !link.open) stream.end();
    });

    app.post(`/api/${kind}/game/:gameId/move/:move`, async (req, reply) => {
      const a = await player(req, reply);
      const link = await linkOf(a, gameIdOf(req));
      return answered(await link.move((req.params as { move: string }).move));
    });

    for (const action of ['resign', 'abort'] as const) {
      app.post(`/api/${kind}/game/:gameId/${action}`, async (req, reply) => {
        const link = await linkOf(await player(req, reply), gameIdOf(req));
        return answered(await link.command({ type: action }));
      });
    }

    // lishogi: /draw/yes offers or accepts, /draw/no declines
    app.post(`/api/${kind}/game/:gameId/draw/:accept`, async (req, reply) => {
      const link = await linkOf(await player(req, reply), gameIdOf(req));
      const yes = (req.params as { accept: string }).accept;
      if (yes !== 'yes' && yes !== 'no') throw new HttpRefusal(400, 'malformed', 'Malformed path: draw/yes or draw/no.');
      const offered = link.drawOfferedByOpponent;
      return answered(await link.command({ type: 'draw', action: yes === 'no' ? 'decline' : offered ? 'accept' : 'offer' }));
    });

    app.post(`/api/${kind}/game/:gameId/chat`, async (req, reply) => {
      const link = await linkOf(await player(req, reply), gameIdOf(req));
      const b = parsed(ApiChatBodySchema, req.body);
      return answered(await link.chat(b.room === 'player' ? 'players' : 'spectators', b.text));
    });
  }

  // ---- the event stream: challenges to and from the account, its games starting and finishing
  app.get('/api/stream/event', async (req, reply) => {
    const a = await door(req, reply, ['challenge:read', 'bot:play', 'board:play']);
    const me = a.caller.user.username;
    const origin = deps.origin(req);
    let socket: LoopSocket;
    try {
      socket = await deps.loopback.open(a.secret);
    } catch {
      throw new HttpRefusal(503, 'internal', 'The event stream could not start; try again.');
    }
    const stream = streams.open(reply, a.caller.tokenId);
    stream.onEnd(() => socket.close());
    void socket.closed.then(() => stream.end());
    const told = new Set<string>(); // games whose start was told: their end is told once, from their link
    const started = (gameId: string) => {
      if (told.has(gameId)) return;
      told.add(gameId);
      stream.write({ type: 'gameStart', game: { id: gameId, source: 'friend', compat: { bot: true, board: true } } });
      // its end, from the game's own link (which keeps the seat present while the program listens)
      void links.get(a.caller, a.secret, gameId).then((r) => {
        if (!r.ok) return;
        const { stop } = r.link.follow((line) => {
          if (line !== null) return;
          stop();
          stream.write({ type: 'gameFinish', game: { id: gameId, source: 'friend', compat: { bot: true, board: true } } });
        });
        stream.onEnd(stop);
        if (!r.link.open) stream.write({ type: 'gameFinish', game: { id: gameId, source: 'friend', compat: { bot: true, board: true } } });
      });
    };
    const challenge = (c: Challenge) => {
      const json = challengeJson(c, origin, me);
      if (c.status === 'open') stream.write({ type: 'challenge', challenge: json });
      else if (c.status === 'declined') stream.write({ type: 'challengeDeclined', challenge: json });
      else if (c.status === 'cancelled' || c.status === 'expired') stream.write({ type: 'challengeCanceled', challenge: json });
      else if (c.status === 'accepted' && c.gameId) started(c.gameId);
    };
    socket.listen((m) => { if (m.type === 'challenge') challenge(m.challenge); });
    // what stands now: the games in play, then the open challenges (those made meanwhile come once more, at worst)
    for (const gameId of await deps.gamesInPlay(a.caller.user.id)) started(gameId);
    const open = await challenges.list(a.caller.user.id);
    for (const c of [...open.incoming, ...open.outgoing].reverse()) challenge(c);
  });

  // ---- challenges
  const challengeIdOf = (req: FastifyRequest): string => {
    const id = IdSchema.safeParse((req.params as { id: string }).id);
    if (!id.success) throw new HttpRefusal(404, 'no-challenge', 'No such challenge.');
    return id.data;
  };
  const challengeAnswer = (r: ChallengeResult, req: FastifyRequest, me: string) => {
    if (!r.ok) throw refusal(r as { code: ErrorCode; message: string });
    return { challenge: challengeJson(r.challenge, deps.origin(req), me) };
  };

  app.post('/api/challenge/:username', async (req, reply) => {
    const a = await door(req, reply, 'challenge:write');
    await deps.limits.challenge(a.caller.user.id, req, reply);
    const name = UsernameSchema.safeParse((req.params as { username: string }).username);
    if (!name.success) throw new HttpRefusal(404, 'no-player', 'No such player.');
    const b = parsed(ApiChallengeBodySchema, req.body);
    const options = parsed(RoomOptionsPatchSchema, optionsOf(b));
    const color = b.color === 'sente' ? 'black' : b.color === 'gote' ? 'white' : 'random';
    const seat = apiSeat(a.caller.user);
    return challengeAnswer(await challenges.send({ ...seat, user: seat.user! }, name.data, options, color, b.rated), req, a.caller.user.username);
  });

  app.post('/api/challenge/:id/accept', async (req, reply) => {
    const a = await door(req, reply, ['challenge:write', 'bot:play', 'board:play']);
    await deps.limits.challenge(a.caller.user.id, req, reply);
    const seat = apiSeat(a.caller.user);
    const r = await challenges.accept({ ...seat, user: seat.user! }, challengeIdOf(req), req.ip);
    challengeAnswer(r, req, a.caller.user.username);
    return { ok: true };
  });

  app.post('/api/challenge/:id/decline', async (req, reply) => {
    const a = await door(req, reply, ['challenge:write', 'bot:play', 'board:play']);
    challengeAnswer(await challenges.decline(a.caller.user, challengeIdOf(req)), req, a.caller.user.username);
    return { ok: true };
  });

  app.post('/api/challenge/:id/cancel', async (req, reply) => {
    const a = await door(req, reply, ['challenge:write', 'bot:play', 'board:play']);
    challengeAnswer(await challenges.cancel(a.caller.user, challengeIdOf(req)), req, a.caller.user.username);
    return { ok: true };
  });
}

/**
 * `GET /api/account` with a personal token (any scope, as lishogi): the token's account as lishogi's
 * UserExtended, so a program learns the name it plays under. The site's own route answers a page's device.
 */
export function apiAccount(door: ApiDoor, facts: Pick<PublicFacts, 'account'>, origin: (req: FastifyRequest) => string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<UserJson> => {
    const { caller } = await door(req, reply, null);
    const found = await facts.account(caller.user.username);
    if (!found) throw new HttpRefusal(401, 'unauthenticated', 'This token\'s account was deleted.');
    return userJson(found, origin(req));
  };
}

/** lishogi's challenge fields as our room options (checked next by the options' own schema, with its words). */
function optionsOf(b: ApiChallengeBody): RoomOptionsPatch {
  const timeControl = b['clock.limit'] !== undefined
    ? { kind: 'clock' as const, initialSeconds: b['clock.limit'], incrementSeconds: b['clock.increment'] ?? 0, byoyomiSeconds: b['clock.byoyomi'] ?? 0, periods: b['clock.periods'] ?? 1 }
    : b.days !== undefined ? { kind: 'correspondence' as const, daysPerMove: b.days as 1 } : { kind: 'none' as const };
  return { variant: API_VARIANTS[b.variant], timeControl } as RoomOptionsPatch;
}
