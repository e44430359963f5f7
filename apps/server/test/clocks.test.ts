import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bestMove } from '@chu/engine';
import type { ClockView, GameEvent } from '@chu/protocol';
import { Game } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { Store } from '../src/db/Store.ts';
import { againstCpu, firstLegal, firstMoves, seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// RULES.md §7: the server's clock decides. Clock seconds are shortened with msPerSecond.

const SLOW = 240_000; // a server restart or a fresh database, on a loaded machine
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type MoveEvent = Extract<GameEvent, { kind: 'move' }>;
const moveOf = (c: TestClient, color: 'black' | 'white') =>
  c.nextOf('event', (m) => (m.event.kind === 'move' && m.event.color === color) || m.event.kind === 'end', 15_000)
    .then((m) => m.event as MoveEvent);
/** Sleeps until `ms` after the running side's turn started, by the server's own timestamps. */
const untilIntoTurn = async (clock: ClockView, ms: number) => {
  const at = clock.turnStartedAt! + ms + (Date.now() - clock.serverNow);
  await sleep(Math.max(0, at - Date.now()));
};
const storedMoves = (server: TestServer, gameId: string) =>
  server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } });
/** Holds back this client's pongs by `ms`, as a slow network would: the server measures the round trip. */
const slowPongs = (c: TestClient, ms: number) => {
  const engine = c.socket.io.engine as unknown as { _sendPacket: (type: string, ...rest: unknown[]) => void };
  const send = engine._sendPacket.bind(engine);
  engine._sendPacket = (type, ...rest) => (type === 'pong' ? void setTimeout(() => send(type, ...rest), ms) : send(type, ...rest));
};

/** Both play `rounds` moves each; the lag credited to each of Black's moves. */
async function blackCredits(host: TestClient, guest: TestClient, rounds: number): Promise<number[]> {
  const credits: number[] = [];
  for (let i = 0; i < rounds; i++) {
    expect(await host.move(firstLegal(host.game!.moves))).toMatchObject({ type: 'ack' });
    credits.push((await moveOf(guest, 'black')).lagCreditMs);
    await guest.reach(host.game!.version);
    expect(await guest.move(firstLegal(guest.game!.moves))).toMatchObject({ type: 'ack' });
    await host.reach(guest.game!.version);
  }
  return credits;
}

