import { get, type IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../src/http/webClient.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// The raw answer, not decoded, so the test sees what went over the wire.
function raw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const decode = (r: { headers: IncomingHttpHeaders; body: Buffer }) =>
  r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body)
      : r.body;

// A built client as Vite lays it out: index.html naming hashed assets; one of them with a .br sibling
// as `pnpm build` writes it, one without (a plain `vite build`).
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script>
<link rel="stylesheet" href="/assets/index-Xy98Zw76.css"></head><body><div id="app"></div></body></html>\n`;
const JS = `export const board = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `square ${i}`))};\n`;
const CSS = `${Array.from({ length: 200 }, (_, i) => `.cell-${i} { color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }`).join('\n')}\n`;

describe('serving the built web client', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'chu-web-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets/index-Ab12Cd34.js'), JS);
    await writeFile(join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(JS));
    await writeFile(join(dist, 'assets/index-Xy98Zw76.css'), CSS);
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n');
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends a precompressed asset as brotli, and gzip to a client that only takes gzip', async () => {
    const br = await raw(`${server.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(br).toString()).toBe(JS);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(JS));

    // no .gz sibling: compressed on the way out
    const gz = await raw(`${server.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).toString()).toBe(JS);

    const plain = await raw(`${server.url}/assets/index-Ab12Cd34.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(JS);
    console.log(`fake asset: ${Buffer.byteLength(JS)} B plain, ${br.body.length} B br (precompressed), ${gz.body.length} B gzip (on the fly)`);
  });

  it('compresses an asset without siblings on the fly', async () => {
    const r = await raw(`${server.url}/assets/index-Xy98Zw76.css`, { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^text\/css/);
    expect(decode(r).toString()).toBe(CSS);
  });

  it('lets hashed assets be kept for a year and revalidates index.html and unhashed files', async () => {
    for (const path of ['/assets/index-Ab12Cd34.js', '/assets/index-Xy98Zw76.css']) {
      expect((await raw(`${server.url}${path}`, { 'accept-encoding': 'br, gzip' })).headers['cache-control']).toBe(IMMUTABLE);
    }
    for (const path of ['/', '/index.html', '/robots.txt']) {
      const r = await raw(`${server.url}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers.etag).toBeTruthy();
    }
    const index = await raw(`${server.url}/`);
    const again = await raw(`${server.url}/`, { 'if-none-match': String(index.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answers unknown pages with index.html (the client routes them), never cached', async () => {
    const r = await raw(`${server.url}/room/ABCD?x=1`, { 'accept-encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(decode(r).toString()).toBe(INDEX);
  });

  it('keeps API misses, missing assets and other methods as JSON 404s', async () => {
    for (const path of ['/api/nope', '/api/games/none/moves', '/assets/index-0ld0ld00.js']) {
      const r = await raw(`${server.url}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode(r).toString())).toMatchObject({ code: 'not-found' });
    }
    const post = await fetch(`${server.url}/room/ABCD`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ code: 'not-found' });
  });
});
