import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLegal, seatedPair, TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';


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
    await host.nextOf('event', (m) => m.event.kind === 'seat' && m.event.status === 'away'); // version 3
    await host.move('5h3f'); // version 4, missed by the guest

    const intruder = await TestClient.connect(server.url, 'Mallory');
    await intruder.join(code);
    intruder.send({ type: 'room.sit', code, color: 'white' });
    expect((await intruder.error()).code).toBe('game-running');
    expect(await intruder.move('11e11f', { version: 4 })).toMatchObject({ type: 'error', code: 'not-seated' });

    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    back.game = structuredClone(guest.game); // what the client had kept: version 2
    const room = await back.join(code, { id: gameId, version: 2 });
    expect(room.seats.white).toMatchObject({ deviceId: guest.deviceId, connected: true, controller: 'human', status: 'present' });
    const missed = [await back.nextOf('event'), await back.nextOf('event'), await back.nextOf('event')].map((m) => m.event);
    expect(missed).toMatchObject([
      { kind: 'seat', version: 3, color: 'white', status: 'away' },
      { kind: 'move', version: 4, usi: '5h3f' },
      { kind: 'seat', version: 5, color: 'white', status: 'present', takeoverInMs: null },
    ]);
    expect(back.silentFor((m) => m.type === 'game')).toBe(true); // events, not a full resync

    expect(await back.move('11e11f')).toMatchObject({ type: 'ack', version: 6 });
    await host.reach(6);

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

    const cpuMove = await host.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
    expect(cpuMove.event).toMatchObject({ byCpu: true });
    await host.reach(cpuMove.event.version);
    expect(host.room!.seats.white).toMatchObject({ kind: 'human', connected: false, controller: 'cpu', status: 'cpu' });

    await host.move(firstLegal(host.game!.moves));
    const cpuAgain = await host.nextOf('event', (m) => m.event.kind === 'move' && m.event.color === 'white');
    expect(cpuAgain.event).toMatchObject({ byCpu: true });
    await host.reach(cpuAgain.event.version);

    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    back.game = structuredClone(guest.game);
    await back.join(code, { id: gameId, version: guest.game!.version });
    const returned = await host.nextOf('event', (m) => m.event.kind === 'seat' && m.event.status === 'returned');
    expect(returned.event).toMatchObject({ color: 'white', takeoverInMs: null });
    await back.reach(returned.event.version);
    expect(back.game!.seats.white).toMatchObject({ status: 'returned', controller: 'human' });

    await host.move(firstLegal(host.game!.moves));
    await back.reach(returned.event.version + 1);
    const own = await back.move(firstLegal(back.game!.moves));
    expect(own).toMatchObject({ type: 'ack', version: returned.event.version + 2 });
    const stored = await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } });
    expect(stored.map((m) => m.byCpu)).toEqual([false, true, false, true, false, false]);
    host.close();
    back.close();
  });
});
