import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seatedAt, startCluster, untilHolder } from '../support/cluster.ts';
import { firstLegal, TestClient } from '../support/TestClient.ts';

// Issue 36, RULES.md §7: remaining times are stored with every move; after a takeover the side to move
// continues from its stored remaining time, and the time when no process owned the game is not charged.
// Real processes on Postgres and Redis; clock seconds are real ones (the grace period too, so nobody
// stands in while the players reconnect).

interface MoveRow { ply: number; time_ms: number; lag_ms: number | null; white_ms: number; white_periods: number }

async function storedRows(databaseUrl: string, gameId: string): Promise<MoveRow[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<MoveRow>(
      'SELECT ply, time_ms, lag_ms, white_ms, white_periods FROM moves WHERE game_id = $1 ORDER BY ply', [gameId])).rows;
  } finally {
    await c.end();
  }
}

describe('a clock game whose owner dies', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('the survivor takes it over; the side to move goes on from its stored time, not charged for the ownerless gap', async () => {
    const site = await startCluster(2);
    try {
      const tc = { kind: 'clock', initialSeconds: 60, byoyomiSeconds: 10, periods: 2, incrementSeconds: 0 } as const;
      const { host, guest, room, gameId } = await seatedAt(clients, site.nodes[0].url, site.nodes[1].url, { timeControl: tc }); // node 0 owns it
      const moves: string[] = [];
      for (const mover of [host, guest, host]) {
        await mover.until(() => mover.game!.ply === moves.length);
        const usi = firstLegal(moves);
        expect(await mover.move(usi)).toMatchObject({ type: 'ack' });
        moves.push(usi);
      }
      await guest.until(() => guest.game!.ply === 3);
      // White is to move; its clock as stored with Black's last move
      const stored = (await storedRows(site.db.databaseUrl!, gameId)).at(-1)!;
      expect(stored.ply).toBe(2);
      const turnStartedOnOwner = guest.game!.clock!.turnStartedAt!;
      // White thinks a while on the owner, then the owner is killed mid-turn
      await new Promise((r) => setTimeout(r, 1500));
      const [h, g] = [host, guest].map((c) => ({ token: c.token, deviceId: c.deviceId }));
      host.close();
      guest.close();
      const killedAt = Date.now();
      await site.kill(0);
      const survivor = site.nodes[1];
      const takenOverAt = await untilHolder(site.db.databaseUrl!, room.code, survivor.child.pid!);

      const white = await TestClient.connect(survivor.url, g);
      const black = await TestClient.connect(survivor.url, h);
      clients.push(white, black);
      white.send({ type: 'room.join', code: room.code });
      const view = (await white.nextOf('game', (m) => m.reason === 'join' && m.game.id === gameId, 30_000)).game;
      await black.join(room.code);
      expect(view).toMatchObject({ status: 'active', turn: 'white', ply: 3, moves });
      // its stored remaining time, on a turn the survivor started when it loaded the game (after the kill)
      expect(view.clock).toMatchObject({ white: { mainMs: stored.white_ms, periods: 2 }, running: 'white' });
      expect(view.clock!.turnStartedAt!).toBeGreaterThanOrEqual(killedAt);

      const usi = firstLegal(moves);
      expect(await white.move(usi, { waitMs: 20_000 })).toMatchObject({ type: 'ack' });
      const ackedAt = Date.now();
      const row = (await storedRows(site.db.databaseUrl!, gameId)).at(-1)!;
      expect(row.ply).toBe(3);
      const charged = stored.white_ms - row.white_ms;
      expect(charged).toBe(Math.max(0, row.time_ms - (row.lag_ms ?? 0))); // what the rules' clock charges for the move
      // charged from the survivor's turn start only, never for White's time on the dead owner and the
      // ownerless gap after it (more than 1.5 s: White's wait, then the lease running out)
      expect(view.clock!.turnStartedAt! - turnStartedOnOwner).toBeGreaterThan(1500);
      expect(row.time_ms).toBeLessThanOrEqual(ackedAt - view.clock!.turnStartedAt! + 50);
      expect(charged).toBeLessThan(ackedAt - turnStartedOnOwner - 1500);
      expect(row.white_periods).toBe(2);
      const next = await black.nextOf('event', (m) => m.event.kind === 'move' && m.event.usi === usi, 20_000);
      expect(next.event).toMatchObject({ color: 'white', byCpu: false });
      console.log(`clock takeover: the survivor held the room ${takenOverAt - killedAt} ms after the kill; White's turn had run `
        + `${killedAt - turnStartedOnOwner} ms on the owner and restarted ${view.clock!.turnStartedAt! - turnStartedOnOwner} ms after `
        + `its first start; its move was charged ${charged} ms (stored ${stored.white_ms} → ${row.white_ms} ms)`);
    } finally {
      await site.stop();
    }
  });
});
