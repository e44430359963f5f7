import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/identity/secrets.ts';
import { storedDevice } from './support/devices.ts';
import { TestClient } from './support/TestClient.ts';
import { account, deviceCookie, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const DAY_MS = 86_400_000;
const me = async (url: string, token: string) => request(url, 'GET', '/api/me', undefined, { bearer: token });

describe('cookies and tokens', () => {
  let server: TestServer;
  let own: string;
  beforeAll(async () => {
    server = await startTestServer();
    own = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => { await server?.stop(); });

  it('the cookie is Secure whenever the site is served over HTTPS', async () => {
    expect((await post(server.url, '/api/device', {})).headers.get('set-cookie')).not.toMatch(/Secure/i);
    // a proxy that says https is believed only with TRUST_PROXY
    const spoofed = await post(server.url, '/api/device', {}, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('set-cookie')).not.toMatch(/Secure/i);
    for (const overrides of [{ trustProxy: true }, { publicOrigin: 'https://chu.example' }]) {
      const s = await startTestServer(overrides);
      try {
        const res = await post(s.url, '/api/device', {}, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers.get('set-cookie')).toMatch(/chu_device=[^;]+;.*Secure/i);
        expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      } finally {
        await s.stop();
      }
    }
  });

  it('a browser (it sends Origin) never gets the token in a body; a program does', async () => {
    const browser = await post(server.url, '/api/device', { name: 'Page' }, { origin: own });
    const body = (await browser.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    const cookie = `chu_device=${deviceCookie(browser)}`;
    const reg = await post(server.url, '/api/account/register', { username: 'pagey', password: 'correct horse' }, { cookie, origin: own });
    expect(await reg.json()).not.toHaveProperty('token');
    const account = `chu_device=${deviceCookie(reg)}`; // registering rotates it, in the cookie only
    const login = await post(server.url, '/api/account/login', { username: 'pagey', password: 'correct horse' }, { cookie: account, origin: own });
    expect(login.status).toBe(200);
    expect(await login.json()).not.toHaveProperty('token');
    const program = await post(server.url, '/api/device', { name: 'Bot' });
    expect(await program.json()).toMatchObject({ token: expect.any(String) });
  });

  it('tokens rotate on login and on logout: the old one stops working at once', async () => {
    const { token: first } = await account(server.url, 'rotor', 'rotor password');
    const out = await post(server.url, '/api/account/logout', {}, { bearer: first });
    const { token: second } = (await out.json()) as { token: string };
    expect(second).not.toBe(first);
    expect(deviceCookie(out)).toBe(second);
    expect((await me(server.url, first)).status).toBe(401);
    expect(await (await me(server.url, second)).json()).toMatchObject({ device: { user: null } });

    const login = await post(server.url, '/api/account/login', { username: 'rotor', password: 'rotor password' }, { bearer: second });
    const { token: third } = (await login.json()) as { token: string };
    expect(third).not.toBe(second);
    expect((await me(server.url, second)).status).toBe(401);
    expect(await (await me(server.url, third)).json()).toMatchObject({ device: { user: { username: 'rotor' } } });
    // a stored hash is all the database knows
    const row = await server.db.prisma.device.findFirstOrThrow({ where: { user: { username: 'rotor' } } });
    expect(row.tokenHash).toBe(hashToken(third));
  });

  it('an idle device expires (180 days); one in use is kept alive', async () => {
    const make = (idleDays: number) => storedDevice(server, { lastSeenAt: new Date(Date.now() - idleDays * DAY_MS) });
    const stale = await make(181);
    const res = await me(server.url, stale.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'expired' });
    const refused = await new Promise<Error & { data?: { code?: string } }>((resolve) => {
      const s = io(server.url, { auth: { token: stale.token }, transports: ['websocket'], reconnection: false, forceNew: true });
      s.on('connect_error', (err) => { resolve(err); s.close(); });
    });
    expect(refused.message).toBe('unauthenticated'); // what makes a browser ask for a new device
    expect(refused.data).toMatchObject({ code: 'expired' });
    // that browser's next POST /api/device gets a new device
    const fresh = await post(server.url, '/api/device', {}, { cookie: `chu_device=${stale.token}` });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { device: { id: string } }).device.id).not.toBe(stale.deviceId);

    const alive = await make(179);
    expect((await me(server.url, alive.token)).status).toBe(200);
    const row = await server.db.prisma.device.findUniqueOrThrow({ where: { id: alive.deviceId } });
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('log out other devices: the others are guests at once, their open sockets too', async () => {
    const a = await account(server.url, 'multi', 'multi password');
    const login = async () => {
      const d = (await (await post(server.url, '/api/device', {})).json()) as { token: string; device: { id: string } };
      const r = (await (await post(server.url, '/api/account/login', { username: 'multi', password: 'multi password' }, { bearer: d.token })).json()) as { token: string };
      return { token: r.token, deviceId: d.device.id };
    };
    const b = await login();
    const c = await login();
    const socketA = await TestClient.connect(server.url, a);
    expect(socketA.inbox[0]).toMatchObject({ type: 'welcome', user: { username: 'multi' } });

    const res = await post(server.url, '/api/account/logout-others', {}, { bearer: b.token });
    expect(await res.json()).toEqual({ loggedOut: 2 });
    expect(await socketA.nextOf('welcome', (m) => m.user === null)).toMatchObject({ device: { id: a.deviceId } });
    expect(await (await me(server.url, a.token)).json()).toMatchObject({ device: { user: null } });
    expect(await (await me(server.url, c.token)).json()).toMatchObject({ device: { user: null } });
    expect(await (await me(server.url, b.token)).json()).toMatchObject({ device: { user: { username: 'multi' } } });
    // a guest has no other devices to log out
    const guest = await post(server.url, '/api/account/logout-others', {}, { bearer: a.token });
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ code: 'account-required' });
    socketA.close();
  });
});
