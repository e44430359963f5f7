import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_EVENT, RANKED_CONTROLS, type Color, type Leaderboard, type Profile } from '@chu/protocol';
import { LION_RUSH, TestClient } from './support/TestClient.ts';
import { matched } from './support/ranked.ts';
import { kill9, spawnServer } from './support/childServer.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer } from './support/testServer.ts';
import { defaultConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { RatingBook } from '../src/ranked/RatingBook.ts';

// A device (with a guest name of its own) logged into a new account.
async function account(url: string, username: string): Promise<{ token: string; deviceId: string }> {
  const d = await TestClient.device(url, `Kirin-${username}`);
  const res = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  expect(res.status).toBe(200);
  return { ...d, token: ((await res.json()) as { token: string }).token }; // registering rotates the token
}

async function profile(url: string, username: string): Promise<Profile> {
  const res = await fetch(`${url}/api/players/${username}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Profile;
}

async function leaderboard(url: string, query = ''): Promise<Leaderboard> {
  const res = await fetch(`${url}/api/leaderboard${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Leaderboard;
}

describe('ranked play', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('pairs two accounts, rates a draw by agreement at half, records it under their usernames, and keeps the ratings across a restart', async () => {
    const server = await startTestServer();
    const ana = await TestClient.connect(server.url, await account(server.url, 'ana'));
    const ben = await TestClient.connect(server.url, await account(server.url, 'ben'));
    clients.push(ana, ben);
    const { black, white, gameId, code } = await matched(ana, ben, '10m+30b');
    expect(black.game).toMatchObject({ id: gameId, status: 'active', rated: true, options: { lionTrading: 'protected', promotion: 'association', bareKing: true } });
    expect(black.game!.options.timeControl).toEqual(RANKED_CONTROLS['10m+30b']); // the control both sought
    // ranked is chu from the standard start (README; docs/handicaps.md §3)
    expect(black.game).toMatchObject({ options: { variant: 'chu', startSfen: null }, setup: { id: 'even', grade: 0 } });
    // everyone sees the accounts' usernames and ratings ("1500?" while provisional), not the devices' guest names
    const names = { black: black === ana ? 'ana' : 'ben', white: white === ana ? 'ana' : 'ben' };
    for (const view of [black.game!, white.game!]) {
      for (const c of ['black', 'white'] as const) {
        expect(view.seats[c]).toMatchObject({ name: names[c], account: true, rating: { rating: 1500, provisional: true } });
      }
    }
    expect(black.room!.present.map((p) => p.name).sort()).toEqual(['ana', 'ben']);

    expect(await black.move('7i7h')).toMatchObject({ type: 'ack' });
    expect((await white.nextOf('event', (m) => m.event.kind === 'move')).event).toMatchObject({ kind: 'move', usi: '7i7h', notation: 'P-7h' });
    await white.reach(1);
    white.send({ type: 'draw', gameId, action: 'offer' });
    await black.reach(2);
    black.send({ type: 'draw', gameId, action: 'accept' });
    const end = await white.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: null, reason: 'agreement' } });
    // the result carries each side's rating change, as stored
    const changes = end.event.kind === 'end' ? end.event.ratingChanges : null;
    const stored = await server.db.prisma.gameRating.findMany({ where: { gameId } });
    for (const c of ['black', 'white'] as const) {
      const row = stored.find((r) => r.color === c)!;
      expect(changes?.[c]).toEqual({ before: row.ratingBefore, after: row.ratingAfter, provisional: true });
    }
    // a newcomer's leaderboard is not empty: both are listed as provisional
    const board = await leaderboard(server.url);
    expect(board.pool).toBe('realtime');
    expect(board.players).toEqual([]);
    expect(board.provisional.map((p) => p.username).sort()).toEqual(['ana', 'ben']);

    // two equal newcomers who draw keep equal real-time ratings (1500), and both deviations shrink
    const [a, b] = [await profile(server.url, 'ana'), await profile(server.url, 'ben')];
    for (const p of [a, b]) {
      expect(p.ratings.realtime).toMatchObject({ wins: 0, draws: 1, losses: 0, provisional: true });
      expect(p.ratings.realtime.rating).toBeCloseTo(1500, 6);
      expect(p.ratings.realtime.rd).toBeLessThan(350);
      expect(p.ratings.realtime.history).toHaveLength(1);
      expect(p.recent[0]).toMatchObject({ gameId, pool: 'realtime', result: 'draw', reason: 'agreement' });
      // the correspondence rating is another: untouched
      expect(p.ratings.correspondence).toEqual({ rating: 1500, rd: 350, provisional: true, wins: 0, draws: 0, losses: 0, history: [] });
    }
    expect(a.ratings.realtime.rd).toBeCloseTo(b.ratings.realtime.rd, 9);
    const rows = await server.db.prisma.gameRating.findMany({ where: { gameId } });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.ratingBefore === 1500 && r.rdBefore === 350 && r.score === 0.5 && r.pool === 'realtime')).toBe(true);

    // the replay and the KIF name the accounts, not the devices' guest names (Kirin-ana, Kirin-ben)
    const replay = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as { game: { seats: Record<Color, { name: string | null }> } };
    expect(replay.game.seats.black.name).toBe(names.black);
    expect(replay.game.seats.white.name).toBe(names.white);
    const kif = await (await fetch(`${server.url}/api/games/${gameId}.kif`)).text();
    expect(kif).toContain(`先手：${names.black}\n`);
    expect(kif).toContain(`後手：${names.white}\n`);
    expect(kif).not.toContain('Kirin-');

    // persisted: a new server on the same database answers the same
    const target = server.target;
    await server.close();
    const again = await startTestServer({}, target);
    try {
      expect(await profile(again.url, 'ana')).toEqual(a);
      expect(await profile(again.url, 'ben')).toEqual(b);
      // the room, loaded afresh, shows its finished game at the ratings it was played at: two newcomers, "1500?"
      const visitor = await TestClient.connect(again.url, 'Visitor');
      clients.push(visitor);
      const room = await visitor.join(code);
      const { game } = await visitor.nextOf('game');
      expect(game).toMatchObject({ id: gameId, status: 'finished', rated: true });
      for (const c of ['black', 'white'] as const) {
        expect(game.seats[c]).toMatchObject({ name: names[c], rating: { rating: 1500, provisional: true } });
        expect(room.seats[c]).toMatchObject({ name: names[c], rating: { rating: 1500, provisional: true } }); // the room's view too
        expect(game.ratingChanges?.[c]).toEqual(changes?.[c]);
      }
    } finally {
      await again.stop();
      await target.dispose();
    }
  });

  it('refuses guests, never pairs an account with itself, and lets people leave', async () => {
    const server = await startTestServer();
    try {
      const guest = await TestClient.connect(server.url, 'guest');
      clients.push(guest);
      guest.send({ type: 'ranked.join', control: 'turn30' });
      expect(await guest.error('account-required')).toMatchObject({ code: 'account-required' });

      const creds = await account(server.url, 'cara');
      const phone = await TestClient.connect(server.url, creds);
      const laptop = await TestClient.connect(server.url, creds);
      clients.push(phone, laptop);
      phone.send({ type: 'ranked.join', control: '30m+30f' });
      await phone.nextOf('ranked', (m) => m.queue !== null);
      laptop.send({ type: 'ranked.join', control: '30m+30f' });
      await laptop.nextOf('ranked', (m) => m.queue !== null);
      // the second device takes the account's place in the queue: one entry, no self-pairing
      expect(await phone.nextOf('ranked')).toMatchObject({ queue: null });
      await new Promise((r) => setTimeout(r, 1500));
      expect(phone.silentFor((m) => m.type === 'ranked.match') && laptop.silentFor((m) => m.type === 'ranked.match')).toBe(true);

      laptop.send({ type: 'ranked.leave' });
      expect(await laptop.nextOf('ranked')).toMatchObject({ queue: null });
      // a disconnect leaves the queue too: a newcomer then waits alone
      const dan = await TestClient.connect(server.url, await account(server.url, 'dan'));
      clients.push(dan);
      dan.send({ type: 'ranked.join', control: '30m+30f' });
      await dan.nextOf('ranked', (m) => m.queue !== null);
      dan.close();
      const eve = await TestClient.connect(server.url, await account(server.url, 'eve'));
      clients.push(eve);
      eve.send({ type: 'ranked.join', control: '30m+30f' });
      await eve.nextOf('ranked', (m) => m.queue !== null);
      await new Promise((r) => setTimeout(r, 1500));
      expect(eve.silentFor((m) => m.type === 'ranked.match')).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe('ranked by time control', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));
  const connect = async (url: string, creds: { token: string; deviceId: string }) => {
    const c = await TestClient.connect(url, creds);
    clients.push(c);
    return c;
  };

  it('pairs seekers only within one control: the game has the control they sought', async () => {
    const server = await startTestServer();
    try {
      const ana = await connect(server.url, await account(server.url, 'ana'));
      const ben = await connect(server.url, await account(server.url, 'ben'));
      const cara = await connect(server.url, await account(server.url, 'cara'));
      ana.send({ type: 'ranked.join', control: '10m+30b' });
      expect((await ana.nextOf('ranked')).queue).toMatchObject({ control: '10m+30b', rating: 1500 });
      ben.send({ type: 'ranked.join', control: 'corr3' });
      expect((await ben.nextOf('ranked')).queue).toMatchObject({ control: 'corr3', rating: 1500 });
      // ana and ben have equal ratings and waited longest, but sought different controls; cara seeks ben's
      const game = await matched(ben, cara, 'corr3');
      expect(game.black.game!.options.timeControl).toEqual({ kind: 'correspondence', daysPerMove: 3 });
      expect(game.black.game).toMatchObject({ rated: true, clock: { running: 'black' } });
      expect(ana.silentFor((m) => m.type === 'ranked.match')).toBe(true);
      // ana is still queued in hers: the next seeker of 10m+30b meets her
      const dan = await connect(server.url, await account(server.url, 'dan'));
      const second = await matched(dan, ana, '10m+30b');
      expect(second.white.game!.options.timeControl).toEqual(RANKED_CONTROLS['10m+30b']);
      expect(second.gameId).not.toBe(game.gameId);
    } finally {
      await server.stop();
    }
  });

  it('refuses the old untimed join, and any control outside the set, saying why; nothing is queued', async () => {
    const server = await startTestServer();
    try {
      const ana = await connect(server.url, await account(server.url, 'ana'));
      const ben = await connect(server.url, await account(server.url, 'ben'));
      const refusals: [unknown, string][] = [
        [{ type: 'ranked.join', turnTime: null, ack: 'j1' }, 'turnTime was replaced by control, one of 10m+30b, 30m+30f, turn30, corr3; there are no untimed ranked games'],
        [{ type: 'ranked.join', turnTime: 30, ack: 'j2' }, 'turnTime was replaced by control'],
        [{ type: 'ranked.join', control: 'none', ack: 'j3' }, 'control: one of 10m+30b, 30m+30f, turn30, corr3 (ranked games are always timed)'],
        [{ type: 'ranked.join', control: '5m', ack: 'j4' }, 'ranked games are always timed'],
      ];
      for (const [m, why] of refusals) {
        ana.sendRaw(CLIENT_EVENT, m);
        const error = await ana.error('malformed');
        expect(error.message).toContain(why);
        expect(error).toMatchObject({ ack: (m as { ack: string }).ack });
      }
      ben.send({ type: 'ranked.join', control: 'turn30' });
      await ben.nextOf('ranked', (m) => m.queue !== null);
      // none of ana's tries queued her: ben waits alone
      expect(ana.silentFor((m) => m.type === 'ranked' || m.type === 'ranked.match')).toBe(true);
      expect(ben.silentFor((m) => m.type === 'ranked.match')).toBe(true);
      expect(await server.db.prisma.game.count({ where: { rated: true } })).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('a correspondence game changes the correspondence rating only; each pool has its own leaderboard, and the profile shows both', async () => {
    const server = await startTestServer();
    try {
      const creds = { ana: await account(server.url, 'ana'), ben: await account(server.url, 'ben'), cara: await account(server.url, 'cara') };
      // a real-time game: ana resigns to ben
      const rt = await matched(await connect(server.url, creds.ana), await connect(server.url, creds.ben), 'turn30');
      const anaRt = rt.black.deviceId === creds.ana.deviceId ? rt.black : rt.white;
      anaRt.send({ type: 'resign', gameId: rt.gameId });
      await anaRt.nextOf('event', (m) => m.event.kind === 'end');
      const afterRealtime = await profile(server.url, 'ana');
      expect(afterRealtime.ratings.realtime).toMatchObject({ losses: 1 });
      expect(afterRealtime.ratings.realtime.rating).toBeLessThan(1500);

      // a correspondence game: the seats show the correspondence ratings (ana's is still a newcomer's), and cara resigns
      const corr = await matched(await connect(server.url, creds.ana), await connect(server.url, creds.cara), 'corr3');
      for (const c of ['black', 'white'] as const) expect(corr.black.game!.seats[c].rating).toEqual({ rating: 1500, provisional: true });
      const cara = corr.black.deviceId === creds.cara.deviceId ? corr.black : corr.white;
      cara.send({ type: 'resign', gameId: corr.gameId });
      const end = await cara.nextOf('event', (m) => m.event.kind === 'end');
      expect(end.event.kind === 'end' && end.event.ratingChanges).toBeTruthy();
      const rows = await server.db.prisma.gameRating.findMany({ where: { gameId: corr.gameId } });
      expect(rows.map((r) => r.pool)).toEqual(['correspondence', 'correspondence']);

      const ana = await profile(server.url, 'ana');
      expect(ana.ratings.realtime).toEqual(afterRealtime.ratings.realtime); // not touched by the correspondence game
      expect(ana.ratings.correspondence).toMatchObject({ wins: 1, draws: 0, losses: 0, provisional: true });
      expect(ana.ratings.correspondence.rating).toBeGreaterThan(1500);
      expect(ana.ratings.correspondence.history).toHaveLength(1);
      expect(ana.recent.map((g) => [g.gameId, g.pool, g.result])).toEqual([[corr.gameId, 'correspondence', 'win'], [rt.gameId, 'realtime', 'loss']]);
      expect((await profile(server.url, 'ben')).ratings.correspondence).toMatchObject({ rating: 1500, rd: 350, history: [] });

      // each pool's leaderboard lists its own players (all provisional yet), best first
      const names = (b: Leaderboard) => [b.pool, b.players.map((p) => p.username), b.provisional.map((p) => p.username)];
      expect(names(await leaderboard(server.url))).toEqual(['realtime', [], ['ben', 'ana']]);
      expect(names(await leaderboard(server.url, '?pool=realtime'))).toEqual(['realtime', [], ['ben', 'ana']]);
      expect(names(await leaderboard(server.url, '?pool=correspondence'))).toEqual(['correspondence', [], ['ana', 'cara']]);
      const bad = await fetch(`${server.url}/api/leaderboard?pool=blitz`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'malformed', message: expect.stringContaining('pool') });
    } finally {
      await server.stop();
    }
  });
});

describe('migration: one rating becomes the real-time one', () => {
  it('existing ratings and rated games are real-time; the correspondence rating starts fresh', async () => {
    const all = defaultConfig().migrationsDir;
    const before = await mkdtemp(join(tmpdir(), 'chu-migrations-'));
    for (const name of (await readdir(all)).filter((n) => n < '20261205160000_rating_pools')) await cp(join(all, name), join(before, name), { recursive: true });
    const target = await testDatabase({ migrated: false }); // the older migrations only, then all
    try {
      let db = await openDatabase({ ...target, migrationsDir: before });
      const sql = (q: string, ...args: unknown[]) => db.prisma.$executeRawUnsafe(q, ...args);
      await sql(`INSERT INTO "users" ("id", "username", "password_hash") VALUES ('u1', 'ana', 'x'), ('u2', 'ben', 'x')`);
      await sql(`INSERT INTO "ratings" ("user_id", "rating", "deviation", "volatility", "games", "wins") VALUES ('u1', 1620, 90, 0.06, 1, 1), ('u2', 1380, 90, 0.06, 1, 0)`);
      await sql(`INSERT INTO "rooms" ("id", "code", "host_device_id", "options", "seats") VALUES ('r1', 'AAAAAA', 'd1', '{}'::jsonb, '{}'::jsonb)`);
      await sql(`INSERT INTO "games" ("id", "room_id", "number", "options", "start_sfen", "seats", "status", "rated", "finished_at")
        VALUES ('g1', 'r1', 1, '{"timeControl":{"kind":"none"}}'::jsonb, 'sfen', '{}'::jsonb, 'finished', true, now())`);
      for (const [user, color, score, after] of [['u1', 'black', 1, 1620], ['u2', 'white', 0, 1380]] as const) {
        await sql(`INSERT INTO "game_ratings" ("game_id", "user_id", "color", "score", "rating_before", "rd_before", "volatility_before", "rating_after", "rd_after", "volatility_after")
          VALUES ('g1', $1, $2, $3, 1500, 350, 0.06, $4, 90, 0.06)`, user, color, score, after);
      }
      await db.close();
      db = await openDatabase({ ...target, migrationsDir: all });
      expect((await db.prisma.rating.findMany({ orderBy: { userId: 'asc' } })).map((r) => [r.userId, r.pool, r.rating])).toEqual([['u1', 'realtime', 1620], ['u2', 'realtime', 1380]]);
      expect((await db.prisma.gameRating.findMany()).map((r) => r.pool)).toEqual(['realtime', 'realtime']);
      const ana = (await new RatingBook(db.prisma).profile('ana'))!;
      expect(ana.ratings.realtime).toMatchObject({ rating: 1620, wins: 1, history: [{ rating: 1620, rd: 90 }] });
      expect(ana.ratings.correspondence).toMatchObject({ rating: 1500, rd: 350, wins: 0, history: [] });
      expect(ana.recent).toMatchObject([{ gameId: 'g1', pool: 'realtime', opponent: 'ben', result: 'win' }]);
      await db.close();
    } finally {
      await target.dispose();
      await rm(before, { recursive: true, force: true });
    }
  });
});

describe('ranked results', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('rates a game the CPU finished for an absent player as that player\'s result; an aborted game is not rated', async () => {
    const server = await startTestServer({ msPerSecond: 100 }); // the 60 s grace period passes in 6 s
    try {
      const ana = await TestClient.connect(server.url, await account(server.url, 'ana'));
      const ben = await TestClient.connect(server.url, await account(server.url, 'ben'));
      clients.push(ana, ben);
      const { black, white, gameId } = await matched(ana, ben, '10m+30b');
      // both make their first move (before that, a player who leaves has the game aborted: first-moves.test.ts)
      expect(await black.move('7j5h')).toMatchObject({ type: 'ack' });
      await white.reach(black.game!.version);
      expect(await white.move('11d11e')).toMatchObject({ type: 'ack' });
      await black.reach(white.game!.version);
      expect(await black.move('7i7h')).toMatchObject({ type: 'ack' });
      white.close(); // gone: the CPU plays White after the grace period
      const cpuMove = await black.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white' && m.event.ply === 3, 20_000);
      expect(cpuMove.event).toMatchObject({ color: 'white', byCpu: true });
      await black.reach(cpuMove.event.version);
      black.send({ type: 'resign', gameId });
      await black.nextOf('event', (m) => m.event.kind === 'end');
      const absent = white === ana ? 'ana' : 'ben';
      const present = absent === 'ana' ? 'ben' : 'ana';
      expect((await profile(server.url, absent)).ratings.realtime).toMatchObject({ wins: 1, losses: 0 });
      expect((await profile(server.url, present)).ratings.realtime).toMatchObject({ wins: 0, losses: 1 });

      const cara = await TestClient.connect(server.url, await account(server.url, 'cara'));
      const dan = await TestClient.connect(server.url, await account(server.url, 'dan'));
      clients.push(cara, dan);
      const second = await matched(cara, dan, 'turn30');
      second.black.send({ type: 'abort', gameId: second.gameId });
      const end = await second.white.nextOf('event', (m) => m.event.kind === 'end');
      expect(end.event).toMatchObject({ outcome: { winner: null, reason: 'abort' } });
      for (const name of ['cara', 'dan']) expect((await profile(server.url, name)).ratings.realtime).toMatchObject({ wins: 0, draws: 0, losses: 0, history: [] });
      expect(await server.db.prisma.gameRating.count({ where: { gameId: second.gameId } })).toBe(0);
    } finally {
      await server.stop();
    }
  });
});

describe('an adjourned ranked game', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('is not rated while adjourned; once a player returns and it finishes, it is rated exactly once', async () => {
    const server = await startTestServer({ msPerSecond: 100 }); // the 60 s grace period passes in 6 s
    try {
      const ana = await TestClient.connect(server.url, await account(server.url, 'ana'));
      const ben = await TestClient.connect(server.url, await account(server.url, 'ben'));
      clients.push(ana, ben);
      const { black, white, gameId, code } = await matched(ana, ben, '30m+30f');
      expect(await black.move('7j5h')).toMatchObject({ type: 'ack' });
      await white.reach(black.game!.version);
      expect(await white.move('11d11e')).toMatchObject({ type: 'ack' }); // both first moves: the clocks run
      await black.reach(white.game!.version);
      const before = { ana: await profile(server.url, 'ana'), ben: await profile(server.url, 'ben') };
      const watcher = await TestClient.connect(server.url, 'Watcher');
      clients.push(watcher);
      await watcher.join(code);
      await watcher.nextOf('game');

      // nobody to play for (RULES.md §8): both leave, and once the grace period ends the game is adjourned
      black.close();
      white.close();
      await watcher.nextOf('event', (m) => m.event.kind === 'adjourn', 20_000);
      expect(await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'adjourned', reason: null });
      // nothing is rated: no rating rows for the game, no rated game on either account, both profiles as they were
      expect(await server.db.prisma.gameRating.count({ where: { gameId } })).toBe(0);
      expect(await server.db.prisma.rating.count({ where: { games: { gt: 0 } } })).toBe(0);
      for (const name of ['ana', 'ben'] as const) {
        const p = await profile(server.url, name);
        expect(p).toEqual(before[name]);
        expect(p).toMatchObject({ ratings: { realtime: { rating: 1500, rd: 350, wins: 0, draws: 0, losses: 0, history: [] } }, recent: [] });
      }

      // White comes back: the game resumes, and White resigns it
      const back = await TestClient.connect(server.url, { token: white.token, deviceId: white.deviceId });
      clients.push(back);
      await back.join(code);
      await back.nextOf('game');
      await back.until(() => back.game?.status === 'active');
      back.send({ type: 'resign', gameId });
      const end = await watcher.nextOf('event', (m) => m.event.kind === 'end');
      expect(end.event).toMatchObject({ outcome: { winner: 'black', reason: 'resign' } });
      const changes = end.event.kind === 'end' ? end.event.ratingChanges : null;
      expect(changes).not.toBeNull();

      // rated once: one pair of rows, the result event's changes, one game on each account
      const rows = await server.db.prisma.gameRating.findMany({ where: { gameId } });
      expect(rows.map((r) => r.color).sort()).toEqual(['black', 'white']);
      for (const r of rows) {
        expect(changes?.[r.color as Color]).toEqual({ before: r.ratingBefore, after: r.ratingAfter, provisional: true });
      }
      const accounts = await server.db.prisma.rating.findMany({ where: { pool: 'realtime' } });
      expect(accounts.map((a) => [a.games, a.wins + a.draws + a.losses])).toEqual([[1, 1], [1, 1]]);
      const names = { black: black === ana ? 'ana' : 'ben', white: white === ana ? 'ana' : 'ben' };
      const [winner, loser] = [await profile(server.url, names.black), await profile(server.url, names.white)];
      expect(winner.ratings.realtime).toMatchObject({ wins: 1, draws: 0, losses: 0, rating: changes!.black.after });
      expect(loser.ratings.realtime).toMatchObject({ wins: 0, draws: 0, losses: 1, rating: changes!.white.after });
      expect(winner.ratings.realtime.history).toHaveLength(1);
      expect(loser.ratings.realtime.history).toHaveLength(1);
      expect(winner.ratings.realtime.rating).toBeGreaterThan(1500);
      expect(loser.ratings.realtime.rating).toBeLessThan(1500);
    } finally {
      await server.stop();
    }
  });
});

