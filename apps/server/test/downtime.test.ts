import { afterAll, describe, expect, it } from 'vitest';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('restart with a running clock', () => {
  let target: TestDatabase;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await target?.dispose();
  });

  it('time while the server was down is not charged; the clock runs again afterwards', async () => {
    target = await testDatabase();
    // 1 "second" = 20 ms: a 30 s turn lasts 600 ms.
    server = await startTestServer({ msPerSecond: 20 }, target);
    const { host, guest, gameId, code } = await seatedPair(server.url, { turnTime: 30 });
    await host.move('7j5h');
    host.close(); guest.close();
    await server.stop();
    await new Promise((r) => setTimeout(r, 1500)); // longer than a whole turn

    server = await startTestServer({ msPerSecond: 20 }, target);
    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    await back.join(code);
    const state = await back.nextOf('game');
    expect(state.game).toMatchObject({ id: gameId, status: 'active', turn: 'white', version: 1 });
    expect(state.game.turnRemainingMs).toBeGreaterThan(0);
    expect(await back.move('11d11e')).toMatchObject({ type: 'ack', version: 2 });
    // Black (absent) now runs out of time on the restarted clock.
    const end = await back.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: 'white', reason: 'timeout' } });
    back.close();
  });
});
