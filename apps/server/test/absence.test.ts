import type { GameEvent, RoomView, SeatStatus } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLegal, firstMoves, seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// RULES.md §8: absent players. Clocks are shortened with msPerSecond. On a timed game the players make
// their first moves before anyone leaves: until both have moved nobody stands in (first-moves.test.ts).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isSeat = (color: 'black' | 'white', status: SeatStatus) => (m: { type: string; event?: GameEvent }) =>
  m.type === 'event' && m.event?.kind === 'seat' && m.event.color === color && m.event.status === status;

async function spectator(url: string, code: string): Promise<TestClient> {
  const s = await TestClient.connect(url, 'Spec');
  await s.join(code);
  await s.nextOf('game');
  return s;
}

describe('timed turns: an away person never loses on time', () => {
  let server: TestServer;
  // 1 "second" = 20 ms: a 30 s turn lasts 600 ms, the 60 s grace period 1.2 s.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 20 }); });
  afterAll(async () => { await server?.stop(); });

  it.each([30, 60] as const)('%i s per turn: the player on move leaves; the CPU moves in time, and again', async (turnTime) => {
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'turn', seconds: turnTime } });
    await firstMoves(host, guest);
    host.close(); // Black is to move, and gone
    const cpu = await guest.nextOf('event', (m) => m.event.kind === 'move' || m.event.kind === 'end', 5000);
    expect(cpu.event).toMatchObject({ kind: 'move', color: 'black', byCpu: true });
    await guest.reach(cpu.event.version);
    expect(await guest.move(firstLegal(guest.game!.moves))).toMatchObject({ type: 'ack' });
    const again = await guest.nextOf('event', (m) => (m.event.kind === 'move' && m.event.color === 'black') || m.event.kind === 'end', 5000);
    expect(again.event).toMatchObject({ kind: 'move', byCpu: true });
    const stored = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(stored).toMatchObject({ status: 'active', reason: null });
    guest.close();
  });

  it('the opponent leaves on my turn; when I move, everyone sees its countdown shortened to fit its own turn', async () => {
    // 30 s turns (600 ms) and the 60 s grace (1.2 s): the away seat's countdown starts at the grace
    // period, and once the turn is its own, the CPU must stand in with a third of the turn left
    const { host, guest, code } = await seatedPair(server.url, { timeControl: { kind: 'turn', seconds: 30 } });
    await firstMoves(host, guest); // at once: the first-move allowance is 600 ms here
    const watcher = await spectator(server.url, code);
    guest.close(); // White leaves while Black is to move
    const away = await watcher.nextOf('room', (m) => m.room.seats.white.status === 'away');
    expect(away.room.seats.white.takeoverInMs).toBeGreaterThan(400);
    expect(await host.move(firstLegal(host.game!.moves))).toMatchObject({ type: 'ack' });
    const moved = await watcher.nextOf('room', (m) => m.room.seats.white.status === 'away' && m.room.seats.white.takeoverInMs! <= 400, 2000);
    expect(moved.room.seats.white.takeoverInMs).toBeGreaterThanOrEqual(0);
    const cpu = await watcher.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white', 5000);
    expect(cpu.event).toMatchObject({ byCpu: true });
    for (const c of [host, watcher]) c.close();
  });
});

