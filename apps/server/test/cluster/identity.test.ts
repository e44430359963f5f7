import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateRedis, startCluster, untilReady } from '../support/cluster.ts';
import { account, post, request } from '../support/http.ts';
import { TestClient } from '../support/TestClient.ts';

// A device's identity changes on one process (login, logout, registration, "log out other devices", a
// rename); every other process follows at once (issue 34, defect 1): no token that was rotated still
// signs in anywhere, from a cache or from a socket opened with it.

const PASSWORD = 'correct horse battery';
const me = (url: string, token: string) => request(url, 'GET', '/api/me', undefined, { bearer: token });
const body = async (res: Response) => (await res.json()) as { token: string; device: { id: string; name: string; user: { username: string } | null } };
const guest = async (url: string) => {
  const d = await body(await post(url, '/api/device', { name: 'Guest' }));
  return { token: d.token, deviceId: d.device.id };
};
/** The handshake's refusal code, or 'connected'. */
const handshake = async (url: string, d: { token: string; deviceId: string }) => {
  try {
    (await TestClient.connect(url, d)).close();
    return 'connected';
  } catch (err) {
    return (err as Error).message;
  }
};
const closedBy = (c: TestClient) => new Promise<string>((resolve) => c.socket.once('disconnect', resolve));

describe('a change of identity on one process holds on every other at once', () => {
  let site: Awaited<ReturnType<typeof startCluster>>;
  let p0: string; // where the change is made
  let p1: string; // where the old token was known (cached, with a socket open)
  const clients: TestClient[] = [];
  beforeAll(async () => {
    site = await startCluster(2);
    [p0, p1] = site.nodes.map((n) => n.url);
    await account(p0, 'owner', PASSWORD);
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await site?.stop();
  });

  // [what rotates the token on P0, how the device starts, the request, who the new token is]
  const rotations: [string, 'guest' | 'account', (token: string) => Promise<Response>, string | null][] = [
    ['logout', 'account', (token) => post(p0, '/api/account/logout', {}, { bearer: token }), null],
    ['login', 'guest', (token) => post(p0, '/api/account/login', { username: 'owner', password: PASSWORD }, { bearer: token }), 'owner'],
    ['register', 'guest', (token) => post(p0, '/api/account/register', { username: 'newcomer', password: PASSWORD }, { bearer: token }), 'newcomer'],
  ];
  it.each(rotations)('%s on P0: the old token, cached on P1 with a socket open, is refused there at once and its socket closed', async (_what, start, rotate, after) => {
    const before = start === 'guest' ? await guest(p0) : await account(p0, `was${clients.length}`, PASSWORD);
    expect((await me(p1, before.token)).status).toBe(200); // P1 knows the token now
    const copy = await TestClient.connect(p1, before);
    clients.push(copy);
    const closed = closedBy(copy);

    const res = await rotate(before.token);
    expect(res.status).toBe(200);
    const { token } = await body(res);
    expect((await me(p1, before.token)).status).toBe(401);
    expect(await handshake(p1, before)).toBe('unauthenticated');
    expect(await closed).toBe('io server disconnect');
    expect(copy.inbox.filter((m) => m.type === 'welcome')).toHaveLength(1);
    expect((await body(await me(p1, token))).device.user).toEqual(after ? expect.objectContaining({ username: after }) : null);
  });

  it('log out other devices on P0: another device cached on P1 as the account is a guest there at once, its socket too', async () => {
    const here = await account(p0, 'multi', PASSWORD);
    const other = await guest(p1);
    const { token } = await body(await post(p1, '/api/account/login', { username: 'multi', password: PASSWORD }, { bearer: other.token }));
    expect((await body(await me(p1, token))).device.user).toMatchObject({ username: 'multi' });
    const tab = await TestClient.connect(p1, { token, deviceId: other.deviceId });
    clients.push(tab);

    expect(await (await post(p0, '/api/account/logout-others', {}, { bearer: here.token })).json()).toEqual({ loggedOut: 1 });
    expect((await body(await me(p1, token))).device.user).toBeNull();
    expect(await tab.nextOf('welcome', (m) => m.user === null)).toMatchObject({ device: { id: other.deviceId } });
  });

  it('a rename on P0 is the name on P1 at once', async () => {
    const d = await guest(p0);
    expect((await body(await me(p1, d.token))).device.name).toBe('Guest');
    expect((await request(p0, 'PATCH', '/api/device', { name: 'Renamed' }, { bearer: d.token })).status).toBe(200);
    expect((await body(await me(p1, d.token))).device.name).toBe('Renamed');
  });
});

describe('a process that cannot hear the others believes no cached token', () => {
  it('Redis away: a logout on P0 holds on P1 all the same (P1 reads the database); Redis back: changes are heard again', async () => {
    const redis = await privateRedis();
    const site = await startCluster(2, { redisUrl: redis.url });
    try {
      const [p0, p1] = site.nodes.map((n) => n.url);
      const first = await account(p0, 'deaf', PASSWORD);
      expect((await me(p1, first.token)).status).toBe(200);

      await redis.stop();
      await Promise.all(site.nodes.map((n) => untilReady(n.url, 503))); // both know Redis is away
      const out = await post(p0, '/api/account/logout', {}, { bearer: first.token });
      expect(out.status).toBe(200);
      const { token: second } = await body(out);
      expect((await me(p1, first.token)).status).toBe(401);
      expect((await body(await me(p1, second))).device.user).toBeNull();

      await redis.start();
      const { token: third } = await body(await post(p0, '/api/account/login', { username: 'deaf', password: PASSWORD }, { bearer: second }));
      expect((await me(p1, second)).status).toBe(401);
      expect((await body(await me(p1, third))).device.user).toMatchObject({ username: 'deaf' });
      await post(p0, '/api/account/logout', {}, { bearer: third });
      expect((await me(p1, third)).status).toBe(401);
    } finally {
      await site.stop();
      await redis.stop();
    }
  });
});
