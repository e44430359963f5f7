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
    // 1 "second" = 40 ms: a 60 s turn lasts 2.4 s. Wide margins, since a loaded machine may take a
    // few hundred ms between the restart and the join's answer.
    server = await startTestServer({ msPerSecond: 40 }, target);
    const { host, guest, gameId, code } = await seatedPair(server.url, { timeControl: { kind: 'turn', seconds: 60 } });
    await host.move('7j5h');
    host.close(); guest.close();
    await server.stop();
    await new Promise((r) => setTimeout(r, 2600)); // longer than a whole turn

    server = await startTestServer({ msPerSecond: 40 }, target);
    const back = await TestClient.connect(server.url, { token: guest.token, deviceId: guest.deviceId });
    await back.join(code);
    const state = await back.nextOf('game');
    // versions 2–3: both went away before the stop; 4: White's own return after the restart
    expect(state.game).toMatchObject({ id: gameId, status: 'active', turn: 'white', version: 4 });
    // the turn started afresh (2.4 s); had the downtime counted, White would have lost on time
    expect(state.game.turnRemainingMs).toBeGreaterThan(1200);
    expect(await back.move('11d11e')).toMatchObject({ type: 'ack', version: 5 });
    // Black (away) never loses on time: the CPU stands in before the restarted clock runs out.
    const cpu = await back.nextOf('event', (m) => (m.event.kind === 'move' && m.event.color === 'black') || m.event.kind === 'end', 20_000);
    expect(cpu.event).toMatchObject({ kind: 'move', color: 'black', byCpu: true });
    back.close();
  });
});