describe('clocks: main time, byoyomi, Fischer (RULES.md §7)', () => {
  let server: TestServer;
  // 1 "second" = 100 ms: 10 s of main time last 1 s.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 100 }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('main time runs out, then each byoyomi period; the game ends by time after exactly the last period', async () => {
    const tc = { kind: 'clock', initialSeconds: 10, byoyomiSeconds: 10, periods: 2, incrementSeconds: 0 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    await firstMoves(host, guest);
    expect(host.game!.clock).toMatchObject({ black: { mainMs: 1000, periods: 2 }, byoyomiMs: 1000, running: 'black' });
    // Black waits out its main time and moves halfway into the first period: the period is kept
    await untilIntoTurn(host.game!.clock!, 1000 + 400);
    expect(await host.move(firstLegal(host.game!.moves))).toMatchObject({ type: 'ack' });
    const first = await moveOf(guest, 'black');
    expect(first.clock).toMatchObject({ black: { mainMs: 0, periods: 2 }, running: 'white' });
    expect(await guest.move(firstLegal(guest.game!.moves))).toMatchObject({ type: 'ack' });
    await host.reach(4);
    // Black lets the first period run out and moves in the second: one period left
    await untilIntoTurn(host.game!.clock!, 1000 + 400);
    expect(await host.move(firstLegal(host.game!.moves))).toMatchObject({ type: 'ack' });
    const second = await moveOf(guest, 'black');
    expect(second.clock).toMatchObject({ black: { mainMs: 0, periods: 1 } });
    expect(await guest.move(firstLegal(guest.game!.moves))).toMatchObject({ type: 'ack' });
    await host.reach(6);
    // Black does not move: the flag falls once its last period is over, not before
    const deadline = host.game!.clock!.deadline! - host.game!.clock!.serverNow + Date.now();
    expect(host.game!.clock!.deadline! - host.game!.clock!.turnStartedAt!).toBe(1000); // exactly the last period
    const end = await host.nextOf('event', (m) => m.event.kind === 'end', 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline - 5);
    expect(end.event).toMatchObject({ outcome: { winner: 'white', reason: 'timeout' } });
    const rows = await storedMoves(server, gameId);
    expect(rows.map((r) => [r.blackMs, r.blackPeriods])).toEqual([[1000, 2], [1000, 2], [0, 2], [0, 2], [0, 1], [0, 1]]);
    expect(await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'finished', reason: 'timeout', winner: 'white' });
    host.close(); guest.close();
  });

  it('Fischer: the increment is added after each move, to what the move left', async () => {
    const tc = { kind: 'clock', initialSeconds: 30, byoyomiSeconds: 0, periods: 1, incrementSeconds: 5 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    await firstMoves(host, guest);
    expect(await host.move(firstLegal(host.game!.moves))).toMatchObject({ type: 'ack' });
    await guest.reach(host.game!.version);
    expect(await guest.move(firstLegal(guest.game!.moves))).toMatchObject({ type: 'ack' });
    await host.reach(guest.game!.version);
    const rows = await storedMoves(server, gameId);
    // each side: 3000 ms, less what each of its moves took (less the lag credited), plus 500 ms a move;
    // the first moves cost nothing and add nothing: no clock ran
    let black = 3000;
    let white = 3000;
    for (const r of rows) {
      if (r.ply < 2) expect(r.lagMs).toBe(0);
      else if (r.ply % 2 === 0) black = black - Math.max(0, r.timeMs - (r.lagMs ?? 0)) + 500;
      else white = white - Math.max(0, r.timeMs - (r.lagMs ?? 0)) + 500;
      expect([r.blackMs, r.whiteMs, r.blackPeriods]).toEqual([black, white, 0]);
    }
    expect(guest.game!.clock).toMatchObject({ black: { mainMs: black }, white: { mainMs: white }, incrementMs: 500 });
    host.close(); guest.close();
  });

  it('"give 15 s": the opponent gets 15 s more in a casual clock game; refused where the room or the control has none', async () => {
    const tc = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    host.send({ type: 'give-time', gameId, ack: 'g0' });
    expect(await host.nextOf('error', (m) => m.ack === 'g0')).toMatchObject({ code: 'no-give-time' }); // before any move
    expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    await guest.reach(1);
    const before = guest.game!.clock!.black.mainMs;
    guest.send({ type: 'give-time', gameId, ack: 'g1' });
    expect(await guest.nextOf('ack', (m) => m.ack === 'g1')).toMatchObject({ version: 2 });
    const given = await host.nextOf('event', (m) => m.event.kind === 'time-given');
    expect(given.event).toMatchObject({ by: 'white', ms: 1500, clock: { black: { mainMs: before + 1500 } } });
    expect((await storedMoves(server, gameId))[0].blackMs).toBe(before + 1500); // stored: a restart keeps it
    host.close(); guest.close();

    for (const options of [{ timeControl: tc, giveTime: false }, { timeControl: { kind: 'turn', seconds: 30 } as const }]) {
      const p = await seatedPair(server.url, options);
      expect(await p.host.move('7j5h')).toMatchObject({ type: 'ack' });
      p.guest.send({ type: 'give-time', gameId: p.gameId, ack: 'g2' });
      expect(await p.guest.nextOf('error', (m) => m.ack === 'g2')).toMatchObject({ code: 'no-give-time' });
      p.host.close(); p.guest.close();
    }
  });

  it('an away player on a clock is covered by the CPU in time, and never flags', async () => {
    const tc = { kind: 'clock', initialSeconds: 10, byoyomiSeconds: 10, periods: 1, incrementSeconds: 0 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    await firstMoves(host, guest);
    host.close(); // Black is to move, with 2 s on its clock, and gone
    for (let i = 0; i < 3; i++) {
      const cpu = await moveOf(guest, 'black');
      expect(cpu).toMatchObject({ kind: 'move', color: 'black', byCpu: true });
      await guest.reach(cpu.version);
      expect(await guest.move(firstLegal(guest.game!.moves))).toMatchObject({ type: 'ack' });
    }
    expect(await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'active', reason: null });
    guest.close();
  });
});

