// Through the proxy: the web client's files come compressed with their cache headers, and a Socket.IO
// session on each transport keeps answering over many requests (long-polling only does if the proxy is
// sticky). Exits non-zero if anything is off. Usage: node deploy/check-proxy.mjs http://127.0.0.1:3720
import { createRequire } from 'node:module';

const { io } = createRequire(new URL('../apps/server/package.json', import.meta.url))('socket.io-client');
const url = process.argv[2] ?? 'http://127.0.0.1:3720';
let failed = false;
const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); failed ||= !ok; };

const index = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
check(index.headers.get('cache-control') === 'no-cache', `/ cache-control: ${index.headers.get('cache-control')}`);
for (const asset of (await index.text()).match(/\/assets\/[^"]+/g) ?? []) {
  const r = await fetch(`${url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
  check(r.ok && /immutable/.test(r.headers.get('cache-control') ?? '') && r.headers.get('content-encoding') !== null,
    `${asset}: ${r.headers.get('content-encoding')}, ${r.headers.get('cache-control')}`);
}

// the operator's figures are not the public's: the proxy does not pass /metrics on
const metrics = await fetch(`${url}/metrics`);
check(metrics.status === 404, `/metrics through the proxy: ${metrics.status}`);

for (const transport of ['polling', 'websocket']) {
  const device = await (await fetch(`${url}/api/device`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Proxy"}' })).json();
  const socket = io(url, { transports: [transport], upgrade: false, auth: { token: device.token }, withCredentials: true, reconnection: false, forceNew: true });
  const seen = [];
  let trouble = '';
  socket.on('s', (m) => seen.push(m.type));
  socket.on('connect_error', (e) => { trouble ||= e.message; });
  socket.on('disconnect', (reason) => { trouble ||= reason; });
  for (let i = 0; i < 50 && !seen.includes('welcome') && !trouble; i++) await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 10 && !trouble; i++) {
    socket.emit('c', { type: 'room.create', options: {} });
    await new Promise((r) => setTimeout(r, 300));
  }
  const rooms = seen.filter((t) => t === 'room').length;
  check(!trouble && rooms === 10, `${transport}: welcome ${seen.includes('welcome')}, ${rooms}/10 rooms created${trouble ? `, ${trouble}` : ''}`);
  socket.close();
}
process.exit(failed ? 1 : 0);
