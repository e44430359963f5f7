import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { LION_RUSH, TestClient, seatedPair } from './support/TestClient.ts';
import { kill9, spawnServer } from './support/childServer.ts';
import { testDatabase, type TestDatabase } from './support/testDatabase.ts';

describe('SIGKILL in the middle of a game', () => {
  let target: TestDatabase;
  let child: ChildProcess | undefined;
  const clients: TestClient[] = [];
  beforeAll(async () => { target = await testDatabase(); });
  afterAll(async () => {
    for (const c of clients) c.close();
    if (child) await kill9(child);
    await target?.dispose();
  });

  it('every acknowledged move is there after a restart, and play continues', async () => {
    const env = {
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      CHU_CPU_DELAY_MS: '0',
      CHU_CPU: 'random',
    };
    const first = await spawnServer(env);
    child = first.child;
    const { host, guest, gameId, code } = await seatedPair(first.url);
    clients.push(host, guest);
    const played = LION_RUSH.slice(0, 7);
    for (const [i, usi] of played.entries()) {
      const mover = i % 2 === 0 ? host : guest;
      await mover.reach(i);
      expect(await mover.move(usi, { ack: `crash-${i}` })).toMatchObject({ type: 'ack', version: i + 1 });
    }
    // The last ack has just arrived: kill at once, no chance to flush anything more.
    await kill9(first.child);
    const port = new URL(first.url).port;

    const second = await spawnServer({ ...env, PORT: port });
    child = second.child;
    const white = await TestClient.connect(second.url, { token: guest.token, deviceId: guest.deviceId });
    const black = await TestClient.connect(second.url, { token: host.token, deviceId: host.deviceId });
    clients.push(white, black);
    // After a restart the history is gone: a reconnect with an old version gets the full game,
    // which includes the seat event of white's own return (version 8).
    await white.join(code, { id: gameId, version: 6 });
    const resync = await white.nextOf('game');
    expect(resync.game).toMatchObject({ id: gameId, status: 'active', version: 8, moves: played, turn: 'white' });
    expect(resync.game.seats.white).toMatchObject({ status: 'present', connected: true });
    expect(resync.game.seats.black).toMatchObject({ status: 'away', connected: false });
    black.game = structuredClone(resync.game);
    // Only its own return is new. White's return (version 8) may still reach it as a room
    // broadcast that was on its way when it joined; a client drops what it already has.
    await black.join(code, { id: gameId, version: 8 });
    const back = await black.nextOf('event', (m) => m.event.version > 8);
    expect(back.event).toMatchObject({ kind: 'seat', color: 'black', status: 'present', version: 9 });
    // A client retrying its last move (ack lost in the crash) is acknowledged, not applied twice.
    const retry = await black.move(LION_RUSH[6], { ack: 'crash-6', version: 6 });
    expect(retry).toMatchObject({ type: 'ack' });

    await white.reach(9);
    expect(await white.move(LION_RUSH[7])).toMatchObject({ type: 'ack', version: 10 });
    await black.reach(10);
    expect(await black.move(LION_RUSH[8])).toMatchObject({ type: 'ack', version: 11 });
    const end = await white.nextOf('event', (m) => m.event.kind === 'end');
    expect(end.event).toMatchObject({ outcome: { winner: 'black', reason: 'royal-capture' } });
  });
});
