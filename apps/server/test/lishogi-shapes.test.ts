// Issue 50: the objects our API streams, read against lishogi's own schemas (test/fixtures/lishogi-api,
// copied from its OpenAPI file), so a lishogi client's parser reads ours. The objects are the real ones:
// a bot's event and game streams over a short game with a person, a declined challenge and a chat line.
import { ChallengeResponseSchema, rulesOptions } from '@chu/protocol';
import { Game } from '@chu/rules';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { aMove, BOT_SCOPES, reopened, stream, tokenFor } from './support/botApi.ts';
import { account, post, request } from './support/http.ts';
import { table } from './support/finishedGames.ts';
import { NdjsonReader } from './support/ndjson.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const spec = JSON.parse(readFileSync(new URL('./fixtures/lishogi-api/schemas.json', import.meta.url), 'utf8')) as { schemas: Record<string, Record<string, unknown>> };
// mended at load, as the fixture's README says: no validator compiles `{ "type": "LP" }`
const schemas = JSON.parse(JSON.stringify(spec.schemas).replace('{"type":"LP"}', '{"const":"LP"}')) as Record<string, object>;
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ components: { schemas } }, 'lishogi');
const validator = (name: string) => ajv.getSchema(`lishogi#/components/schemas/${name}`)!;

// each line type of our streams, and lishogi's schema for it
const SCHEMA_OF: Record<string, string> = {
  gameFull: 'GameFullEvent', gameState: 'GameStateEvent', chatLine: 'ChatLineEvent',
  gameStart: 'GameStartEvent', gameFinish: 'GameFinishEvent', challenge: 'ChallengeEvent', challengeDeclined: 'ChallengeDeclinedEvent',
};

