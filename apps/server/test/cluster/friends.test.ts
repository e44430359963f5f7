import { ChallengeResponseSchema, FriendsSchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../support/cluster.ts';
import { account, post, request } from '../support/http.ts';
import { TestClient } from '../support/TestClient.ts';

// Friends and challenges on a site of several processes (issue 37): who is online is every process's
// sockets (the account channels, through the Socket.IO adapter on Redis), a challenge made on one process
// reaches the other's sockets live, and accepting it on the other seats both in one room.

describe('friends across processes', () => {
  let site: Awaited<ReturnType<typeof startCluster>>;
  let p0: string;
  let p1: string;
  beforeAll(async () => {
    site = await startCluster(2);
    [p0, p1] = site.nodes.map((n) => n.url);
  });
  afterAll(async () => { await site?.stop(); });

  it('online and playing as seen from the other process; a challenge crosses, is accepted there, and both play', async () => {
    const ana = await account(p0, 'ana');
    const ben = await account(p1, 'ben');
    const following = async () => {
      const res = await request(p0, 'GET', '/api/friends', undefined, { bearer: ana.token });
      return FriendsSchema.parse(await res.json()).following;
    };
    expect((await post(p0, '/api/friends/follow', { username: 'ben' }, { bearer: ana.token })).status).toBe(200);
    expect((await following())[0]).toMatchObject({ username: 'ben', online: false });

    const benSocket = await TestClient.connect(p1, ben); // Ben is connected to the other process
    const anaSocket = await TestClient.connect(p0, ana);
    expect((await following())[0].online).toBe(true);

    const sent = await post(p0, '/api/challenges', { to: 'ben', color: 'white' }, { bearer: ana.token });
    expect(sent.status).toBe(200);
    const { id } = ChallengeResponseSchema.parse(await sent.json()).challenge;
    await benSocket.nextOf('challenge', (m) => m.challenge.id === id && m.challenge.status === 'open');

    const accepted = await post(p1, `/api/challenges/${id}/accept`, {}, { bearer: ben.token });
    expect(accepted.status).toBe(200);
    const { roomCode, gameId } = (await anaSocket.nextOf('challenge', (m) => m.challenge.id === id && m.challenge.status === 'accepted')).challenge;
    const room = await anaSocket.join(roomCode!);
    await benSocket.join(roomCode!);
    expect(room.seats.white.deviceId).toBe(ana.deviceId);
    expect(room.seats.black.deviceId).toBe(ben.deviceId);
    await benSocket.until(() => benSocket.game?.id === gameId);
    expect((await benSocket.move('7j5h')).type).toBe('ack');
    expect((await following())[0].playing).toEqual([{ roomCode, gameId, color: 'black', opponent: 'ana' }]);

    benSocket.close();
    const deadline = Date.now() + 10_000;
    while ((await following())[0].online && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await following())[0].online).toBe(false);
    anaSocket.close();
  });
});
