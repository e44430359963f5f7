import type { ClockView, GameEvent, Profile } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from './support/http.ts';
import { matched } from './support/ranked.ts';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// RULES.md §7, lishogi's start rule: on a real-time control no clock runs until both sides have made their
// first move; the side to move has 30 clock seconds for it, or the game is aborted (no result, unrated);
// either player may abort until both have moved. 1 "second" = 200 ms here: the first-move allowance is 6 s.

const SLOW = 240_000;
const ALLOWANCE_MS = 6000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TEN_MINUTES = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } as const;
const FULL_MS = 600 * 200;
type EndEvent = Extract<GameEvent, { kind: 'end' }>;
const endOf = (c: TestClient, gameId = c.game!.id) =>
  c.nextOf('event', (m) => m.event.kind === 'end' && m.event.gameId === gameId, 20_000).then((m) => m.event as EndEvent);
const clockOfMove = (c: TestClient, ply: number) =>
  c.nextOf('event', (m) => m.event.kind === 'move' && m.event.ply === ply, 15_000).then((m) => (m.event as Extract<GameEvent, { kind: 'move' }>).clock!);
/** How long from now (this machine's ms) until a server epoch time. */
const fromNow = (clock: ClockView, at: number) => at - clock.serverNow;

describe("the first moves (RULES.md §7, lishogi's start rule)", () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 200 }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it("no clock runs before both first moves: each side's clock starts full after its first move", async () => {
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: TEN_MINUTES });
    const start = host.game!.clock!;
    expect(start).toMatchObject({ black: { mainMs: FULL_MS }, white: { mainMs: FULL_MS }, running: null, turnStartedAt: null, deadline: null });
    expect(fromNow(start, start.firstMoveDeadline!)).toBeGreaterThan(0);
    expect(fromNow(start, start.firstMoveDeadline!)).toBeLessThanOrEqual(ALLOWANCE_MS);
    await sleep(2000); // Black thinks over its first move: its clock does not run
    expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    const afterBlack = await clockOfMove(guest, 0);
    expect(afterBlack).toMatchObject({ black: { mainMs: FULL_MS }, white: { mainMs: FULL_MS }, running: null });
    expect(fromNow(afterBlack, afterBlack.firstMoveDeadline!)).toBeGreaterThan(ALLOWANCE_MS - 1000); // White's own allowance
    await guest.reach(1);
    await sleep(2000);
    expect(await guest.move('11d11e')).toMatchObject({ type: 'ack' });
    const running = await clockOfMove(host, 1);
    // both have moved: Black's clock runs from here, with all its time
    expect(running).toMatchObject({ black: { mainMs: FULL_MS }, white: { mainMs: FULL_MS }, running: 'black', firstMoveDeadline: null });
    expect(running.deadline! - running.turnStartedAt!).toBe(FULL_MS + 30 * 200);
    const rows = await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } });
    expect(rows.map((r) => [r.blackMs, r.whiteMs, r.lagMs])).toEqual([[FULL_MS, FULL_MS, 0], [FULL_MS, FULL_MS, 0]]);
    host.close(); guest.close();
  });

  it.each([
    ['Black, to make the first move', 0],
    ['White, to answer it', 1],
  ])('%s, does not move in time: the game is aborted, with no result', async (_who, plies) => {
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'turn', seconds: 60 } });
    if (plies === 1) expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    const waiting = Date.now();
    const end = await endOf(host);
    expect(end.outcome).toMatchObject({ winner: null, reason: 'abort' });
    expect(Date.now() - waiting).toBeGreaterThanOrEqual(ALLOWANCE_MS - 500); // the allowance, not the 12 s turn
    expect(await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'finished', reason: 'abort', winner: null });
    host.close(); guest.close();
  });

  it('either player may abort before both have moved, and nobody after', async () => {
    for (const by of ['host', 'guest'] as const) {
      const pair = await seatedPair(server.url, { timeControl: TEN_MINUTES });
      if (by === 'guest') expect(await pair.host.move('7j5h')).toMatchObject({ type: 'ack' });
      pair[by].send({ type: 'abort', gameId: pair.gameId, ack: 'a1' });
      expect(await pair[by].nextOf('ack', (m) => m.ack === 'a1')).toBeTruthy();
      expect((await endOf(pair.host)).outcome).toMatchObject({ winner: null, reason: 'abort' });
      pair.host.close(); pair.guest.close();
    }
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: TEN_MINUTES });
    expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    await guest.reach(1);
    expect(await guest.move('11d11e')).toMatchObject({ type: 'ack' });
    await host.reach(2);
    host.send({ type: 'abort', gameId, ack: 'a2' });
    expect(await host.nextOf('error', (m) => m.ack === 'a2')).toMatchObject({ code: 'cannot-abort' });
    host.close(); guest.close();
  });

  it('a player who leaves before their first move gets no CPU stand-in: the game is aborted when the allowance is gone', async () => {
    // a grace period of 1 "second" (200 ms): once the clocks run, the CPU would take the seat at once
    const { host, guest } = await seatedPair(server.url, { timeControl: TEN_MINUTES, graceSeconds: 1 });
    host.close();
    const seen: GameEvent[] = [];
    const end = await guest.nextOf('event', (m) => { seen.push(m.event); return m.event.kind === 'end'; }, 20_000);
    expect(end.event).toMatchObject({ outcome: { winner: null, reason: 'abort' } });
    expect(seen.filter((e) => e.kind === 'move')).toEqual([]);
    expect(seen.filter((e) => e.kind === 'seat' && e.status === 'cpu')).toEqual([]);
    guest.close();
  });

  it('a CPU that moves first moves at once; the person then has the allowance for theirs', async () => {
    const person = await TestClient.connect(server.url, 'Solo');
    const room = await person.createRoom({ timeControl: TEN_MINUTES });
    person.send({ type: 'room.sit', code: room.code, color: 'white' });
    await person.nextOf('room', (m) => m.room.seats.white.kind === 'human');
    person.send({ type: 'room.cpu', code: room.code, color: 'black', level: 3 });
    await person.nextOf('room', (m) => m.room.seats.black.kind === 'cpu');
    person.send({ type: 'room.start', code: room.code });
    const first = await clockOfMove(person, 0);
    expect(first).toMatchObject({ running: null, black: { mainMs: FULL_MS } });
    expect(fromNow(first, first.firstMoveDeadline!)).toBeGreaterThan(ALLOWANCE_MS - 1000);
    person.close();
  });
});

