import type { ServerMessage } from '@chu/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const EVIL = 'http://evil.example';

/** Opens a socket as a browser page at `origin` would, with the victim's cookie. */
function handshake(url: string, cookie: string, origin: string | undefined, transport: 'websocket' | 'polling') {
  const socket = io(url, {
    transports: [transport], reconnection: false, forceNew: true,
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
  });
  return new Promise<{ welcome?: ServerMessage; refused?: { message: string; data?: { code?: string } } }>((resolve) => {
    socket.on('s', (m: ServerMessage) => { if (m.type === 'welcome') { resolve({ welcome: m }); socket.close(); } });
    socket.on('connect_error', (err: Error & { data?: { code?: string } }) => { resolve({ refused: { message: err.message, data: err.data } }); socket.close(); });
  });
}

describe('Origin: the handshake and cookie POSTs from another site are refused', () => {
  let server: TestServer;
  let cookie: string;
  let own: string;
  beforeAll(async () => {
    server = await startTestServer();
    own = `http://127.0.0.1:${server.port}`;
    cookie = `chu_device=${(await account(server.url, 'victim')).token}`;
  });
  afterAll(async () => { await server?.stop(); });

  it.each(['websocket', 'polling'] as const)('%s handshake: a foreign Origin with the victim cookie is refused; our own is welcome', async (transport) => {
    expect(await handshake(server.url, cookie, EVIL, transport)).toEqual({ refused: { message: 'forbidden-origin', data: { code: 'forbidden-origin', message: expect.any(String) } } });
    expect(await handshake(server.url, cookie, 'null', transport)).toMatchObject({ refused: { message: 'forbidden-origin' } });
    expect((await handshake(server.url, cookie, own, transport)).welcome).toMatchObject({ user: { username: 'victim' } });
    // programs send no Origin (and carry no one else's cookie)
    expect((await handshake(server.url, cookie, undefined, transport)).welcome).toMatchObject({ user: { username: 'victim' } });
  });

  it('cookie POSTs from another site (Origin, or Referer when there is none) are refused and change nothing', async () => {
    for (const headers of [{ origin: EVIL }, { origin: 'null' }, { referer: `${EVIL}/page` }] as Record<string, string>[]) {
      const res = await post(server.url, '/api/account/logout', {}, { cookie, headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'forbidden-origin' });
      const renamed = await request(server.url, 'PATCH', '/api/device', { name: 'Pwned' }, { cookie, headers });
      expect(renamed.status).toBe(403);
    }
    expect(await (await request(server.url, 'GET', '/api/me', undefined, { cookie })).json())
      .toMatchObject({ device: { name: 'victim', user: { username: 'victim' } } });
    const same = await request(server.url, 'PATCH', '/api/device', { name: 'Vic' }, { cookie, origin: own });
    expect(same.status).toBe(200);
  });

  it('PUBLIC_ORIGIN names the site; behind TRUST_PROXY the forwarded scheme and host count', async () => {
    const pinned = await startTestServer({ publicOrigin: 'https://chu.example' });
    try {
      const c = `chu_device=${(await account(pinned.url, 'pinned')).token}`;
      expect((await handshake(pinned.url, c, `http://127.0.0.1:${pinned.port}`, 'websocket')).refused?.data?.code).toBe('forbidden-origin');
      expect((await handshake(pinned.url, c, 'https://chu.example', 'websocket')).welcome).toBeDefined();
      expect((await request(pinned.url, 'PATCH', '/api/device', { name: 'P' }, { cookie: c, origin: 'https://chu.example' })).status).toBe(200);
      expect((await request(pinned.url, 'PATCH', '/api/device', { name: 'P' }, { cookie: c, origin: `http://127.0.0.1:${pinned.port}` })).status).toBe(403);
    } finally {
      await pinned.stop();
    }
    const proxied = await startTestServer({ trustProxy: true });
    try {
      const c = `chu_device=${(await account(proxied.url, 'proxied')).token}`;
      const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'play.chu.example' };
      expect((await request(proxied.url, 'PATCH', '/api/device', { name: 'Q' }, { cookie: c, origin: 'https://play.chu.example', headers: forwarded })).status).toBe(200);
      expect((await request(proxied.url, 'PATCH', '/api/device', { name: 'Q' }, { cookie: c, origin: `http://127.0.0.1:${proxied.port}`, headers: forwarded })).status).toBe(403);
    } finally {
      await proxied.stop();
    }
  });
});
