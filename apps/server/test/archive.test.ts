// The archive (issue 37): every finished game of an account is on its profile, whatever it was and from
// whichever device it was played; paged by an opaque cursor, filtered from the player's side, exported as
// one KIF collection. A guest's games become the account's when its device registers.
import { ArchivePageSchema, MyGamesSchema, type ArchiveGame, type Color } from '@chu/protocol';
import { parseKif, setupById } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lostToCpu, played, ratedLoss, table } from './support/finishedGames.ts';
import { TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const PASSWORD = 'correct horse battery';

async function archive(url: string, username: string, query = '', bearer?: string) {
  const res = await request(url, 'GET', `/api/players/${username}/games${query}`, undefined, bearer ? { bearer } : {});
  expect(res.status).toBe(200);
  return ArchivePageSchema.parse(await res.json());
}

/** Every page, following `next`, `limit` games at a time. */
async function wholeArchive(url: string, username: string, filter = '', limit = 100): Promise<ArchiveGame[]> {
  const games: ArchiveGame[] = [];
  for (let cursor: string | null | undefined; cursor !== null; ) {
    const page = await archive(url, username, `?limit=${limit}${filter}${cursor ? `&cursor=${cursor}` : ''}`);
    games.push(...page.games);
    cursor = page.next;
  }
  return games;
}

describe('the archive of an account', () => {
  let server: TestServer;
  const lucia: Record<string, string> = {}; // her games by kind: label → game id
  beforeAll(async () => {
    server = await startTestServer();
    const url = server.url;
    const desk = await account(url, 'lucia');
    const mateo = await TestClient.device(url, 'Mateo');
    const ramon = await account(url, 'ramon');
    const casual = await table(url, desk, mateo);
    lucia.casualWin = await casual.play('black');
    lucia.casualDraw = await casual.play('draw');
    casual.close();
    lucia.cpu = await lostToCpu(url, desk);
    lucia.rated = await ratedLoss(url, desk, ramon);
    lucia.dai = await played(url, desk, mateo, 'white', { variant: 'dai', timeControl: { kind: 'turn', seconds: 30 } });
    lucia.handicap = await played(url, mateo, desk, 'black', { startSfen: setupById('gold')!.sfen });
    const beto = await TestClient.device(url, 'beto_r');
    lucia.heisei = await played(url, desk, beto, 'black', { variant: 'heisei', timeControl: { kind: 'turn', seconds: 60 } });
  }, 120_000); // seven games on a shared machine
  afterAll(async () => { await server?.stop(); });

  it('lists her casual, CPU, rated, dai and handicap games, newest first, when she looks from a second device', async () => {
    const made = await post(server.url, '/api/device', { name: 'phone' });
    const phone = (await made.json()) as { token: string };
    const login = await post(server.url, '/api/account/login', { username: 'lucia', password: PASSWORD }, { bearer: phone.token });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const page = await archive(server.url, 'LUCIA', '', token);
    expect(page.next).toBeNull();
    expect(page.games.map((g) => g.gameId)).toEqual(
      [lucia.heisei, lucia.handicap, lucia.dai, lucia.rated, lucia.cpu, lucia.casualDraw, lucia.casualWin],
    );
    const byId = new Map(page.games.map((g) => [g.gameId, g]));
    expect(byId.get(lucia.casualWin)).toMatchObject({ color: 'black', opponent: 'Mateo', result: 'win', reason: 'resign', rated: false, variant: 'chu', handicap: false });
    expect(byId.get(lucia.casualDraw)).toMatchObject({ result: 'draw', reason: 'agreement' });
    expect(byId.get(lucia.cpu)).toMatchObject({ opponent: 'CPU 1', result: 'loss', rated: false });
    expect(byId.get(lucia.rated)).toMatchObject({ opponent: 'ramon', result: 'loss', rated: true });
    expect(byId.get(lucia.dai)).toMatchObject({ variant: 'dai', timeControl: { kind: 'turn', seconds: 30 }, result: 'loss' });
    expect(byId.get(lucia.handicap)).toMatchObject({ color: 'white', handicap: true, result: 'loss' });
    // the rated game is on ramon's profile too; the guest Mateo has none
    expect((await archive(server.url, 'ramon')).games.map((g) => g.gameId)).toEqual([lucia.rated]);
    expect((await request(server.url, 'GET', '/api/players/Mateo/games')).status).toBe(404);
  });

  it.each([
    ['variant=dai', ['dai']],
    ['variant=chu&result=loss', ['handicap', 'rated', 'cpu']],
    ['variant=heisei', ['heisei']],
    ['result=win', ['heisei', 'casualWin']],
    ['result=draw', ['casualDraw']],
    ['rated=true', ['rated']],
    ['rated=false&result=loss', ['handicap', 'dai', 'cpu']],
    ['control=turn30', ['dai']],
    ['control=turn60', ['heisei']],
    ['control=none&opponent=mateo', ['handicap', 'casualDraw', 'casualWin']],
    ['control=clock', ['rated']],
    ['control=correspondence', []],
    ['opponent=cpu%201', ['cpu']],
    ['opponent=Ramon&rated=true', ['rated']],
    // issue 47, item 11: the start of a name, in any case; % and _ are letters, not wildcards
    ['opponent=Beto', ['heisei']],
    ['opponent=BETO_', ['heisei']],
    ['opponent=ma', ['handicap', 'dai', 'casualDraw', 'casualWin']],
    ['opponent=eto', []],
    ['opponent=_', []],
    ['opponent=%25', []],
    ['opponent=b%25r', []],
  ])('filter %s: her games %j', async (query, labels) => {
    expect((await archive(server.url, 'lucia', `?${query}`)).games.map((g) => g.gameId)).toEqual(labels.map((l) => lucia[l]));
  });

  it.each([
    ['result=won', /result/],
    ['rated=yes', /rated/],
    ['control=45', /control/],
    ['turnTime=30', /turnTime/], // the filter before clocks: refused by name, not ignored
    ['limit=0', /limit/],
    ['colour=black', /colour/],
    ['cursor=MTIzNA', /cursor/], // base64url, but not a cursor
  ])('refuses ?%s with a 400 that names it', async (query, why) => {
    const res = await request(server.url, 'GET', `/api/players/lucia/games?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('malformed');
    expect(body.message).toMatch(why);
  });

  it('exports her games as one KIF collection: each record parses back with the rules to the moves stored', async () => {
    const res = await request(server.url, 'GET', '/api/players/lucia/games.kif');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('lucia-games.kif');
    const records = (await res.text()).split(/\n\n(?=#rules)/);
    const listed = (await archive(server.url, 'lucia')).games;
    expect(records).toHaveLength(listed.length);
    for (const [i, kif] of records.entries()) {
      const parsed = parseKif(kif);
      expect(parsed.ok, `record ${i}: ${JSON.stringify(!parsed.ok && parsed.error)}`).toBe(true);
      const stored = (await (await request(server.url, 'GET', `/api/games/${listed[i].gameId}`)).json()) as { game: { moves: string[]; startSfen: string } };
      if (parsed.ok) expect({ moves: parsed.value.moves, sfen: parsed.value.sfen }).toEqual({ moves: stored.game.moves, sfen: stored.game.startSfen });
    }
    // the filters narrow the export as they narrow the list
    const dai = await (await request(server.url, 'GET', '/api/players/lucia/games.kif?variant=dai')).text();
    expect(dai.split(/\n\n(?=#rules)/)).toHaveLength(1);
    expect(dai).toContain('variant=dai');
  });

  // issue 47, item 11: an export of nothing downloaded an empty KIF
  it('an export whose filters match no game answers 404 no-games, not an empty file', async () => {
    const res = await request(server.url, 'GET', '/api/players/lucia/games.kif?control=correspondence');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'no-games', message: 'No games match these filters.' });
  });
});

describe('paging by cursor', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('returns every game exactly once, newest first, while new games are finished between pages', async () => {
    const room = await table(server.url, await account(server.url, 'pia'), await TestClient.device(server.url, 'Quim'));
    const before: string[] = [];
    for (const w of ['black', 'white', 'draw', 'black', 'white'] as const) before.unshift(await room.play(w));

    const seen: string[] = [];
    const added: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await archive(server.url, 'pia', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.games.length).toBeLessThanOrEqual(2);
      seen.push(...page.games.map((g) => g.gameId));
      cursor = page.next;
      if (cursor) added.unshift(await room.play('black')); // finished after paging began: before the first page
    } while (cursor);
    expect(seen).toEqual(before);
    expect(added).toHaveLength(2);
    expect((await wholeArchive(server.url, 'pia', '', 3)).map((g) => g.gameId)).toEqual([...added, ...before]);
    room.close();
  }, 60_000);
});

describe('a guest who registers', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('takes the games its device played as a guest into the new account; the other guest keeps its own', async () => {
    const nuria = await TestClient.device(server.url, 'Nuria');
    const oscar = await TestClient.device(server.url, 'Oscar');
    const win = await played(server.url, nuria, oscar, 'black');
    const cpu = await lostToCpu(server.url, nuria);
    expect((await request(server.url, 'GET', '/api/players/nuria/games')).status).toBe(404);

    const reg = await post(server.url, '/api/account/register', { username: 'nuria', password: PASSWORD }, { bearer: nuria.token });
    expect(reg.status).toBe(200);
    const { token } = (await reg.json()) as { token: string };
    expect((await wholeArchive(server.url, 'nuria')).map((g) => [g.gameId, g.result])).toEqual([[cpu, 'loss'], [win, 'win']]);
    // her device's own list knows them as the account's finished games now
    const mine = MyGamesSchema.parse(await (await request(server.url, 'GET', '/api/me/games', undefined, { bearer: token })).json());
    expect(mine.finished.map((g) => g.gameId)).toEqual([cpu, win]);
    // the guest she played is still a guest: nothing of hers moved to anyone else
    const oscars = MyGamesSchema.parse(await (await request(server.url, 'GET', '/api/me/games', undefined, { bearer: oscar.token })).json());
    expect(oscars.finished).toEqual([]);
    // a game played after registering is hers at once
    const next = await lostToCpu(server.url, { token, deviceId: nuria.deviceId }); // registering rotated her token
    expect((await archive(server.url, 'nuria')).games[0].gameId).toBe(next);
  }, 60_000);
});

describe('room codes in the archive (issue 46 §9)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('a private room\'s code is shown to its players only; a public room\'s to anyone', async () => {
    const url = server.url;
    const sara = await account(url, 'sara');
    const tomas = await TestClient.device(url, 'Tomas');
    const stranger = await TestClient.device(url, 'Stranger');
    const hidden = await played(url, sara, tomas, 'black');
    const listed = await played(url, sara, tomas, 'white', { public: true });
    const codeOf = (games: ArchiveGame[], id: string) => games.find((g) => g.gameId === id)?.roomCode;
    const record = async (id: string, bearer?: string) =>
      ((await (await request(url, 'GET', `/api/games/${id}`, undefined, bearer ? { bearer } : {})).json()) as { game: { roomCode: string | null } }).game.roomCode;

    const theirs = (await archive(url, 'sara', '', sara.token)).games;
    expect(codeOf(theirs, hidden)).toMatch(/\S/);
    expect(await record(hidden, tomas.token)).toBe(codeOf(theirs, hidden)); // the guest she played, by its device
    for (const who of [undefined, stranger.token]) {
      const games = (await archive(url, 'sara', '', who)).games;
      expect(codeOf(games, hidden)).toBeNull();
      expect(codeOf(games, listed)).toBe(codeOf(theirs, listed));
      expect(await record(hidden, who)).toBeNull();
      const kif = await (await request(url, 'GET', '/api/players/sara/games.kif', undefined, who ? { bearer: who } : {})).text();
      expect(kif).not.toContain(codeOf(theirs, hidden));
      expect(kif).toContain(`/r/${codeOf(theirs, listed)}`);
      expect(await (await request(url, 'GET', `/api/games/${hidden}.kif`, undefined, who ? { bearer: who } : {})).text()).not.toContain(codeOf(theirs, hidden));
    }
  }, 60_000);
});