describe('the CPU seat on a clock (RULES.md §7)', () => {
  let server: TestServer;
  // The real engine, one worker: its think time comes from the engine's time manager, on the seat's clock.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 100, cpuPlayer: 'engine', cpuWorkers: 1 }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('plays from its main time into byoyomi, every move within its period: it never loses a period and never flags', async () => {
    // 30 s + 10 s × 3 byoyomi: 3 s of main time, then 1 s a move
    const tc = { kind: 'clock', initialSeconds: 30, byoyomiSeconds: 10, periods: 3, incrementSeconds: 0 } as const;
    const { person, gameId } = await againstCpu(server.url, { timeControl: tc }, 8);
    // the person answers with a weak engine's move at once, so the game lasts and only the CPU's clock matters
    for (let i = 0; i < 16 && person.game!.status === 'active'; i++) {
      const game = Game.replay(person.game!.moves);
      if (!game.ok) throw new Error('the moves do not replay');
      expect(await person.move(bestMove(game.value, { level: 1, nodes: 2000 }).move)).toMatchObject({ type: 'ack' });
      const reply = await moveOf(person, 'white');
      await person.reach(reply.version);
    }
    const cpuRows = (await storedMoves(server, gameId)).filter((r) => r.ply % 2 === 1);
    expect(cpuRows.length).toBeGreaterThanOrEqual(12);
    expect(cpuRows.every((r) => r.byCpu && r.whitePeriods === 3)).toBe(true); // each move within its main time and period
    const inByoyomi = cpuRows.filter((r) => r.whiteMs === 0);
    expect(inByoyomi.length).toBeGreaterThanOrEqual(4); // its main time was spent, and then it played on byoyomi
    expect(cpuRows[0].whiteMs).toBeGreaterThan(0); // the first moves thought on the main time
    const game = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(game.reason).not.toBe('timeout');
    console.info(`CPU on 3 s + 1 s × 3 (ms): thought ${cpuRows.map((r) => r.timeMs).join(', ')}; main left ${cpuRows.map((r) => r.whiteMs).join(', ')}`);
    person.close();
  }, SLOW);
});

describe('lag compensation (RULES.md §7)', () => {
  let server: TestServer;
  // Socket.IO pings every 100 ms, so a socket's round trip is known within a few moves.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 100, pingIntervalMs: 100 }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('lag is credited back within its quota: 3 gains to start, 1 gain a move, 7 at most', async () => {
    // 20 min: an estimated length over 180 s, so a gain is 1 clock second (100 ms here); the quota starts at 300 ms
    const tc = { kind: 'clock', initialSeconds: 1200, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 } as const;
    const { host, guest } = await seatedPair(server.url, { timeControl: tc });
    slowPongs(host, 1500); // Black's link: ~750 ms each way, more than any quota
    await firstMoves(host, guest); // they earn no credit, and spend no quota: no clock runs
    await sleep(10_000); // six slow round trips (1.6 s each): the estimate is the lowest of the last six
    const credits = await blackCredits(host, guest, 4);
    // the whole quota at first, then what each move adds to it
    expect(credits).toEqual([300, 100, 100, 100]);
    host.close(); guest.close();
  });

  it('on loopback: the measured lag is small, and what is credited is written down with the move', async () => {
    const tc = { kind: 'clock', initialSeconds: 1200, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    await firstMoves(host, guest);
    await sleep(500);
    const credits = await blackCredits(host, guest, 3);
    const stored = (await storedMoves(server, gameId)).filter((r) => r.ply % 2 === 0 && r.ply >= 2).map((r) => r.lagMs);
    expect(stored).toEqual(credits);
    for (const c of credits) expect(c).toBeLessThanOrEqual(300);
    console.info(`loopback lag credited to Black's moves (ms): ${credits.join(', ')}`);
    host.close(); guest.close();
  });
});

