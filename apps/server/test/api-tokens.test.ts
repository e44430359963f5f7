// Issue 50, personal API tokens: made with scopes on the account page (shown once, kept hashed), listed,
// revoked; a token works on the API routes only and a device's session never does; a route needing a
// scope refuses a token without it (403 naming it); a revoked token is refused; limits per token and
// per address answer 429 with Retry-After. And bot accounts: the upgrade, once, for an account with no games.
import { ApiTokenListSchema, CreatedApiTokenSchema, HttpErrorBodySchema, type ApiScope } from '@chu/protocol';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { account, post, request } from './support/http.ts';
import { NdjsonReader } from './support/ndjson.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 100 };
const makeToken = async (url: string, session: string, scopes: ApiScope[], description = 'my bot') => {
  const res = await post(url, '/api/account/tokens', { description, scopes }, { bearer: session });
  expect(res.status, await res.clone().text()).toBe(200);
  return CreatedApiTokenSchema.parse(await res.json());
};
const upgrade = (url: string, bearer: string) => post(url, '/api/bot/account/upgrade', {}, { bearer });
async function refusal(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = HttpErrorBodySchema.parse(await res.json());
  expect(body.code).toBe(code);
  return body.message;
}

describe('personal API tokens', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy }); });
  afterAll(async () => { await server?.stop(); });

  it('are shown once, kept as a hash, listed without their secret, and revoked by their owner only', async () => {
    const ana = await account(server.url, 'tok_ana');
    const made = await makeToken(server.url, ana.token, ['bot:play', 'challenge:read']);
    expect(made.secret).toMatch(/^chu_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({ description: 'my bot', scopes: ['bot:play', 'challenge:read'], lastUsedAt: null });
    const row = await server.db.prisma.apiToken.findUniqueOrThrow({ where: { id: made.token.id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(made.secret).digest('hex'));
    const listed = await request(server.url, 'GET', '/api/account/tokens', undefined, { bearer: ana.token });
    const text = await listed.text();
    expect(text).not.toContain(made.secret);
    expect(ApiTokenListSchema.parse(JSON.parse(text)).tokens).toEqual([made.token]);

    const ben = await account(server.url, 'tok_ben');
    await refusal(await post(server.url, `/api/account/tokens/${made.token.id}/revoke`, {}, { bearer: ben.token }), 404, 'no-token');
    expect((await post(server.url, `/api/account/tokens/${made.token.id}/revoke`, {}, { bearer: ana.token })).status).toBe(200);
    expect(await refusal(await upgrade(server.url, made.secret), 401, 'unauthenticated')).toMatch(/revoked/);
    expect(ApiTokenListSchema.parse(await (await request(server.url, 'GET', '/api/account/tokens', undefined, { bearer: ana.token })).json()).tokens).toEqual([]);
  });

  // [body, what the refusal names]
  const malformed: [unknown, RegExp][] = [
    [{ description: 'x', scopes: ['bot:play', 'bot:play'] }, /scopes: a scope is named twice/],
    [{ description: 'x', scopes: ['web:mod'] }, /scopes\.0/],
    [{ description: '', scopes: [] }, /description: a token needs a description/],
    [{ description: 'x', scopes: [], extra: 1 }, /extra/],
  ];
  it.each(malformed)('a malformed request for a token (%j) is refused, naming what was wrong, and makes none', async (body, named) => {
    const who = await account(server.url, `tok_m${malformed.findIndex((m) => m[0] === body)}`);
    expect(await refusal(await post(server.url, '/api/account/tokens', body, { bearer: who.token }), 400, 'malformed')).toMatch(named);
    expect(await server.db.prisma.apiToken.count({ where: { user: { username: `tok_m${malformed.findIndex((m) => m[0] === body)}` } } })).toBe(0);
  });

  it('a token never opens the web session, and the web session never opens the API', async () => {
    const cy = await account(server.url, 'tok_cy');
    const { secret } = await makeToken(server.url, cy.token, ['bot:play']);
    expect(await refusal(await request(server.url, 'GET', '/api/me', undefined, { bearer: secret }), 401, 'api-token')).toMatch(/API routes only/);
    await refusal(await post(server.url, '/api/account/tokens', { description: 'more', scopes: [] }, { bearer: secret }), 401, 'api-token');
    await refusal(await request(server.url, 'GET', '/api/me', undefined, { cookie: `chu_device=${secret}` }), 401, 'api-token');
    // the device's token, as a bearer or as its cookie, on an API route
    expect(await refusal(await upgrade(server.url, cy.token), 401, 'api-token-required')).toMatch(/personal API token/);
    await refusal(await upgrade(server.url, ''), 401, 'api-token-required');
    await refusal(await request(server.url, 'POST', '/api/bot/account/upgrade', {}, { cookie: `chu_device=${cy.token}` }), 401, 'api-token-required');
  });

  it('a route needing a scope refuses a token without it, naming the scope', async () => {
    const di = await account(server.url, 'tok_di');
    const { secret } = await makeToken(server.url, di.token, ['board:play', 'challenge:read', 'challenge:write', 'preference:read']);
    expect(await refusal(await upgrade(server.url, secret), 403, 'missing-scope')).toMatch(/lacks the scope bot:play/);
    expect(await server.db.prisma.user.findFirstOrThrow({ where: { username: 'tok_di' }, select: { bot: true } })).toEqual({ bot: false });
  });
});

describe('API streams', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy, api: { keepAliveMs: 600_000, idleMs: 30_000 } }); });
  afterAll(async () => { await server?.stop(); });

  it('a stream is open as soon as it is asked for, before its first line or keep-alive', async () => {
    const eve = await account(server.url, 'str_eve');
    const { secret } = await makeToken(server.url, eve.token, ['challenge:read']);
    const events = await NdjsonReader.open(server.url, '/api/stream/event', secret);
    if (!(events instanceof NdjsonReader)) throw new Error(`refused: ${events.status}`);
    expect([events.status, events.contentType, events.lines, events.keepAlives]).toEqual([200, 'application/x-ndjson', [], 0]);
    events.close();
  });
});

