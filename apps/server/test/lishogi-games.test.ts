// Issue 50: a player's games, one game and an account, exported in lishogi's shapes for its downloaders:
// `GET /api/games/user/{username}` (NDJSON by default, KIF when asked; lishogi's filters where our archive
// has them; capped a request, the rest from X-Next-Cursor), `GET /api/game/export/{id}`, `GET /api/user/{username}`.
import { ArchivePageSchema } from '@chu/protocol';
import { parseKif } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { lostToCpu, played, ratedLoss } from './support/finishedGames.ts';
import { account, request } from './support/http.ts';
import { firstLegal, seatedPair, TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const CAP = 3; // games a request, lowered from 1,000 so that four games need a second request

type Line = Record<string, unknown> & { id: string };
const ndjson = (text: string): Line[] => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Line);

describe('the game export in lishogi\'s shapes', () => {
  let server: TestServer;
  const games: Record<string, string> = {}; // kenji's games by kind: label → id
  const moved: string[] = [];
  const get = (path: string, headers: Record<string, string> = {}) => request(server.url, 'GET', path, undefined, { headers });
  const lines = async (query: string) => {
    const res = await get(`/api/games/user/kenji${query}`);
    expect(res.status).toBe(200);
    return ndjson(await res.text());
  };

  beforeAll(async () => {
    // this file's many exports from one address stay within the window's allowance
    server = await startTestServer({ exports: { ...defaultConfig().exports, maxGames: CAP, perWindow: 100 } });
    const url = server.url;
    const kenji = await account(url, 'kenji');
    const rina = await account(url, 'rina');
    const mateo = await TestClient.device(url, 'Mateo');
    // a timed game with moves, which kenji (Black) wins when Mateo resigns
    const clock = { kind: 'clock' as const, initialSeconds: 600, incrementSeconds: 0, byoyomiSeconds: 10, periods: 1 };
    const t = await seatedPair(url, { timeControl: clock }, { host: kenji, guest: mateo });
    for (const mover of [t.host, t.guest]) {
      const usi = firstLegal(moved);
      expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
      moved.push(usi);
      await t.host.until(() => t.host.game!.moves.length === moved.length);
      await t.guest.until(() => t.guest.game!.moves.length === moved.length);
    }
    t.guest.send({ type: 'resign', gameId: t.gameId });
    await t.host.nextOf('event', (m) => m.event.kind === 'end');
    t.host.close();
    t.guest.close();
    games.moved = t.gameId;
    games.rated = await ratedLoss(url, kenji, rina); // kenji resigns
    games.cpu = await lostToCpu(url, kenji);
    games.dai = await played(url, mateo, kenji, 'black', { variant: 'dai', timeControl: { kind: 'turn', seconds: 30 } });
  }, 120_000);
  afterAll(async () => { await server?.stop(); });

  it('answers NDJSON by default: a line a game, newest first, capped, the rest from X-Next-Cursor', async () => {
    const res = await get('/api/games/user/KENJI');
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const first = ndjson(await res.text());
    expect(first.map((g) => g.id)).toEqual([games.dai, games.cpu, games.rated]);
    const cursor = res.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    expect(res.headers.get('link')).toContain(`cursor=${cursor}`);
    const rest = await get(`/api/games/user/kenji?cursor=${cursor}`);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    expect(ndjson(await rest.text()).map((g) => g.id)).toEqual([games.moved]);
  });

  it('each line is the game as lishogi writes it: variant, speed, status, winner, players, USI moves, times, clock', async () => {
    const [line] = await lines(`?cursor=${(await get('/api/games/user/kenji')).headers.get('x-next-cursor')}`);
    expect(line).toMatchObject({
      id: games.moved, rated: false, variant: 'chushogi', speed: 'rapid', perf: 'rapid', status: 'resign', winner: 'sente',
      players: { sente: { user: { id: 'kenji', name: 'kenji' } }, gote: { name: 'Mateo' } },
      moves: moved.join(' '),
      clock: { initial: 600, increment: 0, byoyomi: 10, periods: 1 },
    });
    expect(line.createdAt).toBeTypeOf('number');
    expect(line.lastMoveAt as number).toBeGreaterThanOrEqual(line.createdAt as number);
    const byId = new Map((await lines('?max=3')).map((g) => [g.id, g]));
    expect(byId.get(games.dai)).toMatchObject({ variant: 'daishogi', players: { gote: { user: { name: 'kenji' } } }, winner: 'sente' });
    expect(byId.get(games.cpu)).toMatchObject({ players: { sente: { user: { name: 'kenji' } }, gote: { aiLevel: 1 } }, winner: 'gote' });
    // the rated game carries both ratings as it found them, and what it changed
    const rated = byId.get(games.rated)!;
    expect(rated.rated).toBe(true);
    const players = rated.players as Record<'sente' | 'gote', { user: { name: string }; rating: number; ratingDiff: number }>;
    const kenji = Object.values(players).find((p) => p.user.name === 'kenji')!;
    const rina = Object.values(players).find((p) => p.user.name === 'rina')!;
    expect(kenji.rating).toBe(1500);
    expect(kenji.ratingDiff).toBeLessThan(0);
    expect(rina.ratingDiff).toBeGreaterThan(0);
  });

  it.each([
    ['rated=true', () => [games.rated]],
    ['rated=false', () => [games.dai, games.cpu, games.moved]],
    ['variant=daishogi', () => [games.dai]],
    ['variant=chushogi', () => [games.cpu, games.rated, games.moved]],
    ['vs=rina', () => [games.rated]],
    ['vs=mat', () => [games.dai, games.moved]],
    ['max=1', () => [games.dai]],
  ])('filters as lishogi names them: %s', async (query, expected) => {
    expect((await lines(`?${query}`)).map((g) => g.id)).toEqual(expected().slice(0, CAP));
  });

  it('color takes the games kenji played on that side (the queue chose his side of the rated one)', async () => {
    const sides = { sente: await lines('?color=sente'), gote: await lines('?color=gote') };
    for (const [side, got] of Object.entries(sides)) {
      for (const g of got) expect((g.players as Record<string, { user?: { name: string } }>)[side].user?.name, g.id).toBe('kenji');
    }
    expect(sides.gote.map((g) => g.id)).toContain(games.dai);
    expect(sides.sente.map((g) => g.id)).toContain(games.cpu);
    expect(new Set([...sides.sente, ...sides.gote].map((g) => g.id))).toEqual(new Set(Object.values(games)));
  });

  it('since and until take the games finished within them (ms)', async () => {
    const page = ArchivePageSchema.parse(await (await get('/api/players/kenji/games')).json());
    const at = (id: string) => Date.parse(page.games.find((g) => g.gameId === id)!.finishedAt);
    expect((await lines(`?until=${at(games.rated)}`)).map((g) => g.id)).toEqual([games.rated, games.moved]);
    expect((await lines(`?since=${at(games.cpu)}`)).map((g) => g.id)).toEqual([games.dai, games.cpu]);
    expect((await lines(`?since=${at(games.rated)}&until=${at(games.cpu)}`)).map((g) => g.id)).toEqual([games.cpu, games.rated]);
  });

  it('answers KIF when asked, by Accept or by format=kif: one record a game, each read back by our KIF reader', async () => {
    for (const res of [await get('/api/games/user/kenji?variant=chushogi', { accept: 'application/x-kif' }), await get('/api/games/user/kenji?variant=chushogi&format=kif')]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const records = (await res.text()).split(/\n\n(?=#)/);
      expect(records).toHaveLength(3);
      expect(records.map((k) => parseKif(k).ok)).toEqual([true, true, true]);
    }
  });

  it('one game: as JSON (the same object as its export line), or as KIF (the site\'s record)', async () => {
    const json = await get(`/api/game/export/${games.moved}`);
    expect(json.status).toBe(200);
    const [line] = (await lines('?max=1&vs=mat&color=sente'));
    expect(await json.json()).toEqual(line);
    const kif = await (await get(`/api/game/export/${games.moved}?format=kif`)).text();
    expect(kif).toBe(await (await get(`/api/games/${games.moved}.kif`)).text());
  });

  it('an account: lishogi\'s user object, its pools\' ratings under lishogi\'s speeds', async () => {
    const res = await get('/api/user/Rina');
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown> & { perfs: Record<string, { rating: number; games: number }> };
    expect(user).toMatchObject({ id: 'rina', username: 'rina' });
    expect(user.title).toBeUndefined();
    expect(user.createdAt).toBeTypeOf('number');
    expect(user.seenAt).toBeTypeOf('number');
    expect(user.perfs.rapid.games).toBe(1);
    expect(user.perfs.rapid.rating).toBeGreaterThan(1500);
    expect(user.perfs.blitz).toEqual(user.perfs.rapid);
  });

  it.each([
    ['/api/games/user/kenji?max=0', 400, /max/],
    ['/api/games/user/kenji?variant=dai', 400, /variant/],
    ['/api/games/user/kenji?color=black', 400, /color/],
    ['/api/games/user/kenji?until=yesterday', 400, /until/],
    ['/api/games/user/kenji?cursor=bm90IGEgY3Vyc29y', 400, /cursor/],
    ['/api/games/user/kenji?nonsense=1', 400, /nonsense|Unrecognized/i],
    ['/api/games/user/nobody', 404, /player/],
    ['/api/game/export/nosuchgame', 404, /game/],
    ['/api/user/nobody', 404, /player/],
  ])('refuses %s: %i, naming what was wrong', async (path, status, words) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toMatch(words);
  });
});