describe('ranked games abort the same way, and no rating moves', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 200 }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  const realtime = async (name: string) => ((await (await fetch(`${server.url}/api/players/${name}`)).json()) as Profile).ratings.realtime;

  it('an unmoved first mover, an abort by the second player, a first mover who leaves: aborted, unrated, ratings untouched', async () => {
    const ana = await TestClient.connect(server.url, await account(server.url, 'ana'));
    const ben = await TestClient.connect(server.url, await account(server.url, 'ben'));
    const before = { ana: await realtime('ana'), ben: await realtime('ben') };
    const games: string[] = [];

    // 1. Black does not move
    let g = await matched(ana, ben, '10m+30b');
    expect(g.black.game).toMatchObject({ rated: true, clock: { running: null } });
    expect((await endOf(g.white, g.gameId)).outcome).toMatchObject({ winner: null, reason: 'abort' });
    games.push(g.gameId);

    // 2. White aborts after Black's first move
    g = await matched(ana, ben, '10m+30b');
    expect(await g.black.move('7j5h')).toMatchObject({ type: 'ack' });
    await g.white.reach(g.black.game!.version);
    g.white.send({ type: 'abort', gameId: g.gameId, ack: 'a1' });
    expect(await g.white.nextOf('ack', (m) => m.ack === 'a1')).toBeTruthy();
    const aborted = await endOf(g.black, g.gameId);
    expect(aborted).toMatchObject({ outcome: { winner: null, reason: 'abort' }, ratingChanges: null });
    games.push(g.gameId);

    // 3. Black leaves before its first move: no stand-in plays for it in a ranked game
    g = await matched(ana, ben, '10m+30b');
    const stays = g.white;
    const gone = g.black;
    gone.close();
    const seen: GameEvent[] = [];
    const end = await stays.nextOf('event', (m) => {
      if (m.event.gameId === g.gameId) seen.push(m.event);
      return m.event.kind === 'end' && m.event.gameId === g.gameId;
    }, 20_000);
    expect(end.event).toMatchObject({ outcome: { winner: null, reason: 'abort' } });
    expect(seen.filter((e) => e.kind === 'move')).toEqual([]);
    games.push(g.gameId);

    expect(await server.db.prisma.gameRating.count({ where: { gameId: { in: games } } })).toBe(0);
    expect(await realtime('ana')).toEqual(before.ana);
    expect(await realtime('ben')).toEqual(before.ben);
    stays.close();
  }, SLOW);
});