describe('lag credit cannot be bought by delaying pongs (RULES.md §7; issue 46.3)', () => {
  let server: TestServer;
  // real clock seconds: the quota's gains are whole seconds, as on the site
  beforeAll(async () => { server = await startTestServer({ pingIntervalMs: 100 }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('a client holding each pong 3.5 s is credited at most 0.5 s a move on a 5-minute clock', async () => {
    const tc = { kind: 'clock', initialSeconds: 300, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 } as const;
    const { host, guest } = await seatedPair(server.url, { timeControl: tc });
    slowPongs(host, 3500); // ~1,750 ms one way by its round trips, which a client can make longer, never shorter
    // before the first move no clock runs (30 s here): six slow round trips (3.6 s each) are measured meanwhile
    await sleep(22_000);
    await firstMoves(host, guest);
    const credits = await blackCredits(host, guest, 6);
    expect(credits).toEqual([500, 500, 500, 500, 500, 500]); // it was 1,750, 1,750, 1,500, 1,000… (quota-bound only)
    console.info(`lag credited to a client holding its pongs 3.5 s (ms): ${credits.join(', ')}`);
    host.close(); guest.close();
  });

  it('byoyomi: a move 1.2 s past its period, from a client holding its pongs, loses on time', async () => {
    const tc = { kind: 'clock', initialSeconds: 0, byoyomiSeconds: 5, periods: 1, incrementSeconds: 0 } as const;
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: tc });
    slowPongs(host, 3500);
    await sleep(16_000); // four slow round trips: a smoothed estimate (as before the fix) would have reached ~1,330 ms
    await firstMoves(host, guest);
    expect(host.game!.clock).toMatchObject({ running: 'black', black: { mainMs: 0, periods: 1 } });
    await untilIntoTurn(host.game!.clock!, 5000 + 1200);
    expect(await host.move(firstLegal(host.game!.moves))).not.toMatchObject({ type: 'ack' });
    expect(await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'finished', reason: 'timeout', winner: 'white' });
    host.close(); guest.close();
  });
});

describe('restarts: the side to move continues from its stored time', () => {
  let target: TestDatabase;
  let server: TestServer | undefined;
  beforeAll(async () => { target = await testDatabase(); }, SLOW);
  afterAll(async () => { await server?.stop(); await target?.dispose(); });

  it('a restart in the middle of a period resumes with the stored remaining time; the downtime is not charged', async () => {
    // byoyomi alone, 30 s × 2 periods: 3 s a period
    const tc = { kind: 'clock', initialSeconds: 0, byoyomiSeconds: 30, periods: 2, incrementSeconds: 0 } as const;
    server = await startTestServer({ msPerSecond: 100 }, target);
    const { host, guest, gameId, code } = await seatedPair(server.url, { timeControl: tc });
    expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    await guest.reach(1);
    expect(await guest.move('11d11e')).toMatchObject({ type: 'ack' });
    await host.reach(2);
    await untilIntoTurn(host.game!.clock!, 1500); // Black is halfway through its first period
    host.close(); guest.close();
    await server.stop();
    await sleep(3500); // longer than a period

    server = await startTestServer({ msPerSecond: 100 }, target);
    const back = await TestClient.connect(server.url, { token: host.token, deviceId: host.deviceId });
    await back.join(code);
    const state = (await back.nextOf('game')).game;
    const last = (await storedMoves(server, gameId)).at(-1)!;
    expect(state).toMatchObject({ status: 'active', turn: 'black' });
    expect(state.clock).toMatchObject({ black: { mainMs: last.blackMs, periods: last.blackPeriods }, running: 'black' });
    expect(state.clock!.black).toEqual({ mainMs: 0, periods: 2 });
    expect(state.turnRemainingMs).toBeGreaterThan(3000); // both periods: neither the gap nor the half period before it was charged
    expect(await back.move(firstLegal(state.moves))).toMatchObject({ type: 'ack' });
    expect((await storedMoves(server, gameId)).at(-1)).toMatchObject({ blackPeriods: 2 });
    back.close();
  }, SLOW);
});

