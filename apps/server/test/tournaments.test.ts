import { afterAll, describe, expect, it } from 'vitest';
import type { CreateTournament, TournamentView } from '@chu/protocol';
import { roundRobinStandings, arenaStandings } from '../src/tournaments/standings.ts';
import type { GameResult } from '../src/tournaments/results.ts';
import { account, post } from './support/http.ts';
import { botServerConfig, TournamentBot, untilTournament, type Plan } from './support/tournamentBot.ts';
import { testDatabase } from './support/testDatabase.ts';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const CLOCK = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } as const;

async function organise(url: string, settings: Partial<CreateTournament> & Pick<CreateTournament, 'kind'>): Promise<{ id: string; token: string }> {
  const who = await account(url, `org${Math.random().toString(36).slice(2, 8)}`);
  const res = await post(url, '/api/tournaments', { name: 'Test cup', startsAt: Date.now() + 60 * 60_000, ...settings }, { bearer: who.token });
  expect(res.status).toBe(200);
  return { id: ((await res.json()) as { id: string }).id, token: who.token };
}

/** Moves the tournament's start to now (as if its hour had come): the server starts it at its next upkeep. */
async function startNow(server: TestServer, id: string): Promise<void> {
  await server.db.prisma.tournament.update({ where: { id }, data: { startsAt: new Date() } });
}

/** What the database holds of the tournament's games: each pairing with its game's own stored result. */
async function storedResults(server: TestServer, id: string) {
  const pairings = await server.db.prisma.tournamentPairing.findMany({
    where: { tournamentId: id }, include: { game: true }, orderBy: [{ round: 'asc' }],
  });
  return pairings.map((p) => ({
    round: p.round, black: p.blackId, white: p.whiteId, gameId: p.gameId,
    // the game's own record, not the pairing's copy
    result: (p.game?.status === 'finished' ? (p.game.winner ?? 'draw') : null) as GameResult | null,
    finishedAt: p.game?.finishedAt?.getTime() ?? null, createdAt: p.createdAt.getTime(), rated: p.game?.rated ?? null,
  }));
}

// A plan from strengths: the stronger wins; some pairs agree a draw.
const byStrength = (strength: Record<string, number>, me: string, drawsWith: string[] = []): Plan => (opponent) =>
  drawsWith.includes(opponent) ? 'draw' : strength[me] > strength[opponent] ? 'win' : 'lose';