describe('our streams, read by lishogi\'s schemas', () => {
  let server: TestServer;
  const lines: Record<string, unknown>[] = [];
  const exported: { game: Record<string, unknown>[]; user: Record<string, unknown> | null; me: Record<string, unknown> | null } = { game: [], user: null, me: null };
  const open: { close(): void }[] = [];
  beforeAll(async () => {
    server = await startTestServer({ httpLimits: { ...defaultConfig().httpLimits, devices: 200, registers: 100 }, api: { keepAliveMs: 100, idleMs: 2_000 } });
    const url = server.url;
    const bot = await account(url, 'shape_bot');
    const secret = await tokenFor(url, bot.token, BOT_SCOPES);
    await post(url, '/api/bot/account/upgrade', {}, { bearer: secret });
    const events = await stream(url, '/api/stream/event', secret);
    const ana = await account(url, 'shape_ana');
    const socket = await TestClient.connect(url, ana);
    open.push(events, socket);
    const challenge = async (body: object) => ChallengeResponseSchema.parse(await (await post(url, '/api/challenges', body, { bearer: ana.token })).json()).challenge;

    const declined = await challenge({ to: 'shape_bot', options: { timeControl: { kind: 'correspondence', daysPerMove: 3 } } });
    await events.next((l) => l.type === 'challenge');
    await post(url, `/api/challenge/${declined.id}/decline`, {}, { bearer: secret });
    await events.next((l) => l.type === 'challengeDeclined');

    const played = await challenge({ to: 'shape_bot', color: 'black', options: { timeControl: { kind: 'clock', initialSeconds: 300, byoyomiSeconds: 10, periods: 1, incrementSeconds: 5 } } });
    await events.next((l) => l.type === 'challenge' && (l.challenge as { id: string }).id === played.id);
    await post(url, `/api/challenge/${played.id}/accept`, {}, { bearer: secret });
    const gameId = ((await events.next((l) => l.type === 'gameStart')).game as { id: string }).id;
    const game: NdjsonReader = await stream(url, `/api/bot/game/stream/${gameId}`, secret);
    open.push(game);
    await game.next((l) => l.type === 'gameFull');
    const accepted = (await socket.nextOf('challenge', (m) => m.challenge.status === 'accepted')).challenge;
    await socket.join(accepted.roomCode!);
    await socket.until(() => socket.game?.id === gameId);
    const view = socket.game!;
    const first = aMove(view, [], 1);
    await socket.move(first);
    await game.next((l) => l.type === 'gameState' && l.moves === first);
    await post(url, `/api/bot/game/${gameId}/move/${aMove(view, [first], 2)}`, undefined, { bearer: secret });
    await post(url, `/api/bot/game/${gameId}/chat`, { room: 'player', text: 'hello' }, { bearer: secret });
    await game.next((l) => l.type === 'chatLine');
    socket.send({ type: 'draw', gameId, action: 'offer' });
    await game.next((l) => l.type === 'gameState' && l.bdraw === true);
    socket.send({ type: 'resign', gameId });
    await game.untilEnd();
    await events.next((l) => l.type === 'gameFinish');
    lines.push(...events.lines, ...game.lines);
    // the game export's objects: the game alone, as a line of the bot's games, and the bot itself
    exported.game.push(await (await request(url, 'GET', `/api/game/export/${gameId}`)).json() as Record<string, unknown>);
    const text = await (await request(url, 'GET', '/api/games/user/shape_bot')).text();
    exported.game.push(...text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>));
    exported.user = await (await request(url, 'GET', '/api/user/shape_bot')).json() as Record<string, unknown>;
    exported.me = await (await request(url, 'GET', '/api/account', undefined, { bearer: secret })).json() as Record<string, unknown>;
  });
  afterAll(async () => {
    open.forEach((o) => o.close());
    await server?.stop();
  });

  it('every kind of line was sent', () => {
    expect(new Set(lines.map((l) => l.type))).toEqual(new Set(Object.keys(SCHEMA_OF)));
  });

  it.each(Object.entries(SCHEMA_OF))('each %s line is a valid %s', (type, schema) => {
    const validate = validator(schema);
    for (const line of lines.filter((l) => l.type === type)) {
      expect(validate(line) ? [] : validate.errors, JSON.stringify(line)).toEqual([]);
    }
  });

  it('the game export\'s games are valid GameJson, its bot a valid UserExtended titled BOT', () => {
    expect(exported.game).toHaveLength(2);
    expect(exported.game[1]).toEqual(exported.game[0]);
    const game = validator('GameJson');
    for (const g of exported.game) expect(game(g) ? [] : game.errors, JSON.stringify(g)).toEqual([]);
    expect(exported.game[0]).toMatchObject({ variant: 'chushogi', status: 'resign', winner: 'gote', players: { gote: { user: { name: 'shape_bot', title: 'BOT' } } } });
    const user = validator('UserExtended');
    expect(user(exported.user) ? [] : user.errors, JSON.stringify(exported.user)).toEqual([]);
    expect(exported.user).toMatchObject({ id: 'shape_bot', username: 'shape_bot', title: 'BOT' });
    expect(game({ ...exported.game[0], variant: 'daishogi' })).toBe(false); // the check is not empty
  });

  it('GET /api/account with the bot\'s token is its account as a valid UserExtended, as /api/user shows it', () => {
    const user = validator('UserExtended');
    expect(user(exported.me) ? [] : user.errors, JSON.stringify(exported.me)).toEqual([]);
    expect(exported.me).toEqual(exported.user);
  });

  it('the schemas do refuse what lishogi would not read (the check is not empty)', () => {
    const state = lines.find((l) => l.type === 'gameState')!;
    const { btime: _, ...noClock } = state;
    expect(validator('GameStateEvent')(noClock)).toBe(false);
    expect(validator('GameStateEvent')({ ...state, status: 'adjourned' })).toBe(false);
    expect(validator('GameFullEvent')({ ...lines.find((l) => l.type === 'gameFull')!, variant: { key: 'dai' } })).toBe(false);
  });

  it('a gameFull carries lishogi\'s required fields, its state one of its statuses, and a finished state names the winner', () => {
    const full = lines.find((l) => l.type === 'gameFull')!;
    expect(full).toMatchObject({ variant: { key: 'chushogi' }, speed: 'rapid', clock: { limit: 300, increment: 5, byoyomi: 10, periods: 1 } });
    const last = lines.filter((l) => l.type === 'gameState').at(-1)!;
    expect(last).toMatchObject({ status: 'resign', winner: 'gote', binc: 5000, winc: 5000, byo: 10_000 });
  });
});

// lishogi's MoveStream is an example in its spec, not a schema: the schema is read from the example, each
// key of its first line required with its value's type, a move line's as its lines have them; the
// fields lishogi types elsewhere (variant, speed, status) are checked by those schemas.
const moveStream = (spec.schemas.MoveStream as { example: Record<string, unknown>[] }).example;
const typeOf = (v: unknown): object =>
  Array.isArray(v) ? { type: 'array' } : v !== null && typeof v === 'object'
    ? { type: 'object', required: Object.keys(v), properties: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeOf(x)])) }
    : { type: Number.isInteger(v) ? 'integer' : typeof v };
const described = typeOf(moveStream[0]) as { required: string[]; properties: Record<string, object> };
const lishogiRef = (name: string) => ({ $ref: `lishogi#/components/schemas/${name}` });
const gameLineSchema = ajv.compile({
  ...described,
  required: described.required.filter((k) => k !== 'lastMove'), // before the first move there is none
  properties: { ...described.properties, variant: lishogiRef('Variant'), speed: lishogiRef('Speed'), status: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: lishogiRef('GameStatus') } } },
});
const moveLineSchema = ajv.compile({ ...typeOf(moveStream[2]), required: ['sfen'] });