describe('API limits', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: { ...roomy, apiPerToken: 3, apiPerAddress: 4 } }); });
  afterAll(async () => { await server?.stop(); });

  it('a token past its requests is refused 429 with Retry-After, and so is an address past its own across tokens', async () => {
    const ed = await account(server.url, 'lim_ed');
    const [a, b] = [await makeToken(server.url, ed.token, []), await makeToken(server.url, ed.token, [])];
    for (let i = 0; i < 3; i++) await refusal(await upgrade(server.url, a.secret), 403, 'missing-scope');
    const limited = await upgrade(server.url, a.secret);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refusal(limited, 429, 'rate-limited')).toMatch(/with this token/);
    // the other token has its own count, but the address has used its four
    expect(await refusal(await upgrade(server.url, b.secret), 429, 'rate-limited')).toMatch(/from this address/);
  });
});

describe('bot accounts', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy }); });
  afterAll(async () => { await server?.stop(); });

  it('an account with no games becomes a bot once, for good', async () => {
    const fay = await account(server.url, 'bot_fay');
    const { secret } = await makeToken(server.url, fay.token, ['bot:play']);
    const res = await upgrade(server.url, secret);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await refusal(await upgrade(server.url, secret), 400, 'already-bot');
    expect(await server.db.prisma.user.findFirstOrThrow({ where: { username: 'bot_fay' }, select: { bot: true } })).toEqual({ bot: true });
    // its profile says so; a person's does not
    const profile = async (name: string) => ((await (await request(server.url, 'GET', `/api/players/${name}`)).json()) as { bot: boolean }).bot;
    await account(server.url, 'bot_pal');
    expect([await profile('bot_fay'), await profile('bot_pal')]).toEqual([true, false]);
    // signed in on the site as well, the bot is still kept out of the people's ranked queue, in words
    const socket = await TestClient.connect(server.url, fay);
    const answer = await socket.command({ type: 'ranked.join', control: '30m+30f' }, 'r1');
    socket.close();
    expect(answer).toMatchObject({ type: 'error', code: 'bot-not-ranked', message: expect.stringMatching(/plays the challenges/) });
  });

  it('an account that has played is refused, and stays a person', async () => {
    const gus = await account(server.url, 'bot_gus');
    const hal = await account(server.url, 'bot_hal');
    const sent = await post(server.url, '/api/challenges', { to: 'bot_hal' }, { bearer: gus.token });
    const id = ((await sent.json()) as { challenge: { id: string } }).challenge.id;
    expect((await post(server.url, `/api/challenges/${id}/accept`, {}, { bearer: hal.token })).status).toBe(200);
    const { secret } = await makeToken(server.url, gus.token, ['bot:play']);
    expect(await refusal(await upgrade(server.url, secret), 400, 'has-games')).toMatch(/played no game/);
    expect(await server.db.prisma.user.findFirstOrThrow({ where: { username: 'bot_gus' }, select: { bot: true } })).toEqual({ bot: false });
  });
});