describe('tournaments', () => {
  const servers: TestServer[] = [];
  const bots: TournamentBot[] = [];
  afterAll(async () => {
    await Promise.all(bots.map((b) => b.stop()));
    for (const s of servers) await s.stop();
  });

  it('a 6-player round-robin is played to the end; its standings are those the stored games give', async () => {
    const server = await startTestServer(botServerConfig(50));
    servers.push(server);
    const names = ['rr1', 'rr2', 'rr3', 'rr4', 'rr5', 'rr6'];
    const strength = Object.fromEntries(names.map((n, i) => [n, i]));
    // rr3 and rr4 draw; otherwise the stronger wins
    const draws: Record<string, string[]> = { rr3: ['rr4'], rr4: ['rr3'] };
    const players = await Promise.all(names.map((n) => TournamentBot.create(server.url, n, byStrength(strength, n, draws[n]))));
    bots.push(...players);
    const { id } = await organise(server.url, { kind: 'round-robin', cycles: 1, timeControl: CLOCK });
    for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
    players.forEach((p) => p.start());
    await startNow(server, id);

    const done = await untilTournament(server.url, id, (t) => t.status === 'finished');
    expect(players.map((p) => p.failure)).toEqual(players.map(() => null));
    expect(done.rounds).toBe(5);
    expect(done.games).toHaveLength(15);
    // everyone met everyone once, and each played 5 games, rated
    const stored = await storedResults(server, id);
    const met = new Set(stored.map((g) => [g.black, g.white].sort().join(':')));
    expect(met.size).toBe(15);
    expect(stored.every((g) => g.result !== null && g.rated === true)).toBe(true);
    // each was called to its 5 games, and again only to a pairing whose game was aborted (a first move not
    // made in time, RULES.md §7: on this test clock, 1.5 s; a busy machine can miss it), which is played again
    const called = await server.db.prisma.game.findMany({ where: { id: { in: players.flatMap((p) => p.played) } }, select: { id: true, reason: true } });
    const aborted = new Set(called.filter((g) => g.reason === 'abort').map((g) => g.id));
    for (const p of players) expect(p.played.filter((g) => !aborted.has(g))).toHaveLength(5);

    const nameOf = new Map(done.entrants.map((e) => [e.id, e.name]));
    // the results are as the players meant them
    for (const g of stored) {
      const [b, w] = [nameOf.get(g.black)!, nameOf.get(g.white)!];
      const meant = draws[b]?.includes(w) ? 'draw' : strength[b] > strength[w] ? 'black' : 'white';
      expect(g.result).toBe(meant);
    }
    // the standings equal a recomputation from the stored games
    const again = roundRobinStandings(done.entrants.map((e) => ({ id: e.id, withdrawn: false })), stored);
    expect(done.standings.map((s) => [s.entrant, s.rank, s.score, s.sonnebornBerger])).toEqual(again.map((r) => [r.id, r.rank, r.points, r.sonnebornBerger]));
    // rr3 and rr4 are level on points, Sonneborn–Berger and head-to-head (their draw): they share third
    expect(done.standings.map((s) => [nameOf.get(s.entrant), s.rank, s.score])).toEqual([
      ['rr6', 1, 5], ['rr5', 2, 4], ['rr3', 3, 2.5], ['rr4', 3, 2.5], ['rr2', 5, 1], ['rr1', 6, 0],
    ]);

    // the games, as one KIF collection, each naming the tournament; a game's record names it too
    const kif = await (await fetch(`${server.url}/api/tournaments/${id}/games.kif`)).text();
    expect(kif.match(/棋戦：Test cup/g)).toHaveLength(15);
    const record = (await (await fetch(`${server.url}/api/games/${stored[0].gameId}`)).json()) as { game: { tournament: unknown } };
    expect(record.game.tournament).toEqual({ id, name: 'Test cup' });

    // each player was told the event started, and of each round's game (notifications, issue 37)
    await server.notifications.settled();
    const told = await (await fetch(`${server.url}/api/notifications?limit=50`, { headers: { authorization: `Bearer ${players[0].token}` } })).json() as
      { notifications: { payload: { kind: string; round?: number } }[] };
    const kinds = told.notifications.map((n) => n.payload.kind);
    expect(kinds.filter((k) => k === 'tournament-starting')).toHaveLength(1);
    expect(told.notifications.filter((n) => n.payload.kind === 'round-ready').map((n) => n.payload.round).sort()).toEqual([1, 2, 3, 4, 5]);
  }, 150_000);

  it('an 8-bot arena: nobody meets the same opponent twice in a row, colours stay within one, everyone is paired again and again, streaks double', async () => {
    const msPerSecond = 40;
    const server = await startTestServer(botServerConfig(msPerSecond));
    servers.push(server);
    const names = Array.from({ length: 8 }, (_, i) => `ar${i + 1}`);
    const strength = Object.fromEntries(names.map((n, i) => [n, i]));
    const players = await Promise.all(names.map((n) => TournamentBot.create(server.url, n, byStrength(strength, n))));
    bots.push(...players);
    const { id } = await organise(server.url, { kind: 'arena', minutes: 5, control: '10m+30b' });
    for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
    players.forEach((p) => p.start());
    await startNow(server, id);

    const done = await untilTournament(server.url, id, (t) => t.status === 'finished');
    expect(players.map((p) => p.failure)).toEqual(players.map(() => null));
    const stored = await storedResults(server, id);
    expect(stored.length).toBeGreaterThanOrEqual(12);
    expect(stored.every((g) => g.rated === true)).toBe(true);
    const waits: number[] = [];
    for (const e of done.entrants) {
      const mine = stored.filter((g) => g.black === e.id || g.white === e.id); // in pairing order
      let balance = 0;
      mine.forEach((g, i) => {
        balance += g.black === e.id ? 1 : -1;
        expect(Math.abs(balance)).toBeLessThanOrEqual(1);
        if (i === 0) return;
        const prev = mine[i - 1];
        const opp = (x: typeof g) => (x.black === e.id ? x.white : x.black);
        expect(opp(g)).not.toBe(opp(prev));
        waits.push((g.createdAt - prev.finishedAt!) / msPerSecond);
      });
    }
    // everyone was paired again and again; that a free entrant is paired at the first upkeep where
    // someone fits them is pairArena's (tournament-logic.test.ts), and how soon that is in real time
    // is measured by pnpm bench:tournament (at this fast clock a busy machine's upkeep is most of it)
    for (const e of done.entrants) expect(stored.filter((g) => g.black === e.id || g.white === e.id).length).toBeGreaterThanOrEqual(2);
    expect(waits.every((w) => w >= 0)).toBe(true);

    // the standings are the arena scores of the stored games, in the order they ended
    const finished = stored.filter((g) => g.result !== null && g.finishedAt! <= done.endsAt!)
      .sort((a, b) => a.finishedAt! - b.finishedAt!) as (typeof stored[number] & { result: GameResult })[];
    const again = arenaStandings(done.entrants.map((e) => ({ id: e.id, withdrawn: false })), finished);
    expect(done.standings.map((s) => [s.entrant, s.rank, s.score, s.points])).toEqual(again.map((r) => [r.id, r.rank, r.score, r.points]));
    // the strongest wins every game: 2, 2, then 4 a win while the streak lasts
    const best = done.standings.find((s) => done.entrants.find((e) => e.id === s.entrant)!.name === 'ar8')!;
    expect(best.rank).toBe(1);
    expect(best.played).toBeGreaterThanOrEqual(3);
    expect(best.points).toEqual(best.points!.map((_, i) => (i < 2 ? 2 : 4)));
    expect(best.onFire).toBe(true);
  }, 150_000);

  it('a withdrawal: the games played stand, the rest are lost unplayed, and the round-robin goes on to the end', async () => {
    const server = await startTestServer(botServerConfig(50));
    servers.push(server);
    const names = ['wd1', 'wd2', 'wd3', 'wd4'];
    const strength = Object.fromEntries(names.map((n, i) => [n, i]));
    const players = await Promise.all(names.map((n) => TournamentBot.create(server.url, n, byStrength(strength, n))));
    bots.push(...players);
    const { id } = await organise(server.url, { kind: 'round-robin', cycles: 1, timeControl: CLOCK });
    for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
    // withdrawing is for a round-robin under way; before it, one leaves
    expect(await players[3].entry(id, 'withdraw')).toBe(409);
    players.forEach((p) => p.start());
    await startNow(server, id);

    // wd4 (the strongest) plays round 1, then withdraws
    await untilTournament(server.url, id, (t) => t.round >= 2);
    expect(await players[3].entry(id, 'withdraw')).toBe(200);
    await players[3].stop();
    expect(await players[3].entry(id, 'join')).toBe(409); // for good
    const done = await untilTournament(server.url, id, (t) => t.status === 'finished');
    const wd4 = done.entrants.find((e) => e.name === 'wd4')!;
    expect(wd4.withdrawn).toBe(true);
    const stored = await storedResults(server, id);
    const played = stored.filter((g) => g.gameId !== null && (g.black === wd4.id || g.white === wd4.id));
    const forfeits = done.games.filter((g) => g.forfeit);
    expect(played.length).toBeGreaterThanOrEqual(1);
    expect(played.length + forfeits.length).toBe(3);
    expect(forfeits.every((g) => g.gameId === null && (g.black === wd4.id || g.white === wd4.id))).toBe(true);
    const row = done.standings.find((s) => s.entrant === wd4.id)!;
    // the strongest won what it played; the rest are losses
    expect([row.wins, row.losses, row.played]).toEqual([played.length, forfeits.length, 3]);
    const again = roundRobinStandings(done.entrants.map((e) => ({ id: e.id, withdrawn: e.withdrawn })), stored);
    expect(done.standings.map((s) => [s.entrant, s.rank, s.score, s.sonnebornBerger])).toEqual(again.map((r) => [r.id, r.rank, r.points, r.sonnebornBerger]));
  }, 150_000);

  it('a CPU entrant plays its games like anyone; they are unrated', async () => {
    const server = await startTestServer(botServerConfig(50));
    servers.push(server);
    const players = await Promise.all(['cp1', 'cp2'].map((n, i) => TournamentBot.create(server.url, n, () => (i === 0 ? 'lose' : 'win'))));
    bots.push(...players);
    const { id } = await organise(server.url, { kind: 'round-robin', cycles: 1, timeControl: CLOCK, cpu: [2] });
    for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
    players.forEach((p) => p.start());
    await startNow(server, id);
    const done = await untilTournament(server.url, id, (t) => t.status === 'finished');
    expect(players.map((p) => p.failure)).toEqual([null, null]);
    const cpu = done.entrants.find((e) => e.cpuLevel === 2)!;
    expect(cpu.name).toBe('CPU 2');
    const stored = await storedResults(server, id);
    expect(stored).toHaveLength(3);
    const cpuGames = stored.filter((g) => g.black === cpu.id || g.white === cpu.id);
    expect(cpuGames).toHaveLength(2);
    for (const g of cpuGames) {
      expect(g.rated).toBe(false);
      const moves = await server.db.prisma.move.count({ where: { gameId: g.gameId!, byCpu: true } });
      expect(moves).toBeGreaterThanOrEqual(1); // the CPU moved in each of its games
      expect(g.result).toBe(g.black === cpu.id ? 'black' : 'white'); // the bots resign to it
    }
    expect(stored.find((g) => !cpuGames.includes(g))!.rated).toBe(true);
    expect(done.standings[0]).toMatchObject({ entrant: cpu.id, score: 2, rank: 1 });
  }, 150_000);

  it('an arena pairs only who is here: an entrant away from the site is paused, and paired again once back; a CPU entrant is always here', async () => {
    const msPerSecond = 40;
    const server = await startTestServer(botServerConfig(msPerSecond));
    servers.push(server);
    const names = ['ph1', 'ph2', 'ph3'];
    const strength = Object.fromEntries(names.map((n, i) => [n, i]));
    const players = await Promise.all(names.map((n) => TournamentBot.create(server.url, n, byStrength(strength, n))));
    bots.push(...players);
    const [ph1, ph2, ph3] = players;
    const { id } = await organise(server.url, { kind: 'arena', minutes: 10, control: '10m+30b', cpu: [1] });
    for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
    // ph3 entered, then left the site (its only socket closed) before the start
    await ph3.stop();
    for (let i = 0; (await server.io.in(`device:${ph3.client.deviceId}`).fetchSockets()).length > 0; i++) {
      if (i > 100) throw new Error('the server never saw ph3 leave');
      await new Promise((r) => setTimeout(r, 50));
    }
    [ph1, ph2].forEach((p) => p.start());
    await startNow(server, id);

    // the others play on, the CPU (which has no socket) among them; ph3 is never paired while away
    const played = await untilTournament(server.url, id, (t) => t.games.filter((g) => g.result).length >= 4);
    const entrant = (t: TournamentView, name: string) => t.entrants.find((e) => e.name === name)!;
    const away = entrant(played, 'ph3');
    const cpu = played.entrants.find((e) => e.cpuLevel === 1)!;
    expect(played.games.some((g) => g.black === away.id || g.white === away.id)).toBe(false);
    expect(played.games.filter((g) => g.black === cpu.id || g.white === cpu.id).length).toBeGreaterThanOrEqual(2);
    expect(away.paused).toBe(true);
    expect(cpu.paused).toBe(false);

    // back on the site: paired again at once, and no longer shown paused
    const back = Date.now();
    await ph3.moveTo(server.url, id);
    const again = await untilTournament(server.url, id, (t) => t.games.some((g) => g.black === away.id || g.white === away.id));
    expect(entrant(again, 'ph3').paused).not.toBe(true);
    const firstOfPh3 = (await storedResults(server, id)).find((g) => g.black === away.id || g.white === away.id)!;
    expect(firstOfPh3.createdAt).toBeGreaterThanOrEqual(back);

    // the arena ends as any other: its table is the stored games' scores, ph3's games with the rest
    const done = await untilTournament(server.url, id, (t) => t.status === 'finished');
    expect(players.map((p) => p.failure)).toEqual(players.map(() => null));
    expect(done.entrants.every((e) => e.paused === undefined)).toBe(true); // paused is a running arena's
    const stored = await storedResults(server, id);
    const finished = stored.filter((g) => g.result !== null && g.finishedAt! <= done.endsAt!)
      .sort((a, b) => a.finishedAt! - b.finishedAt!) as (typeof stored[number] & { result: GameResult })[];
    const table = arenaStandings(done.entrants.map((e) => ({ id: e.id, withdrawn: false })), finished);
    expect(done.standings.map((s) => [s.entrant, s.rank, s.score, s.points])).toEqual(table.map((r) => [r.id, r.rank, r.score, r.points]));
    expect(done.standings.find((s) => s.entrant === away.id)!.played).toBeGreaterThanOrEqual(1);
  }, 150_000);

  it('a tournament game has no rematch: its room refuses one (against a CPU, which would have started it at once, too)', async () => {
    const server = await startTestServer(botServerConfig(40));
    servers.push(server);
    const bot = await TournamentBot.create(server.url, 'rm1', () => 'win'); // it resigns to the CPU after a move
    bots.push(bot);
    const { id } = await organise(server.url, { kind: 'arena', minutes: 10, control: '10m+30b', cpu: [1] });
    expect(await bot.entry(id, 'join')).toBe(200);
    bot.start();
    await startNow(server, id);
    const t = await untilTournament(server.url, id, (v) => v.games.some((g) => g.result !== null));
    const game = t.games.find((g) => g.result !== null)!;

    // the bot's device, on a second socket, in the room of its finished game
    const c = await TestClient.connect(server.url, { token: bot.token, deviceId: bot.client.deviceId });
    try {
      const room = await c.join(game.roomCode!);
      expect(room.gameNumber).toBe(1);
      expect(room.tournament).toEqual({ id, name: 'Test cup', round: null, rounds: null }); // an arena's games have no rounds
      expect(await c.command({ type: 'room.rematch', code: game.roomCode! }, 'rematch-1')).toMatchObject({ type: 'error', code: 'no-rematch' });
      expect(await c.command({ type: 'room.rematch', code: game.roomCode!, action: 'decline' }, 'rematch-2')).toMatchObject({ type: 'error', code: 'no-rematch' });
      // nothing started: the room's one game is the tournament's, still finished
      const stored = await server.db.prisma.game.findMany({ where: { room: { code: game.roomCode! } } });
      expect(stored.map((g) => [g.id, g.status])).toEqual([[game.gameId, 'finished']]);
    } finally {
      c.close();
    }
  }, 150_000);

  it("a tournament game's room names its tournament and round, to a player and a spectator, before and after a restart", async () => {
    const msPerSecond = 40;
    const target = await testDatabase();
    let server = await startTestServer(botServerConfig(msPerSecond), target);
    const names = ['tv1', 'tv2', 'tv3'];
    const strength = Object.fromEntries(names.map((n, i) => [n, i]));
    const players = await Promise.all(names.map((n) => TournamentBot.create(server.url, n, byStrength(strength, n))));
    const clients: TestClient[] = [];
    try {
      const { id } = await organise(server.url, { kind: 'round-robin', cycles: 1, timeControl: CLOCK });
      for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
      players.forEach((p) => p.start());
      await startNow(server, id);
      const t = await untilTournament(server.url, id, (v) => v.games.some((g) => g.round === 2 && g.roomCode !== null));
      const game = t.games.find((g) => g.round === 2)!;
      const player = players.find((p) => p.username === t.entrants.find((e) => e.id === game.black)!.name)!;
      const named = { id, name: 'Test cup', round: 2, rounds: 3 };

      // the room as the server holds it since it started the game: a second socket of the player, and someone watching
      const seen = async () => {
        const me = await TestClient.connect(server.url, { token: player.token, deviceId: player.client.deviceId });
        const watcher = await TestClient.connect(server.url, 'watcher');
        clients.push(me, watcher);
        // the view that answers the join (a change in the room may reach a socket just before it)
        const joined = async (c: TestClient) => {
          c.send({ type: 'room.join', code: game.roomCode! });
          return (await c.nextOf('room', (m) => m.room.code === game.roomCode && m.room.present.some((p) => p.deviceId === c.deviceId))).room;
        };
        const views = [await joined(me), await joined(watcher)];
        expect(views[1].present.find((p) => p.deviceId === watcher.deviceId)?.role).toBe('spectator');
        return views;
      };
      const before = await seen();
      expect(before.map((r) => r.tournament)).toEqual([named, named]);

      // and as a restarted server loads it from the database, to both coming back
      clients.splice(0).forEach((c) => c.close());
      await Promise.all(players.map((p) => p.stop()));
      await server.close();
      server = await startTestServer(botServerConfig(msPerSecond), target);
      const after = await seen();
      expect(after.map((r) => [r.gameId, r.tournament])).toEqual([[game.gameId, named], [game.gameId, named]]);
      // an ordinary room still names none
      const host = await TestClient.connect(server.url, 'host');
      clients.push(host);
      expect((await host.createRoom()).tournament).toBeNull();
    } finally {
      clients.forEach((c) => c.close());
      await Promise.all(players.map((p) => p.stop()));
      await server.close();
      await target.dispose();
    }
  }, 150_000);

  it.each([
    { kind: 'arena' as const, settings: { kind: 'arena' as const, minutes: 10, control: '10m+30b' as const }, midway: (t: TournamentView) => t.games.filter((g) => g.result).length >= 4 },
    { kind: 'round-robin' as const, settings: { kind: 'round-robin' as const, cycles: 1 as const, timeControl: CLOCK }, midway: (t: TournamentView) => t.round >= 2 },
  ])('a restart in the middle of a $kind: no result is lost, and pairing carries on from the database', async ({ kind, settings, midway }) => {
    const msPerSecond = 40;
    const target = await testDatabase();
    let server = await startTestServer(botServerConfig(msPerSecond), target);
    const names = ['a', 'b', 'c', 'd'].map((x) => `${kind === 'arena' ? 'ra' : 'rr'}${x}`);
    const strength = Object.fromEntries(names.map((n, i) => [n, i]));
    const players = await Promise.all(names.map((n) => TournamentBot.create(server.url, n, byStrength(strength, n))));
    try {
      const { id } = await organise(server.url, settings);
      for (const p of players) expect(await p.entry(id, 'join')).toBe(200);
      players.forEach((p) => p.start());
      await startNow(server, id);
      await untilTournament(server.url, id, midway);
      const before = (await storedResults(server, id)).filter((g) => g.result !== null);

      // the server goes (its players' sockets with it), and comes back on the same database
      await Promise.all(players.map((p) => p.stop()));
      await server.close();
      const restartedAt = Date.now();
      server = await startTestServer(botServerConfig(msPerSecond), target);
      for (const p of players) await p.moveTo(server.url, id);

      const done = await untilTournament(server.url, id, (t) => t.status === 'finished');
      expect(players.map((p) => p.failure?.message ?? null)).toEqual(players.map(() => null));
      const after = await storedResults(server, id);
      // every result stored before the restart is still there, as it was
      for (const g of before) expect(after.find((a) => a.gameId === g.gameId)).toMatchObject({ result: g.result, black: g.black, white: g.white });
      // and the tournament went on: games paired, or rounds started, after the restart
      expect(after.some((g) => g.createdAt > restartedAt || (kind === 'round-robin' && g.round > before.at(-1)!.round))).toBe(true);
      expect(after.filter((g) => g.result !== null).length).toBeGreaterThan(before.length);
      if (kind === 'round-robin') {
        expect(after).toHaveLength(6);
        expect(new Set(after.map((g) => [g.black, g.white].sort().join(':'))).size).toBe(6);
        expect(after.every((g) => g.result !== null)).toBe(true);
        const again = roundRobinStandings(done.entrants.map((e) => ({ id: e.id, withdrawn: false })), after);
        expect(done.standings.map((s) => [s.entrant, s.score])).toEqual(again.map((r) => [r.id, r.points]));
      } else {
        for (const e of done.entrants) {
          const mine = after.filter((g) => g.black === e.id || g.white === e.id);
          mine.slice(1).forEach((g, i) => expect([g.black, g.white].sort()).not.toEqual([mine[i].black, mine[i].white].sort()));
        }
      }
    } finally {
      await Promise.all(players.map((p) => p.stop()));
      await server.close();
      await target.dispose();
    }
  }, 180_000);
});
