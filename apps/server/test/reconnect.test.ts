import { Game } from '@chu/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const firstLegal = (moves: string[]) => {
  const g = Game.replay(moves);
  if (!g.ok) throw new Error('replay');
  return g.value.legalMoves()[0];
};

describe('same-device reconnect', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('resumes the seat and catches up on missed events; another device cannot take it', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url);
    await host.move('7j5h');
    await guest.reach(1);
    await guest.move('11d11e');
    await host.reach(2);
    guest.close();
    await host.nextOf('room', (m) => m.room.seats.white.connected === false);
    await host.move('5h3f'); // version 3, missed by the guest

    const intruder = await TestClient.connect(server.url, 'Mallory');
    await intruder.join(code);
    intruder.send({ type: 'room.sit', code, color: 'white' });
    expect((await intruder.error()).code).toBe('game-running');
    expect(await intruder.move('11e11f', { version: 3 })).toMatchObject({ type: 'error', code: 'not-seated' });

    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    back.game = structuredClone(guest.game); // what the client had kept: version 2
    const room = await back.join(code, { id: gameId, version: 2 });
    expect(room.seats.white).toMatchObject({ deviceId: guest.deviceId, connected: true, controller: 'human' });
    const missed = await back.nextOf('event');
    expect(missed.event).toMatchObject({ kind: 'move', version: 3, usi: '5h3f' });
    expect(back.silentFor((m) => m.type === 'game')).toBe(true); // events, not a full resync

    expect(await back.move('11e11f')).toMatchObject({ type: 'ack', version: 4 });
    await host.reach(4);

    // A client too far behind (or ahead) gets the whole game.
    back.send({ type: 'sync', gameId, version: 99 });
    const full = await back.nextOf('game', (m) => m.reason === 'resync');
    expect(full.game.moves).toEqual(['7j5h', '11d11e', '5h3f', '11e11f']);
    for (const c of [host, back, intruder]) c.close();
  });
});

describe('CPU takeover after the grace period', () => {
  let server: TestServer;
  // 1 "second" = 100 ms: a 1 s grace period lasts 100 ms.
  beforeAll(async () => { server = await startTestServer({ msPerSecond: 100 }); });
  afterAll(async () => { await server?.stop(); });

  it('the CPU moves for the absent player, who takes the seat back on return', async () => {
    const { host, guest, gameId, code } = await seatedPair(server.url, { graceSeconds: 1 });
    await host.move('7j5h');
    guest.close(); // white to move, and gone

    const cpuMove = await host.nextOf('event', (m) => m.event.kind === 'move' && m.event.version === 2);
    expect(cpuMove.event).toMatchObject({ color: 'white', byCpu: true });
    expect(host.room!.seats.white).toMatchObject({ kind: 'human', connected: false, controller: 'cpu' });

    await host.reach(2);
    await host.move(firstLegal(host.game!.moves));
    const cpuAgain = await host.nextOf('event', (m) => m.event.kind === 'move' && m.event.version === 4);
    expect(cpuAgain.event).toMatchObject({ color: 'white', byCpu: true });
    await host.reach(4);

    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    back.game = structuredClone(guest.game);
    await back.join(code, { id: gameId, version: guest.game!.version });
    await host.nextOf('room', (m) => m.room.seats.white.controller === 'human' && m.room.seats.white.connected);
    await back.reach(4);

    await host.move(firstLegal(host.game!.moves));
    await back.reach(5);
    const own = await back.move(firstLegal(back.game!.moves));
    expect(own).toMatchObject({ type: 'ack', version: 6 });
    const stored = await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } });
    expect(stored.map((m) => m.byCpu)).toEqual([false, true, false, true, false, false]);
    host.close();
    back.close();
  });
});