describe('a spectator\'s stream of a game, read by lishogi\'s MoveStream', () => {
  let server: TestServer;
  const open: { close(): void }[] = [];
  beforeAll(async () => {
    server = await startTestServer({ httpLimits: { ...defaultConfig().httpLimits, devices: 200 }, api: { keepAliveMs: 100, idleMs: 2_000 } });
  });
  afterAll(async () => {
    open.forEach((o) => o.close());
    await server?.stop();
  });

  it('a public room\'s game: described, then every move in order with its position and both clocks, described again at its end', async () => {
    const url = server.url;
    const t = await table(url, await TestClient.device(url, 'Sara'), await TestClient.device(url, 'Tomas'), { public: true, timeControl: { kind: 'clock', initialSeconds: 600, incrementSeconds: 0, byoyomiSeconds: 10, periods: 1 } });
    open.push(t);
    t.host.send({ type: 'room.start', code: t.code });
    const start = await t.host.nextOf('game', (m) => m.reason === 'start');
    const gameId = start.game.id;
    const watch = await stream(url, `/api/stream/game/${gameId}`, null); // no credential: anyone may watch a listed room's game
    open.push(watch);
    expect(watch.contentType).toBe('application/x-ndjson');
    const first = await watch.next();
    expect(gameLineSchema(first) ? [] : gameLineSchema.errors).toEqual([]);
    expect(first).toMatchObject({ id: gameId, variant: { key: 'chushogi' }, status: { id: 20, name: 'started' }, turns: 0, player: 'sente', rated: false });
    expect(await watch.next()).toEqual({ sfen: first.sfen, bc: 600, wc: 600 });

    const played: string[] = [];
    const game = Game.replay([], rulesOptions(start.game.options), start.game.startSfen);
    if (!game.ok) throw new Error('no game');
    for (let i = 0; i < 12; i++) {
      const usi = aMove(start.game, played, i + 3);
      const mover = i % 2 === 0 ? t.host : t.guest;
      expect((await mover.move(usi)).type).toBe('ack');
      await Promise.all([t.host, t.guest].map((c) => c.until(() => c.game?.moves.length === i + 1)));
      played.push(usi);
      game.value.play(usi);
      const line = await watch.next();
      expect(moveLineSchema(line) ? [] : moveLineSchema.errors, JSON.stringify(line)).toEqual([]);
      expect(line).toMatchObject({ lm: usi, sfen: game.value.sfen() }); // in order, each once
      expect(line.bc).toBeLessThanOrEqual(600);
    }
    t.guest.send({ type: 'resign', gameId });
    const last = await watch.next();
    expect(gameLineSchema(last) ? [] : gameLineSchema.errors).toEqual([]);
    expect(last).toMatchObject({ id: gameId, status: { id: 31, name: 'resign' }, winner: 'sente', turns: 12, lastMove: played.at(-1), sfen: game.value.sfen() });
    await watch.untilEnd();
    expect(watch.lines).toHaveLength(2 + 12 + 1);
  });

  it('a private room\'s game is no game to a stranger, and its players (by their device) watch it', async () => {
    const url = server.url;
    const sara = await TestClient.device(url, 'Sara');
    const t = await table(url, sara, await TestClient.device(url, 'Tomas'));
    open.push(t);
    t.host.send({ type: 'room.start', code: t.code });
    const gameId = (await t.host.nextOf('game', (m) => m.reason === 'start')).game.id;
    const stranger = await NdjsonReader.open(url, `/api/stream/game/${gameId}`, null);
    expect(stranger).toMatchObject({ status: 404, body: { code: 'no-game' } });
    const hers = await stream(url, `/api/stream/game/${gameId}`, sara.token);
    open.push(hers);
    expect(await hers.next()).toMatchObject({ id: gameId, source: 'friend' });
    hers.close();
  });

  it('an address holds 8 game streams at once; the 9th is refused with Retry-After until one closes', async () => {
    const url = server.url;
    const t = await table(url, await TestClient.device(url, 'Sara'), await TestClient.device(url, 'Tomas'), { public: true });
    open.push(t);
    t.host.send({ type: 'room.start', code: t.code });
    const gameId = (await t.host.nextOf('game', (m) => m.reason === 'start')).game.id;
    const eight = await Promise.all(Array.from({ length: 8 }, () => stream(url, `/api/stream/game/${gameId}`, null)));
    open.push(...eight);
    expect(await NdjsonReader.open(url, `/api/stream/game/${gameId}`, null)).toMatchObject({ status: 429, retryAfter: '5' });
    eight[0].close(); // the server hears the hang-up and frees its slot
    open.push(await reopened(url, `/api/stream/game/${gameId}`, null));
  });
});
