// Issue 50: the objects our API streams, read against lishogi's own schemas (test/fixtures/lishogi-api,
// copied from its OpenAPI file), so a lishogi client's parser reads ours. The objects are the real ones:
// a bot's event and game streams over a short game with a person, a declined challenge and a chat line.
import { ChallengeResponseSchema } from '@chu/protocol';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { aMove, BOT_SCOPES, stream, tokenFor } from './support/botApi.ts';
import { account, post, request } from './support/http.ts';
import type { NdjsonReader } from './support/ndjson.ts';
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
  const exported: { game: Record<string, unknown>[]; user: Record<string, unknown> | null } = { game: [], user: null };
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
