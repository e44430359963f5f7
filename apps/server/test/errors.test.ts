import { readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpErrorBodySchema } from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const INTERNALS = /prisma|P\d{4}|\.ts\b|node_modules|FST_|stack|at \w+ \(|invocation|\{"code":\d/i;

/** Writes raw bytes to the server and returns its whole answer (it closes the connection). */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const s = connect(port, '127.0.0.1', () => s.write(bytes));
    s.on('data', (d) => { out += d; });
    s.on('close', () => resolve(out));
    s.on('error', reject);
    s.setTimeout(5000, () => s.destroy());
  });
}

describe('every HTTP error is { code, message } with the protocol codes, and no internals', () => {
  let server: TestServer;
  let logFile: string;
  beforeAll(async () => {
    logFile = join(tmpdir(), `chu-errors-${process.pid}-${Date.now()}.log`);
    server = await startTestServer({ logLevel: 'info', logFile });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(logFile, { force: true });
  });

  async function refused(res: Response, status: number, code: string, message?: RegExp) {
    expect(res.status).toBe(status);
    const text = await res.text();
    const body = HttpErrorBodySchema.strict().parse(JSON.parse(text));
    expect(body.code).toBe(code);
    if (message) expect(body.message).toMatch(message);
    expect(text).not.toMatch(INTERNALS);
  }

  it.each([
    ['broken JSON', 'POST', '/api/device', '{"name":', 'application/json', 400, 'malformed', /not valid JSON/],
    ['__proto__ key', 'POST', '/api/device', '{"__proto__":{"admin":true}}', 'application/json', 400, 'malformed', /__proto__/],
    ['constructor.prototype', 'POST', '/api/device', '{"constructor":{"prototype":{"x":1}}}', 'application/json', 400, 'malformed', /constructor\.prototype/],
    ['not JSON at all', 'POST', '/api/device', 'name=Ana', 'application/x-www-form-urlencoded', 415, 'malformed', /JSON/],
    ['body too large', 'POST', '/api/device', JSON.stringify({ name: 'x'.repeat(20_000) }), 'application/json', 413, 'too-large', /too large/],
    ['schema refusal', 'POST', '/api/device', '{"name":42}', 'application/json', 400, 'malformed', /Malformed body/],
    ['a name with a NUL', 'POST', '/api/device', JSON.stringify({ name: 'A\u0000na' }), 'application/json', 400, 'malformed', /invisible, control or direction/],
    ['a name that reverses the text', 'POST', '/api/device', JSON.stringify({ name: 'Ana\u202Egnp.exe' }), 'application/json', 400, 'malformed', /invisible, control or direction/],
    ['unknown route', 'GET', '/api/nothing', undefined, undefined, 404, 'not-found', /Not found/],
    ['unknown method', 'DELETE', '/api/leaderboard', undefined, undefined, 404, 'not-found', /Not found/],
    ['no device', 'GET', '/api/me', undefined, undefined, 401, 'unauthenticated', /device/],
    ['bad percent-encoding', 'GET', '/api/rooms/%E0%A4%A', undefined, undefined, 400, 'malformed', /URL/],
  ])('%s', async (_label, method, path, body, type, status, code, message) => {
    const res = await fetch(`${server.url}${path}`, { method, ...(body !== undefined ? { body, headers: { 'content-type': type! } } : {}) });
    await refused(res, status, code, message);
  });

  it("engine.io's own refusals speak the protocol too (HTTP and WebSocket upgrade)", async () => {
    await refused(await request(server.url, 'GET', '/socket.io/?EIO=4&transport=bogus'), 400, 'malformed', /transport/i);
    await refused(await request(server.url, 'GET', '/socket.io/?EIO=4&transport=polling&sid=nope'), 400, 'malformed', /session/i);
    await refused(await request(server.url, 'PUT', '/socket.io/?EIO=4&transport=polling'), 400, 'malformed', /handshake/i);
    await refused(await request(server.url, 'GET', '/socket.io/?EIO=9&transport=polling'), 400, 'malformed', /version/i);
    const upgrade = await raw(server.port, [
      'GET /socket.io/?EIO=4&transport=bogus HTTP/1.1', `Host: 127.0.0.1:${server.port}`, 'Upgrade: websocket', 'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13', '', '',
    ].join('\r\n'));
    expect(upgrade).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(upgrade.slice(upgrade.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'malformed' });
  });

  it('a request too broken to parse still gets the protocol shape', async () => {
    const answer = await raw(server.port, 'BLAH /\x01 HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'malformed', message: 'Malformed request.' });
  });

  it('a 500 says only that something went wrong; the log has the whole error under the request id', async () => {
    // A device that vanishes between sign-in and rename (removed by hand): an error nobody planned for.
    const made = (await (await post(server.url, '/api/device', { name: 'Gone' })).json()) as { token: string; device: { id: string } };
    await server.db.prisma.device.delete({ where: { id: made.device.id } });
    const res = await request(server.url, 'PATCH', '/api/device', { name: 'Renamed' }, { bearer: made.token });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'internal', message: 'Something went wrong on the server.' });
    expect(text).not.toMatch(INTERNALS);

    const lines = (await readFile(logFile, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
    const failed = lines.find((l) => l.msg === 'request failed');
    expect(failed).toBeDefined();
    expect(failed!.reqId).toEqual(expect.any(String));
    expect(failed!.err.stack).toMatch(/Identity\.ts/);
    const incoming = lines.find((l) => l.reqId === failed!.reqId && l.msg === 'incoming request');
    expect(incoming!.req).toMatchObject({ method: 'PATCH', url: '/api/device' });
  });
});