describe('ranked result after SIGKILL', () => {
  let child: ChildProcess | undefined;
  const clients: TestClient[] = [];
  afterAll(async () => {
    clients.forEach((c) => c.close());
    if (child) await kill9(child);
  });

  it('is recorded exactly once, with its rating change, when the server dies right after the final move', async () => {
    const target = await testDatabase();
    try {
      const env = { DATA_DIR: target.dataDir, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}), CHU_CPU: 'random' };
      const first = await spawnServer(env);
      child = first.child;
      const ana = await TestClient.connect(first.url, await account(first.url, 'ana'));
      const ben = await TestClient.connect(first.url, await account(first.url, 'ben'));
      clients.push(ana, ben);
      const { black, white, gameId } = await matched(ana, ben, '30m+30f');
      const base = black.game!.version; // both players' arrivals
      for (const [i, usi] of LION_RUSH.entries()) {
        const mover = i % 2 === 0 ? black : white;
        await mover.reach(base + i);
        expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
      }
      await kill9(first.child); // the final move's ack has just arrived
      const second = await spawnServer({ ...env, PORT: new URL(first.url).port });
      child = second.child;
      const game = (await (await fetch(`${second.url}/api/games/${gameId}`)).json()) as { game: { status: string; outcome: unknown } };
      expect(game.game).toMatchObject({ status: 'finished', outcome: { winner: 'black', reason: 'royal-capture' } });
      const winner = black === ana ? 'ana' : 'ben';
      const loser = winner === 'ana' ? 'ben' : 'ana';
      const [w, l] = [(await profile(second.url, winner)).ratings.realtime, (await profile(second.url, loser)).ratings.realtime];
      expect(w).toMatchObject({ wins: 1, draws: 0, losses: 0 });
      expect(l).toMatchObject({ wins: 0, draws: 0, losses: 1 });
      expect(w.history).toHaveLength(1);
      expect(l.history).toHaveLength(1);
      expect(w.rating).toBeGreaterThan(1500);
      expect(l.rating).toBeLessThan(1500);
      await kill9(second.child);
    } finally {
      await target.dispose();
    }
  });
});
