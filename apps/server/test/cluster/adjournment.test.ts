import { ADJOURN_FROM_PLY } from '@chu/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { agreeToAdjourn, playTo, resume, seal } from '../support/adjourning.ts';
import { startCluster } from '../support/cluster.ts';
import { firstLegal, seatedPair, TestClient } from '../support/TestClient.ts';

// RULES.md §7: an adjourned game survives failover. The room's owner is SIGKILLed right after it
// acknowledged a sealed move; the process that takes the room over loads it from Postgres, still
// adjourned by agreement, still secret, and plays the sealed move first when both agree to resume.

describe('adjournment by agreement across a failover', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('the owner dies right after acknowledging the seal: the survivor keeps the sealed move, secret, and plays it on resumption', async () => {
    // byoyomi alone, 30 "seconds" (3 s) a move
    const site = await startCluster(2, { env: { CHU_MS_PER_SECOND: '100' } });
    try {
      const tc = { kind: 'clock', initialSeconds: 0, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } as const;
      const pair = await seatedPair(site.nodes[0].url, { timeControl: tc }); // both on node 0, which owns the room
      clients.push(pair.host, pair.guest);
      await playTo(pair, ADJOURN_FROM_PLY);
      await agreeToAdjourn(pair.guest, pair.host);
      await pair.host.reach(pair.guest.game!.version);
      const usi = firstLegal(pair.host.game!.moves);
      expect(await seal(pair.host, usi)).toMatchObject({ type: 'ack' });
      await site.kill(0); // at once: nothing after the ack can have helped it stay

      const survivor = site.nodes[1];
      const back = async (c: TestClient) => {
        const again = await TestClient.connect(survivor.url, { token: c.token, deviceId: c.deviceId });
        clients.push(again);
        again.send({ type: 'room.join', code: pair.code });
        await again.nextOf('game', (m) => m.game.id === pair.gameId, 30_000);
        return again;
      };
      const host = await back(pair.host);
      const guest = await back(pair.guest);
      for (const c of [host, guest]) {
        expect(c.game).toMatchObject({ status: 'adjourned', adjourned: 'agreement', ply: ADJOURN_FROM_PLY, adjournment: { sealer: 'black', sealed: true } });
      }
      expect(JSON.stringify(guest.inbox)).not.toContain(`"${usi}"`);
      await host.until(() => host.game!.seats.white.status === 'present', 20_000);
      expect(await resume(host, 'offer')).toMatchObject({ type: 'ack' });
      await guest.reach(host.game!.version);
      expect(await resume(guest, 'accept')).toMatchObject({ type: 'ack' });
      const played = await guest.nextOf('event', (m) => m.event.kind === 'move' && m.event.ply === ADJOURN_FROM_PLY, 20_000);
      expect(played.event).toMatchObject({ usi, color: 'black', clock: { running: 'white' } });
      await guest.reach(played.event.version);
      expect(await guest.move(firstLegal(guest.game!.moves), { waitMs: 20_000 })).toMatchObject({ type: 'ack' });
    } finally {
      await site.stop();
    }
  });
});
