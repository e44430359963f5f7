// Issue 50, the Bot API end to end over real HTTP and real NDJSON streams: a bot account's program
// hears a person's challenge on its event stream, accepts it, follows the game on its game stream and
// answers each move of the person (who plays on a socket, as the site's page does); both sides see
// every move in order; the person's resignation ends the bot's stream and its event stream says so.
import { ChallengeResponseSchema, CreatedApiTokenSchema, FriendsSchema, HttpErrorBodySchema, LeaderboardSchema, ProfileSchema, type Leaderboard } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { account, post, request } from './support/http.ts';
import { aMove, BOT_SCOPES, reopened, stream, tokenFor } from './support/botApi.ts';
import { NdjsonReader } from './support/ndjson.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 100 };

describe('the Bot API: a bot plays a person', () => {
  let server: TestServer;
  const open: { close(): void }[] = [];
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy, api: { keepAliveMs: 100, idleMs: 2_000 } }); });
  afterAll(async () => {
    open.forEach((o) => o.close());
    await server?.stop();
  });

  it('every move reaches both sides in order, and the end closes the bot\'s game stream', async () => {
    const url = server.url;
    const robo = await account(url, 'robo_bot');
    const secret = await tokenFor(url, robo.token, BOT_SCOPES);
    expect((await post(url, '/api/bot/account/upgrade', {}, { bearer: secret })).status).toBe(200);
    const events = await stream(url, '/api/stream/event', secret);
    open.push(events);
    expect(events.contentType).toBe('application/x-ndjson');

    const ana = await account(url, 'ana_person');
    const anaSocket = await TestClient.connect(url, ana);
    open.push(anaSocket);
    const timeControl = { kind: 'clock' as const, initialSeconds: 600, byoyomiSeconds: 10, periods: 1, incrementSeconds: 0 };
    const sent = await post(url, '/api/challenges', { to: 'ROBO_BOT', color: 'black', options: { timeControl, variant: 'chu' } }, { bearer: ana.token });
    const challenge = ChallengeResponseSchema.parse(await sent.json()).challenge;

    // the bot hears it, in lishogi's shape, and accepts
    const heard = await events.next((l) => l.type === 'challenge');
    expect(heard.challenge).toMatchObject({
      id: challenge.id, status: 'created', challenger: { id: 'ana_person', name: 'ana_person' }, destUser: { name: 'robo_bot' },
      variant: { key: 'chushogi' }, color: 'sente', direction: 'in', timeControl: { type: 'clock', limit: 600, byoyomi: 10, periods: 1 },
    });
    expect((await post(url, `/api/challenge/${challenge.id}/accept`, {}, { bearer: secret })).status).toBe(200);
    const start = await events.next((l) => l.type === 'gameStart');
    const gameId = (start.game as { id: string }).id;
    const accepted = (await anaSocket.nextOf('challenge', (m) => m.challenge.status === 'accepted')).challenge;
    expect(accepted.gameId).toBe(gameId);

    // the bot's game stream: gameFull first, the bot marked BOT
    let game = await stream(url, `/api/bot/game/stream/${gameId}`, secret);
    open.push(game);
    const full = await game.next();
    expect(full).toMatchObject({
      type: 'gameFull', id: gameId, variant: { key: 'chushogi' }, clock: { limit: 600, increment: 0, byoyomi: 10, periods: 1 }, rated: false,
      sente: { id: 'ana_person', name: 'ana_person', title: null }, gote: { id: 'robo_bot', name: 'robo_bot', title: 'BOT' },
      initialSfen: 'startpos', state: { type: 'gameState', moves: '', status: 'started', btime: 600_000, wtime: 600_000, byo: 10_000 },
    });

    // one stream per game and token (lishogi's rule): a second is refused, not shared
    const second = await NdjsonReader.open(url, `/api/bot/game/stream/${gameId}`, secret);
    expect(second).toMatchObject({ status: 429, retryAfter: '5', body: { code: 'rate-limited' } });

    // the person's socket is in the room; the bot's seat shows BOT there too
    const room = await anaSocket.join(accepted.roomCode!);
    expect(room.seats.white).toMatchObject({ name: 'robo_bot', bot: true, connected: true });
    await anaSocket.until(() => anaSocket.game?.id === gameId);
    const view = anaSocket.game!;

    const played: string[] = [];
    const states: string[] = [];
    for (let ply = 0; ply < 12; ply++) {
      const usi = aMove(view, played, ply);
      if (ply % 2 === 0) {
        expect((await anaSocket.move(usi)).type).toBe('ack');
      } else {
        const res = await post(url, `/api/bot/game/${gameId}/move/${usi}`, undefined, { bearer: secret });
        expect(res.status, await res.clone().text()).toBe(200);
        expect(await res.json()).toEqual({ ok: true });
      }
      played.push(usi);
      const state = await game.next((l) => l.type === 'gameState' && l.moves === played.join(' '));
      states.push(state.moves as string);
      await anaSocket.until(() => anaSocket.game!.moves.length === ply + 1); // versions count presence events too: wait for the move itself
    }
    // each gameState carried the moves so far, one more each time, in the order they were played
    expect(states).toEqual(played.map((_, i) => played.slice(0, i + 1).join(' ')));
    expect(anaSocket.game!.moves).toEqual(played);
    expect(game.lines.filter((l) => l.type === 'gameState').map((l) => l.moves)).toEqual(states);

    // the program drops its stream: the server hears it and lets the next one in, from the moves so far
    game.close();
    game = await reopened(url, `/api/bot/game/stream/${gameId}`, secret);
    open.push(game);
    expect(await game.next()).toMatchObject({ type: 'gameFull', state: { moves: played.join(' ') } });

    // a move out of turn is refused with the socket's words; an illegal one too
    const early = await post(url, `/api/bot/game/${gameId}/move/${aMove(view, played, 99)}`, undefined, { bearer: secret });
    expect(early.status).toBe(400);
    expect(HttpErrorBodySchema.parse(await early.json())).toMatchObject({ code: 'not-your-turn', message: 'It is not your turn.' });

    // chat both ways as chatLine
    expect((await post(url, `/api/bot/game/${gameId}/chat`, 'room=player&text=good+luck', { bearer: secret, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    expect(await game.next((l) => l.type === 'chatLine')).toEqual({ type: 'chatLine', room: 'player', username: 'robo_bot', text: 'good luck' });

    // the person resigns: the last gameState names the winner, the stream ends, the event stream says the game finished
    anaSocket.send({ type: 'resign', gameId });
    expect(await game.next((l) => l.type === 'gameState' && l.status !== 'started')).toMatchObject({ status: 'resign', winner: 'gote', moves: played.join(' ') });
    await game.untilEnd();
    expect(await events.next((l) => l.type === 'gameFinish')).toMatchObject({ game: { id: gameId } });
    expect(events.keepAlives).toBeGreaterThan(0);
  });

  it('a program challenges a person with lishogi\'s fields: cancelled, then accepted; the Board API plays a person\'s program', async () => {
    const url = server.url;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const bot = await account(url, 'sender_bot');
    const secret = await tokenFor(url, bot.token, BOT_SCOPES);
    await post(url, '/api/bot/account/upgrade', {}, { bearer: secret });
    const events = await stream(url, '/api/stream/event', secret);
    open.push(events);
    const kai = await account(url, 'kai_person');
    const kaiSocket = await TestClient.connect(url, kai);
    open.push(kaiSocket);

    // rated, but too short a control to rate: refused in the ranked rule's words
    const rated = await post(url, '/api/challenge/kai_person', 'clock.limit=60&color=gote&rated=true', { bearer: secret, headers: form });
    expect(rated.status).toBe(400);
    expect(HttpErrorBodySchema.parse(await rated.json()).message).toMatch(/estimated length of at least 250 s/);
    const made = async () => {
      const res = await post(url, '/api/challenge/kai_person', 'clock.limit=300&clock.byoyomi=10&clock.periods=1&color=gote&variant=chushogi', { bearer: secret, headers: form });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { challenge: Record<string, unknown> & { id: string } }).challenge;
    };
    const first = await made();
    expect(first).toMatchObject({ status: 'created', direction: 'out', color: 'gote', challenger: { name: 'sender_bot' }, destUser: { name: 'kai_person' } });
    expect((await post(url, `/api/challenge/${first.id}/cancel`, {}, { bearer: secret })).status).toBe(200);
    expect(await events.next((l) => l.type === 'challengeCanceled')).toMatchObject({ challenge: { id: first.id, status: 'canceled' } });

    const second = await made();
    expect((await post(url, `/api/challenges/${second.id}/accept`, {}, { bearer: kai.token })).status).toBe(200);
    const gameId = ((await events.next((l) => l.type === 'gameStart')).game as { id: string }).id;
    const game = await stream(url, `/api/bot/game/stream/${gameId}`, secret);
    open.push(game);
    expect(await game.next()).toMatchObject({ type: 'gameFull', sente: { name: 'kai_person', title: null }, gote: { name: 'sender_bot', title: 'BOT' } });

    // a person's own program on the Board API: it challenges Kai as Black and moves first
    const lee = await account(url, 'lee_person');
    const board = await tokenFor(url, lee.token, ['board:play', 'challenge:write']);
    const res = await post(url, '/api/challenge/kai_person', { color: 'sente' }, { bearer: board });
    const boardChallenge = ((await res.json()) as { challenge: { id: string } }).challenge;
    const accepted = await post(url, `/api/challenges/${boardChallenge.id}/accept`, {}, { bearer: kai.token });
    const boardGame = ChallengeResponseSchema.parse(await accepted.json()).challenge.gameId!;
    const boardStream = await stream(url, `/api/board/game/stream/${boardGame}`, board);
    open.push(boardStream);
    const full = await boardStream.next();
    expect(full).toMatchObject({ type: 'gameFull', clock: null, sente: { name: 'lee_person', title: null }, state: { moves: '', btime: 2_147_483_647 } });
    await kaiSocket.join((await kaiSocket.nextOf('challenge', (m) => m.challenge.id === boardChallenge.id && m.challenge.status === 'accepted')).challenge.roomCode!);
    await kaiSocket.until(() => kaiSocket.game?.id === boardGame);
    const usi = aMove(kaiSocket.game!, [], 3);
    expect((await post(url, `/api/board/game/${boardGame}/move/${usi}`, undefined, { bearer: board })).status).toBe(200);
    expect(await boardStream.next((l) => l.type === 'gameState')).toMatchObject({ moves: usi, status: 'started' });
    await kaiSocket.until(() => kaiSocket.game!.moves.length === 1);
    expect(kaiSocket.game!.moves).toEqual([usi]);
    // the Bot API is not a person's
    const botRoute = await post(url, `/api/bot/game/${boardGame}/move/${usi}`, undefined, { bearer: board });
    expect(botRoute.status).toBe(403);
  });

  it('a person who takes no challenges from bots refuses a bot\'s (403, in words) and still takes a person\'s program\'s; saying yes again lets it through', async () => {
    const url = server.url;
    const bot = await account(url, 'eager_bot');
    const secret = await tokenFor(url, bot.token, BOT_SCOPES);
    await post(url, '/api/bot/account/upgrade', {}, { bearer: secret });
    const mio = await account(url, 'mio_person');
    expect(FriendsSchema.parse(await (await request(url, 'GET', '/api/friends', undefined, { bearer: mio.token })).json()).botChallenges).toBe(true);
    const said = async (botChallenges: boolean) => {
      const res = await post(url, '/api/friends/settings', { botChallenges }, { bearer: mio.token });
      expect(FriendsSchema.parse(await res.json())).toMatchObject({ botChallenges, challengesFrom: 'everyone' });
    };
    const challenge = (bearer: string) => post(url, '/api/challenge/mio_person', { 'clock.limit': 300, 'clock.byoyomi': 10 }, { bearer });
    await said(false);
    const refused = await challenge(secret);
    expect(refused.status).toBe(403);
    expect(HttpErrorBodySchema.parse(await refused.json())).toEqual({ code: 'no-bots', message: 'mio_person takes no challenges from bots.' });
    const person = await tokenFor(url, (await account(url, 'ned_person')).token, ['board:play', 'challenge:write']);
    expect((await challenge(person)).status).toBe(200);
    await said(true);
    expect((await challenge(secret)).status).toBe(200);
  });

  it('a rated challenge with a bot rates the bot in the bots\' pool and the person in their own; people\'s leaderboards never list the bot', async () => {
    const url = server.url;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const bot = await account(url, 'rated_bot');
    const secret = await tokenFor(url, bot.token, BOT_SCOPES);
    await post(url, '/api/bot/account/upgrade', {}, { bearer: secret });
    const eve = await account(url, 'eve_person');
    const eveSocket = await TestClient.connect(url, eve);
    open.push(eveSocket);

    // two people may not make a rated challenge: theirs come from the ranked queue
    const lee = await account(url, 'lee_rated');
    const board = await tokenFor(url, lee.token, ['board:play', 'challenge:write']);
    const people = await post(url, '/api/challenge/eve_person', 'clock.limit=600&clock.byoyomi=30&rated=true', { bearer: board, headers: form });
    expect(people.status).toBe(400);
    expect(HttpErrorBodySchema.parse(await people.json()).message).toMatch(/Rated challenges are for games with a bot/);

    const sent = await post(url, '/api/challenge/eve_person', 'clock.limit=600&clock.byoyomi=30&clock.periods=1&color=gote&rated=true', { bearer: secret, headers: form });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const challenge = ((await sent.json()) as { challenge: { id: string; rated: boolean } }).challenge;
    expect(challenge.rated).toBe(true);
    const accepted = ChallengeResponseSchema.parse(await (await post(url, `/api/challenges/${challenge.id}/accept`, {}, { bearer: eve.token })).json()).challenge;
    const gameId = accepted.gameId!;
    const game = await stream(url, `/api/bot/game/stream/${gameId}`, secret);
    open.push(game);
    expect(await game.next()).toMatchObject({ type: 'gameFull', rated: true, sente: { name: 'eve_person' }, gote: { name: 'rated_bot', title: 'BOT' } });
    await eveSocket.join(accepted.roomCode!);
    await eveSocket.until(() => eveSocket.game?.id === gameId);
    const view = eveSocket.game!;
    const first = aMove(view, [], 1);
    expect((await eveSocket.move(first)).type).toBe('ack');
    expect((await post(url, `/api/bot/game/${gameId}/move/${aMove(view, [first], 2)}`, undefined, { bearer: secret })).status).toBe(200);
    await eveSocket.until(() => eveSocket.game!.moves.length === 2);
    eveSocket.send({ type: 'resign', gameId });
    await game.untilEnd();

    // each moved in its own pool, against the other's 1500: the bot up, the person down
    const leaderboard = async (pool: string) => LeaderboardSchema.parse(await (await request(url, 'GET', `/api/leaderboard?pool=${pool}`)).json());
    const names = (b: Leaderboard) => [...b.players, ...b.provisional].map((p) => p.username);
    const bots = await leaderboard('bot');
    expect(names(bots)).toEqual(['rated_bot']);
    expect(bots.provisional[0]).toMatchObject({ wins: 1, losses: 0 });
    expect(bots.provisional[0].rating).toBeGreaterThan(1500);
    const realtime = await leaderboard('realtime');
    expect(names(realtime)).toContain('eve_person');
    expect(names(realtime)).not.toContain('rated_bot');
    expect(names(await leaderboard('correspondence'))).not.toContain('rated_bot');
    const eveProfile = ProfileSchema.parse(await (await request(url, 'GET', '/api/players/eve_person')).json());
    expect(eveProfile.ratings.realtime).toMatchObject({ wins: 0, losses: 1 });
    expect(eveProfile.ratings.realtime.rating).toBeLessThan(1500);
    expect(eveProfile.ratings.bot).toBeUndefined();
    const botProfile = ProfileSchema.parse(await (await request(url, 'GET', '/api/players/rated_bot')).json());
    expect(botProfile.ratings.bot).toMatchObject({ wins: 1, rating: bots.provisional[0].rating });
    expect(botProfile.ratings.realtime).toMatchObject({ wins: 0, losses: 0 });
    // lishogi's user: the bot's pool under each speed
    const user = (await (await request(url, 'GET', '/api/user/rated_bot')).json()) as { perfs: Record<string, { games: number; rating: number }> };
    expect(user.perfs.rapid).toMatchObject({ games: 1, rating: Math.round(bots.provisional[0].rating) });
    expect(user.perfs.correspondence).toEqual(user.perfs.rapid);
  });

  it('a token without bot:play, a person\'s account, and a revoked token are refused on the game stream', async () => {
    const url = server.url;
    const cy = await account(url, 'cy_person');
    const readOnly = await tokenFor(url, cy.token, ['challenge:read']);
    const r1 = await NdjsonReader.open(url, '/api/bot/game/stream/someGame', readOnly);
    expect(r1).toMatchObject({ status: 403, body: { code: 'missing-scope' } });
    const board = await tokenFor(url, cy.token, ['bot:play']);
    const r2 = await NdjsonReader.open(url, '/api/bot/game/stream/someGame', board);
    expect(r2).toMatchObject({ status: 400, body: { code: 'not-bot', message: expect.stringMatching(/bot accounts/) } });
  });

  it('a revoked token\'s event stream ends at the next keep-alive', async () => {
    const url = server.url;
    const di = await account(url, 'di_bot');
    const res = await post(url, '/api/account/tokens', { description: 'bot', scopes: ['challenge:read'] }, { bearer: di.token });
    const made = CreatedApiTokenSchema.parse(await res.json());
    const events = await stream(url, '/api/stream/event', made.secret);
    open.push(events);
    expect((await post(url, `/api/account/tokens/${made.token.id}/revoke`, {}, { bearer: di.token })).status).toBe(200);
    await events.untilEnd();
    const again = await NdjsonReader.open(url, '/api/stream/event', made.secret);
    expect(again).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
  });
});