describe('nobody to play for: adjournment', () => {
  let server: TestServer;
  // 1 "second" = 50 ms: a 2 s grace period lasts 100 ms.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 50 }); });
  afterAll(async () => { await server?.stop(); });

  it('both players leave: nothing is played for 3× the grace period, the game adjourns, and resumes when one returns', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url, { graceSeconds: 2, timeControl: { kind: 'turn', seconds: 30 } });
    await firstMoves(host, guest);
    await host.move('7i7h');
    const watcher = await spectator(server.url, code);
    host.close();
    guest.close();
    await watcher.nextOf('event', (m) => m.event.kind === 'adjourn', 3000);
    await sleep(300); // 3× the grace period
    const stored = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId }, include: { moves: true } });
    expect(stored).toMatchObject({ status: 'adjourned', reason: null });
    expect(stored.moves.map((m) => m.usi).sort()).toEqual(['11d11e', '7i7h', '7j5h']);
    expect(watcher.game).toMatchObject({ status: 'adjourned' });

    // listed among the player's games in progress
    const mine = await fetch(`${server.url}/api/me/games`, { headers: { authorization: `Bearer ${guest.token}` } });
    expect(((await mine.json()) as { games: unknown[] }).games).toEqual([
      expect.objectContaining({ gameId, roomCode: code, color: 'white', status: 'adjourned', opponent: 'Ana', ply: 3 }),
    ]);

    // White returns: the game resumes with a full turn; Black is still away, so the CPU plays Black
    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    await back.join(code);
    const resumed = await watcher.nextOf('event', (m) => m.event.kind === 'resume');
    expect(resumed.event).toMatchObject({ kind: 'resume' });
    expect((resumed.event as Extract<GameEvent, { kind: 'resume' }>).turnRemainingMs).toBeGreaterThan(1000);
    await back.until(() => back.game?.status === 'active');
    expect(await back.move(firstLegal(back.game!.moves))).toMatchObject({ type: 'ack' });
    const cpu = await watcher.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'black');
    expect(cpu.event).toMatchObject({ byCpu: true });
    for (const c of [back, watcher]) c.close();
  });

  it('a person facing a CPU seat leaves: the game adjourns instead of being played out; it survives a restart', async () => {
    const target: TestDatabase = await testDatabase();
    let s = await startTestServer({ msPerSecond: 50 }, target);
    try {
      const solo = await TestClient.connect(s.url, 'Solo');
      const room = await solo.createRoom({ graceSeconds: 2 });
      solo.send({ type: 'room.sit', code: room.code, color: 'black' });
      await solo.nextOf('room', (m) => m.room.seats.black.kind === 'human');
      solo.send({ type: 'room.cpu', code: room.code, color: 'white', level: 3 });
      await solo.nextOf('room', (m) => m.room.seats.white.kind === 'cpu');
      solo.send({ type: 'room.start', code: room.code });
      const { game } = await solo.nextOf('game', (m) => m.reason === 'start');
      await solo.move('7j5h');
      await solo.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
      solo.close();
      await sleep(600);
      const stored = await s.db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, include: { moves: true } });
      expect(stored.status).toBe('adjourned');
      expect(stored.moves).toHaveLength(2);

      await s.close();
      s = await startTestServer({ msPerSecond: 50 }, target);
      const back = await TestClient.connect(s.url, { token: solo.token, deviceId: solo.deviceId });
      await back.join(room.code);
      const view = await back.nextOf('game');
      // back: the join itself resumes it
      expect(view.game).toMatchObject({ id: game.id, status: 'active', ply: 2, turn: 'black' });
      expect(await back.move(firstLegal(view.game.moves))).toMatchObject({ type: 'ack' });
      await back.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
      back.close();
    } finally {
      await s.close();
      await target.dispose();
    }
  });
});

describe('seat status: present → away → cpu → returned, the same in the room and the game', () => {
  let server: TestServer;
  // 1 "second" = 100 ms: a 30 s grace period lasts 3 s, time enough on a loaded machine for the
  // watchers to agree on 'away' before the CPU takes the seat.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 100 }); });
  afterAll(async () => { await server?.stop(); });

  it('every transition is one event, and both views of every watcher agree with a newcomer\'s', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url, { graceSeconds: 30 });
    const watcher = await spectator(server.url, code);
    await host.move('7j5h');

    const agree = async (status: SeatStatus) => {
      const fresh = await spectator(server.url, code); // what anyone joining now is shown
      for (const view of [watcher.room!.seats.white, watcher.game!.seats.white, host.room!.seats.white, host.game!.seats.white]) {
        expect(view.status).toBe(status);
        expect(view.status).toBe(fresh.room!.seats.white.status);
        expect(view.status).toBe(fresh.game!.seats.white.status);
        expect(view.controller).toBe(fresh.game!.seats.white.controller);
      }
      fresh.close();
    };

    await agree('present');
    guest.close();
    const away = await watcher.next(isSeat('white', 'away'));
    expect(away.type === 'event' && away.event.kind === 'seat' && away.event.takeoverInMs).toBeGreaterThan(0);
    await watcher.reach((away as { event: GameEvent }).event.version);
    await host.reach((away as { event: GameEvent }).event.version);
    await agree('away');
    expect(watcher.room!.seats.white.controller).toBe('human'); // not yet the CPU

    const cpu = await watcher.next(isSeat('white', 'cpu'));
    await host.reach((cpu as { event: GameEvent }).event.version);
    await watcher.reach((cpu as { event: GameEvent }).event.version);
    await agree('cpu');
    expect(watcher.game!.seats.white.controller).toBe('cpu');
    await watcher.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white' && m.event.byCpu);

    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    await back.join(code, { id: gameId, version: 0 });
    const returned = await watcher.next(isSeat('white', 'returned'));
    await watcher.reach((returned as { event: GameEvent }).event.version);
    await host.reach((returned as { event: GameEvent }).event.version);
    await agree('returned');
    expect(watcher.game!.seats.white.controller).toBe('human');
    expect(watcher.room!.seats.white).toMatchObject({ connected: true, takeoverInMs: null });
    for (const c of [host, back, watcher]) c.close();
  });
});

