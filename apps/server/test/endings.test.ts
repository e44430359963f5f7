import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedPair } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('ways a game ends', () => {
  let server: TestServer;
  // 1 "second" = 20 ms: a 30 s turn lasts 600 ms.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 20 }); });
  afterAll(async () => { await server?.stop(); });

  const stored = (id: string) => server.db.prisma.game.findUniqueOrThrow({ where: { id } });

  it('per-turn timeout: the side that runs out loses', async () => {
    const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'turn', seconds: 30 } });
    expect(host.game!.options.timeControl).toEqual({ kind: 'turn', seconds: 30 });
    expect(host.game!.clock).toMatchObject({ black: { mainMs: 0, periods: 1 }, byoyomiMs: 600, running: null }); // none before both first moves
    expect((await host.move('7j5h')).type).toBe('ack');
    await guest.reach(1);
    expect((await guest.move('11d11e')).type).toBe('ack');
    await host.reach(2);
    expect((await host.move('7i7h')).type).toBe('ack');
    const end = await host.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: 'black', reason: 'timeout' } });
    expect(await stored(gameId)).toMatchObject({ status: 'finished', winner: 'black', reason: 'timeout' });
    expect(await guest.move('11e11f', { version: 3 })).toMatchObject({ type: 'error', code: 'game-over' });
    host.close(); guest.close();
  });

  it('draw: offer, decline, offer again, accept', async () => {
    const { host, guest, gameId } = await seatedPair(server.url);
    host.send({ type: 'draw', gameId, action: 'accept' });
    expect((await host.error()).code).toBe('no-draw-offer');
    host.send({ type: 'draw', gameId, action: 'offer' });
    expect((await guest.nextOf('event')).event).toMatchObject({ kind: 'draw-offer', by: 'black', version: 1 });
    guest.send({ type: 'draw', gameId, action: 'decline' });
    expect((await host.nextOf('event', (m) => m.event.kind === 'draw-decline')).event).toMatchObject({ by: 'white', version: 2 });
    host.send({ type: 'draw', gameId, action: 'offer' });
    await guest.nextOf('event', (m) => m.event.kind === 'draw-offer');
    guest.send({ type: 'draw', gameId, action: 'accept' });
    const end = await host.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: null, reason: 'agreement' }, version: 4 });
    expect(await stored(gameId)).toMatchObject({ status: 'finished', winner: null, reason: 'agreement', version: 4 });
    host.close(); guest.close();
  });

  it('resign, then a rematch with the first player alternating', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url);
    guest.send({ type: 'resign', gameId });
    const end = await host.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: 'black', reason: 'resign' } });
    expect(await stored(gameId)).toMatchObject({ winner: 'black', reason: 'resign' });

    // A rematch is an offer the other player accepts (or declines).
    guest.send({ type: 'room.rematch', code });
    expect((await host.nextOf('room', (m) => m.room.rematchOfferBy !== null)).room.rematchOfferBy).toBe('white');
    host.send({ type: 'room.rematch', code, action: 'decline' });
    await guest.nextOf('room', (m) => m.room.rematchOfferBy === null);
    guest.send({ type: 'room.rematch', code });
    await host.nextOf('room', (m) => m.room.rematchOfferBy === 'white');
    host.send({ type: 'room.rematch', code });
    const next = await host.nextOf('game', (m) => m.reason === 'start');
    expect(next.game.id).not.toBe(gameId);
    expect(next.game.seats.black).toMatchObject({ name: 'Ben' }); // swapped
    expect(next.game.seats.white).toMatchObject({ name: 'Ana' });
    await guest.nextOf('game', (m) => m.reason === 'start');
    expect(await guest.move('7j5h')).toMatchObject({ type: 'ack', version: 1 });
    host.close(); guest.close();
  });

  it('abort only before both sides have moved', async () => {
    const a = await seatedPair(server.url);
    await a.host.move('7j5h');
    a.host.send({ type: 'abort', gameId: a.gameId });
    const end = await a.guest.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: null, reason: 'abort' } });

    const b = await seatedPair(server.url);
    await b.host.move('7j5h');
    await b.guest.reach(1);
    await b.guest.move('11d11e');
    b.host.send({ type: 'abort', gameId: b.gameId });
    expect((await b.host.error()).code).toBe('cannot-abort');
    expect(await stored(b.gameId)).toMatchObject({ status: 'active' });
    for (const c of [a.host, a.guest, b.host, b.guest]) c.close();
  });

  it('host options and a CPU seat: one person plays alone against the CPU', async () => {
    const { TestClient } = await import('./support/TestClient.ts');
    const solo = await TestClient.connect(server.url, 'Solo');
    const room = await solo.createRoom();
    solo.send({ type: 'room.options', code: room.code, options: { lionTrading: 'always', moveLimit: 200 } });
    await solo.nextOf('room', (m) => m.room.options.lionTrading === 'always');
    solo.send({ type: 'room.sit', code: room.code, color: 'black' });
    solo.send({ type: 'room.cpu', code: room.code, color: 'white', level: 2 });
    await solo.nextOf('room', (m) => m.room.seats.white.kind === 'cpu');
    solo.send({ type: 'room.start', code: room.code });
    const start = await solo.nextOf('game', (m) => m.reason === 'start');
    expect(start.game.options).toMatchObject({ lionTrading: 'always', moveLimit: 200 });
    expect(start.game.seats.white).toMatchObject({ kind: 'cpu', level: 2, controller: 'cpu' });
    await solo.move('7j5h');
    const reply = await solo.nextOf('event', (m) => m.event.kind === 'move' && m.event.version === 2);
    expect(reply.event).toMatchObject({ color: 'white', byCpu: true });
    solo.close();
  });

  it('with packages/engine behind the CPU seat, the CPU answers with a legal move', async () => {
    const { startTestServer: start } = await import('./support/testServer.ts');
    const { TestClient } = await import('./support/TestClient.ts');
    const { Game } = await import('@chu/rules');
    const engineServer = await start({ cpuPlayer: 'engine' });
    try {
      const solo = await TestClient.connect(engineServer.url, 'Solo');
      const room = await solo.createRoom();
      solo.send({ type: 'room.sit', code: room.code, color: 'black' });
      solo.send({ type: 'room.cpu', code: room.code, color: 'white', level: 1 });
      await solo.nextOf('room', (m) => m.room.seats.white.kind === 'cpu');
      solo.send({ type: 'room.start', code: room.code });
      await solo.nextOf('game', (m) => m.reason === 'start');
      await solo.move('7j5h');
      const reply = await solo.nextOf('event', (m) => m.event.kind === 'move' && m.event.version === 2, 30_000);
      expect(reply.event).toMatchObject({ color: 'white', byCpu: true });
      const after = Game.replay(['7j5h']);
      expect(after.ok && after.value.check(reply.event.kind === 'move' ? reply.event.usi : '').ok).toBe(true);
      solo.close();
    } finally {
      await engineServer.stop();
    }
  });
});