describe('correspondence (RULES.md §7, §8)', () => {
  it('running out of days loses on time; nobody stands in for the absent player', async () => {
    // 1 "second" = 0.02 ms: a day lasts 1.7 s
    const server = await startTestServer({ msPerSecond: 0.02 });
    try {
      const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'correspondence', daysPerMove: 1 } });
      expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
      const moved = await moveOf(host, 'black');
      expect(moved.clock!.deadline! - moved.clock!.turnStartedAt!).toBe(1728); // one day, as an absolute time
      guest.close(); // White goes away: no CPU, no adjournment; only the day binds it
      const end = await host.nextOf('event', (m) => m.event.kind === 'end' || (m.event.kind === 'move' && m.event.byCpu) || m.event.kind === 'adjourn', 10_000);
      expect(end.event).toMatchObject({ kind: 'end', outcome: { winner: 'black', reason: 'timeout' } });
      expect(await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'finished', reason: 'timeout' });
      host.close();
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('a game survives a restart with its deadline where it was', async () => {
    const target = await testDatabase();
    let server = await startTestServer({}, target);
    try {
      const { host, guest, code } = await seatedPair(server.url, { timeControl: { kind: 'correspondence', daysPerMove: 3 } });
      expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
      const deadline = (await moveOf(guest, 'black')).clock!.deadline!;
      host.close(); guest.close();
      await server.stop();
      server = await startTestServer({}, target);
      const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
      await back.join(code);
      const state = (await back.nextOf('game')).game;
      expect(state).toMatchObject({ status: 'active', turn: 'white' });
      expect(Math.abs(state.clock!.deadline! - deadline)).toBeLessThanOrEqual(5); // the calendar's, not restarted
      back.close();
    } finally {
      await server.stop();
      await target.dispose();
    }
  }, SLOW);
});

describe('migration: stored turnTime becomes timeControl', () => {
  it('rooms and games stored with turnTime 30, 60 or null read back as a turn limit or none', async () => {
    const all = defaultConfig().migrationsDir;
    const before = await mkdtemp(join(tmpdir(), 'chu-migrations-'));
    for (const name of (await readdir(all)).filter((n) => n < '20261205130000_clocks')) await cp(join(all, name), join(before, name), { recursive: true });
    const target = await testDatabase({ migrated: false });
    try {
      let db = await openDatabase({ ...target, migrationsDir: before });
      const rooms = [['r30', 'AAAAAA', 30], ['r60', 'BBBBBB', 60], ['rnone', 'CCCCCC', null]] as const;
      for (const [id, code, turnTime] of rooms) {
        await db.prisma.$executeRawUnsafe(`INSERT INTO "rooms" ("id", "code", "host_device_id", "options", "seats") VALUES ($1, $2, 'd1', $3::jsonb, '{"black":{"kind":"empty"},"white":{"kind":"empty"}}'::jsonb)`,
          id, code, JSON.stringify({ turnTime, bareKing: false }));
        await db.prisma.$executeRawUnsafe(`INSERT INTO "games" ("id", "room_id", "number", "options", "start_sfen", "seats") VALUES ($1, $2, 1, $3::jsonb, 'sfen', '{"black":{"kind":"empty"},"white":{"kind":"empty"}}'::jsonb)`,
          `g-${id}`, id, JSON.stringify({ turnTime }));
      }
      await db.close();
      db = await openDatabase({ ...target, migrationsDir: all });
      const store = new Store(db.prisma);
      const expected = { AAAAAA: { kind: 'turn', seconds: 30 }, BBBBBB: { kind: 'turn', seconds: 60 }, CCCCCC: { kind: 'none' } };
      for (const [id, code] of rooms) {
        const room = await store.findRoom(code);
        expect(room!.options).toMatchObject({ timeControl: expected[code], bareKing: false });
        expect(room!.options).not.toHaveProperty('turnTime');
        expect((await store.lastGame(id))!.options.timeControl).toEqual(expected[code]);
      }
      await db.close();
    } finally {
      await target.dispose();
      await rm(before, { recursive: true, force: true });
    }
  }, SLOW);
});
