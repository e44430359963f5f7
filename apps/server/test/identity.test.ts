import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/TestClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

describe('devices, accounts and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    const webDist = join(process.env.TMPDIR ?? '/tmp', `chu-web-${process.pid}`);
    await mkdir(webDist, { recursive: true });
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Chu</title>');
    server = await startTestServer({ webDist });
  });
  afterAll(async () => { await server?.stop(); });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('first visit sets an httpOnly device cookie; only its hash is stored; the cookie works for sockets', async () => {
    const res = await post('/api/device', { name: 'Ana' });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/chu_device=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const { token, device } = (await res.json()) as { token: string; device: { id: string } };
    const row = await server.db.prisma.device.findUniqueOrThrow({ where: { id: device.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const cookie = `chu_device=${token}`;
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ device: { id: device.id, name: 'Ana', user: null } });
    expect((await fetch(`${server.url}/api/me`)).status).toBe(401);

    const socket = io(server.url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    const welcome = await new Promise((resolve) => socket.on('s', resolve));
    expect(welcome).toMatchObject({ type: 'welcome', device: { id: device.id, name: 'Ana' } });
    socket.disconnect();
  });

  it('register, log out, log in; wrong passwords and taken names are refused', async () => {
    const { token } = await TestClient.device(server.url, 'Ben');
    const cookie = `chu_device=${token}`;
    const reg = await post('/api/account/register', { username: 'ben', password: 'correct horse' }, cookie);
    expect(reg.status).toBe(200);
    expect(await reg.json()).toMatchObject({ device: { user: { username: 'ben' } } });
    // registering rotates the device's token, as logging in does: the one known before holds no account
    const fresh = /chu_device=([^;]+)/.exec(reg.headers.get('set-cookie') ?? '')?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(token);
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie } })).status).toBe(401);
    const account = `chu_device=${fresh}`;
    expect(await (await fetch(`${server.url}/api/me`, { headers: { cookie: account } })).json()).toMatchObject({ device: { user: { username: 'ben' } } });
    const user = await server.db.prisma.user.findUniqueOrThrow({ where: { username: 'ben' }, include: { ratings: { orderBy: { pool: 'asc' } } } });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    // a rating in each pool (issue 36: real-time and correspondence apart, as lishogi)
    expect(user.ratings).toEqual([
      expect.objectContaining({ pool: 'correspondence', rating: 1500 }), expect.objectContaining({ pool: 'realtime', rating: 1500 }),
    ]);

    const other = `chu_device=${(await TestClient.device(server.url, 'X')).token}`;
    expect((await post('/api/account/register', { username: 'ben', password: 'something else' }, other)).status).toBe(409);
    expect((await post('/api/account/login', { username: 'ben', password: 'wrong password' }, other)).status).toBe(401);
    const login = await post('/api/account/login', { username: 'ben', password: 'correct horse' }, other);
    expect(await login.json()).toMatchObject({ device: { user: { username: 'ben' } } });
    const out = await post('/api/account/logout', {}, account);
    expect(await out.json()).toMatchObject({ device: { user: null } });
    expect((await post('/api/account/login', { username: 'b', password: 'x' }, account)).status).toBe(400);
  });

  it('serves the built web client with an SPA fallback, but not for the API', async () => {
    const page = await fetch(`${server.url}/r/ABCDEF`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Chu</title>');
    expect((await fetch(`${server.url}/api/nothing`)).status).toBe(404);
  });
});
