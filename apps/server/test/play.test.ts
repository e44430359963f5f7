import { GameRecordResponseSchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LION_RUSH, seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('two devices play a game to a royal capture', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.stop(); });

  it('creates a room, joins by code, plays to the end; a spectator sees every move; all of it is stored', async () => {
    const { host, guest, code, gameId } = await seatedPair(server.url);
    const spectator = await TestClient.connect(server.url, 'Cleo');
    const room = await spectator.join(code);
    expect(room.seats.black).toMatchObject({ kind: 'human', name: 'Ana', connected: true, controller: 'human' });
    expect(room.seats.white).toMatchObject({ kind: 'human', name: 'Ben' });
    expect(room.present.map((p) => [p.name, p.role]).sort()).toEqual([['Ana', 'player'], ['Ben', 'player'], ['Cleo', 'spectator']]);
    expect(room.invitePath).toBe(`/r/${code}`);
    await spectator.nextOf('game', (m) => m.reason === 'join');

    for (const [i, usi] of LION_RUSH.entries()) {
      const mover = i % 2 === 0 ? host : guest;
      await mover.reach(i);
      const ack = await mover.move(usi);
      expect(ack, JSON.stringify(ack)).toMatchObject({ type: 'ack', version: i + 1 });
    }
    const end = await spectator.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ kind: 'end', outcome: { winner: 'black', reason: 'royal-capture' } });
    await host.reach(LION_RUSH.length + 1);
    await guest.reach(LION_RUSH.length + 1);
    for (const c of [host, guest, spectator]) {
      expect(c.game!.moves).toEqual(LION_RUSH);
      expect(c.game!.outcome).toEqual({ winner: 'black', reason: 'royal-capture' });
    }
    const moveEvents = spectator.inbox.filter((m) => m.type === 'event' && m.event.kind === 'move');
    expect(moveEvents.map((m) => m.type === 'event' && m.event.version)).toEqual(LION_RUSH.map((_, i) => i + 1));

    const stored = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId }, include: { moves: { orderBy: { ply: 'asc' } } } });
    expect(stored).toMatchObject({ status: 'finished', winner: 'black', reason: 'royal-capture', version: LION_RUSH.length + 1 });
    expect(stored.moves.map((m) => m.usi)).toEqual(LION_RUSH);

    // the answer is what the protocol says a record is (the web client parses it with the same schema)
    // (asked by a stranger: a private room's code is its players' only, issue 46 §9)
    const replay = GameRecordResponseSchema.parse(await (await fetch(`${server.url}/api/games/${gameId}`)).json());
    expect(replay).toMatchObject({
      game: {
        id: gameId, roomCode: null, moves: LION_RUSH, status: 'finished',
        outcome: { winner: 'black', reason: 'royal-capture' },
        seats: { black: { kind: 'human', name: 'Ana' }, white: { kind: 'human', name: 'Ben' } },
      },
    });
    expect(replay.game).toMatchObject({ number: 1, times: LION_RUSH.map(() => expect.any(Number)), byCpu: LION_RUSH.map(() => false), finishedAt: expect.any(String) });
    expect((await fetch(`${server.url}/api/games/nope`)).status).toBe(404);
    for (const c of [host, guest, spectator]) c.close();
  });

  it('resolves an invite code over HTTP', async () => {
    const host = await TestClient.connect(server.url, 'Host');
    const room = await host.createRoom({ timeControl: { kind: 'turn', seconds: 60 }, bareKing: false });
    const res = await fetch(`${server.url}/api/rooms/${room.code.toLowerCase()}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { room: { options: { timeControl: unknown; bareKing: boolean } } };
    expect(body.room.options).toMatchObject({ timeControl: { kind: 'turn', seconds: 60 }, bareKing: false });
    expect((await fetch(`${server.url}/api/rooms/ZZZZZZ`)).status).toBe(404);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    host.close();
  });
});

describe('an ack id is one move (issue 34)', () => {
  it('a retry of the same move is applied once; the same ack id for another move is refused as reused and plays nothing, before and after a restart', async () => {
    const target = await testDatabase();
    let server = await startTestServer({}, target);
    try {
      const { host, guest, code, gameId } = await seatedPair(server.url);
      const stored = async () => (await server.db.prisma.move.findMany({ where: { gameId }, orderBy: { ply: 'asc' } })).map((m) => m.usi);
      expect(await host.move('7j5h', { ack: 'm1' })).toMatchObject({ type: 'ack', version: 1 });
      expect(await host.move('7j5h', { ack: 'm1', version: 0 })).toMatchObject({ type: 'ack', version: 1 }); // a retry
      await guest.reach(1);
      expect(await guest.move('11d11e', { ack: 'g1' })).toMatchObject({ type: 'ack', version: 2 });
      await host.reach(2);
      const reused = await host.move('5h3f', { ack: 'm1' });
      expect(reused).toMatchObject({ type: 'error', code: 'ack-reused', ack: 'm1' });
      expect(reused.type === 'error' && reused.message).toMatch(/m1.*7j5h/);
      expect(await stored()).toEqual(['7j5h', '11d11e']);
      expect(await host.move('5h3f', { ack: 'm2' })).toMatchObject({ type: 'ack', version: 3 });

      // after a restart the acks come back from the stored moves
      for (const c of [host, guest]) c.close();
      await server.close();
      server = await startTestServer({}, target);
      const back = await TestClient.connect(server.url, { token: host.token, deviceId: host.deviceId });
      await back.join(code);
      await back.nextOf('game');
      const g = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
      await g.join(code);
      await g.nextOf('game');
      // the same move written through its empty middle square is the same move
      expect(await back.move('5h4g3f', { ack: 'm2', version: 2 })).toMatchObject({ type: 'ack' });
      expect(await g.move('11e11f', { ack: 'g1' })).toMatchObject({ type: 'error', code: 'ack-reused', ack: 'g1' });
      expect(await stored()).toEqual(['7j5h', '11d11e', '5h3f']);
      for (const c of [back, g]) c.close();
    } finally {
      await server.close();
      await target.dispose();
    }
  }, 180_000); // two servers on one database, one after the other
});