describe('the next game in a room', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  const blackName = (r: RoomView) => r.seats.black.name;

  it('alternates who moves first, whether the host starts it or a rematch offer is accepted', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url);
    expect(host.game!.seats.black.name).toBe('Ana');
    host.send({ type: 'resign', gameId });
    await guest.nextOf('event', (m) => m.event.kind === 'end');

    // the guest cannot start it without asking
    guest.send({ type: 'room.start', code });
    expect((await guest.error()).code).toBe('not-host');
    host.send({ type: 'room.start', code });
    const second = await guest.nextOf('game', (m) => m.reason === 'start');
    expect(second.game.seats.black.name).toBe('Ben');
    expect(blackName(host.room!)).toBe('Ben');

    guest.send({ type: 'resign', gameId: second.game.id });
    await host.nextOf('event', (m) => m.event.kind === 'end');
    host.send({ type: 'room.rematch', code });
    await guest.nextOf('room', (m) => m.room.rematchOfferBy === 'white');
    guest.send({ type: 'room.rematch', code });
    const third = await host.nextOf('game', (m) => m.reason === 'start' && m.game.id !== second.game.id && m.game.id !== gameId);
    expect(third.game.seats.black.name).toBe('Ana');
    expect(third.game.id).not.toBe(second.game.id);
    host.close();
    guest.close();
  });

  it('after a restart, joining a room whose last game finished shows that game and its result', async () => {
    const target = await testDatabase();
    let s = await startTestServer({}, target);
    try {
      const { host, guest, gameId, code } = await seatedPair(s.url);
      await host.move('7j5h');
      guest.send({ type: 'resign', gameId });
      await host.nextOf('event', (m) => m.event.kind === 'end');
      host.close();
      guest.close();
      await s.close();
      s = await startTestServer({}, target);
      const visitor = await TestClient.connect(s.url, 'Later');
      const room = await visitor.join(code);
      expect(room.gameId).toBe(gameId);
      const { game } = await visitor.nextOf('game');
      expect(game).toMatchObject({ id: gameId, status: 'finished', moves: ['7j5h'], outcome: { winner: 'black', reason: 'resign' } });
      visitor.close();
    } finally {
      await s.close();
      await target.dispose();
    }
  });
});

describe('a message sent during a reconnect', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('is applied exactly once when the client sends it again with the same ack id', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url);
    // the move leaves, and the connection drops before its ack can arrive
    host.send({ type: 'move', gameId, usi: '7j5h', version: host.game!.version, ack: 'once-1' });
    host.close();
    const again = await TestClient.connect(server.url, { token: host.token, deviceId: host.deviceId });
    await again.join(code);
    await again.nextOf('game');
    // the client's queue sends it again, with the same ack id, once the socket is back
    again.send({ type: 'move', gameId, usi: '7j5h', version: 0, ack: 'once-1' });
    const answer = await again.next((m) => (m.type === 'ack' || m.type === 'error') && m.ack === 'once-1');
    expect(answer, JSON.stringify(answer)).toMatchObject({ type: 'ack' });
    const moves = await server.db.prisma.move.findMany({ where: { gameId } });
    expect(moves.map((m) => m.usi)).toEqual(['7j5h']);
    for (const c of [again, guest]) c.close();
  });
});
