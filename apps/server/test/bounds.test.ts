import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// Issue 46, defects 8 and 10: every number and string a request carries is bounded by its schema, so
// what the database cannot hold is refused as malformed, naming the field, never a 500 with driver
// text; and a name or title written for others obeys the display names' rule.

const YEAR_MS = 365 * 86_400_000;
const arena = (over: Record<string, unknown>) => ({ kind: 'arena', name: 'Spring cup', startsAt: Date.now() + 3_600_000, minutes: 30, control: '10m+30b', ...over });

describe('out-of-range input is refused by its schema (issue 46, defect 8)', () => {
  let server: TestServer;
  let ana: { token: string };
  beforeAll(async () => {
    server = await startTestServer();
    ana = await account(server.url, 'ana_bounds');
  });
  afterAll(async () => { await server?.stop(); });

  it.each([
    ['a page before an id no integer key holds', 'GET', '/api/notifications?before=2147483648', undefined, 'before'],
    ['marking an id no integer key holds', 'POST', '/api/notifications/read', { ids: [2147483648] }, 'ids'],
    ['an opponent with a NUL in it', 'GET', '/api/players/ana_bounds/games?opponent=%00', undefined, 'opponent'],
    ['an opponent with a NUL inside', 'GET', '/api/players/ana_bounds/games.kif?opponent=a%00b', undefined, 'opponent'],
    ['a tournament starting past any date', 'POST', '/api/tournaments', arena({ startsAt: 9e15 }), 'startsAt'],
    ['a tournament starting in the year 33658', 'POST', '/api/tournaments', arena({ startsAt: 1e15 }), 'startsAt'],
    ['a tournament starting two years ahead', 'POST', '/api/tournaments', arena({ startsAt: Date.now() + 2 * YEAR_MS }), 'startsAt'],
  ])('%s: 400 malformed naming it, and nothing stored', async (_what, method, path, body, field) => {
    const res = await request(server.url, method, path, body, { bearer: ana.token });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe('malformed');
    expect(answer.message).toContain(field);
    expect(await server.db.prisma.tournament.count()).toBe(0);
  });

  it('the organiser\'s limit counts only tournaments it may announce: three refused far ones leave three to make', async () => {
    for (let i = 0; i < 3; i++) expect((await post(server.url, '/api/tournaments', arena({ startsAt: 1e15 }), { bearer: ana.token })).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post(server.url, '/api/tournaments', arena({ name: `Cup ${i}` }), { bearer: ana.token })).status).toBe(200);
  });
});

describe('a tournament\'s name follows the display names\' rule (issue 46, defect 10)', () => {
  let server: TestServer;
  let ben: { token: string };
  beforeAll(async () => {
    server = await startTestServer();
    ben = await account(server.url, 'ben_names');
  });
  afterAll(async () => { await server?.stop(); });

  it.each([
    ['Cup \u202Egnp.exe', 'RIGHT-TO-LEFT OVERRIDE', 'U+202E'],
    ['Cup\u200B', 'ZERO WIDTH SPACE', 'U+200B'],
    ['Cup \u2066x\u2069', 'LEFT-TO-RIGHT ISOLATE', 'U+2066'],
    ['\u3164', 'HANGUL FILLER alone', 'U+3164'],
    ['\u2800\u2800', 'only blank braille cells', 'must show'],
    ['Cup\u0007', 'a control character', 'U+0007'],
  ])('%j (%s) is refused, naming the character', async (name, _what, named) => {
    const res = await post(server.url, '/api/tournaments', arena({ name }), { bearer: ben.token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'malformed', message: expect.stringContaining(named) });
    expect(await server.db.prisma.tournament.count()).toBe(0);
  });

  it('a name in any script, with accents typed apart, is kept in NFC', async () => {
    const res = await post(server.url, '/api/tournaments', arena({ name: ' Copa Jose\u0301 山田 ' }), { bearer: ben.token });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect((await server.db.prisma.tournament.findUniqueOrThrow({ where: { id } })).name).toBe('Copa José 山田');
  });
});
