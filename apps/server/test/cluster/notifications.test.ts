import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../support/cluster.ts';
import { account, post, request } from '../support/http.ts';
import { seatedPair, TestClient } from '../support/TestClient.ts';

// Notifications across the processes of one site (issue 37): the room's owner notices a correspondence
// move and stores "your move"; the player's tab on the other process hears it live; marking it read on
// that process reaches the tab on the first. Processes started together serve one VAPID key.

describe('notifications on a site of two processes', () => {
  let site: Awaited<ReturnType<typeof startCluster>>;
  const clients: TestClient[] = [];
  beforeAll(async () => { site = await startCluster(2); });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await site?.stop();
  });

  it('serve one VAPID public key', async () => {
    const keys = await Promise.all(site.nodes.map(async (n) => ((await (await request(n.url, 'GET', '/api/push/public-key')).json()) as { publicKey: string }).publicKey));
    expect(new Set(keys).size).toBe(1);
  });

  it('a notification stored on one process reaches a tab on the other, and its reading comes back', async () => {
    const [p0, p1] = site.nodes.map((n) => n.url);
    const ana = await account(p0, 'ana_cluster');
    const ben = await account(p0, 'ben_cluster');
    const { host, guest } = await seatedPair(p0, { timeControl: { kind: 'correspondence', daysPerMove: 3 } }, { host: ana, guest: ben });
    clients.push(host, guest);
    const benElsewhere = await TestClient.connect(p1, ben); // a second tab, served by the other process
    clients.push(benElsewhere);
    await benElsewhere.nextOf('notifications');

    expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    const told = await benElsewhere.nextOf('notification', (m) => m.notification.payload.kind === 'your-move', 15_000);
    expect(told.notification.payload).toMatchObject({ kind: 'your-move', opponent: 'ana_cluster', roomCode: host.room!.code });
    await guest.nextOf('notification', (m) => m.notification.id === told.notification.id);

    const read = await post(p1, '/api/notifications/read', { ids: [told.notification.id] }, { bearer: ben.token });
    expect(await read.json()).toEqual({ marked: 1, unread: 0 });
    expect(await guest.nextOf('notifications.read')).toMatchObject({ ids: [told.notification.id], unread: 0 });
  });
});
