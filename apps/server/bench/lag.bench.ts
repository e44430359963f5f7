// pnpm bench:lag — what the server measures and credits as transport lag (RULES.md §7), on loopback.
// One server in this process (PGlite, a fresh database), two real Socket.IO clients playing a 20 min
// clock game, a move every BENCH_MOVE_MS. Beside the server's own measurement, the same TransportLag is
// fed from the same Socket.IO events, so each move prints the estimate the server read when it stored
// the move (Socket.IO ping round trip / 2, smoothed) and the lag the rules credited back (the move event's
// lagCreditMs, within the quota).
// Env: BENCH_MOVES per side (40), BENCH_MOVE_MS between moves (500), BENCH_PING_MS Socket.IO ping interval
// (1000; the server's default is 10 000, so a short game would see few round trips).
import { TransportLag } from '../src/realtime/TransportLag.ts';
import { firstLegal, seatedPair, type TestClient } from '../test/support/TestClient.ts';
import { startTestServer } from '../test/support/testServer.ts';

const MOVES = Number(process.env.BENCH_MOVES ?? 40);
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 500);
const PING_MS = Number(process.env.BENCH_PING_MS ?? 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startTestServer({ pingIntervalMs: PING_MS });
const lags = new Map<string, TransportLag>(); // socket id → the lag as the server measures it
const samples: number[] = []; // every one-way sample (round trip / 2), ms
server.io.on('connection', (socket) => {
  const lag = new TransportLag();
  let pingAt = 0;
  lags.set(socket.id, lag);
  const conn = socket.conn;
  conn.on('packetCreate', (p: { type: string }) => {
    if (p.type !== 'ping') return;
    pingAt = performance.now();
    lag.pinged(pingAt);
  });
  conn.on('heartbeat', () => {
    const at = performance.now();
    samples.push((at - pingAt) / 2);
    lag.ponged(at);
  });
});

try {
  const tc = { kind: 'clock', initialSeconds: 1200, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 } as const;
  const { host, guest } = await seatedPair(server.url, { timeControl: tc });
  const rows: { ply: number; measured: number; credited: number }[] = [];
  const play = async (mover: TestClient, other: TestClient) => {
    const ply = mover.game!.ply;
    const measured = lags.get(mover.socket.id!)?.estimateMs ?? 0;
    const ack = await mover.move(firstLegal(mover.game!.moves));
    if (ack.type !== 'ack') throw new Error(`move refused: ${JSON.stringify(ack)}`);
    const e = await other.nextOf('event', (m) => m.event.kind === 'move' && m.event.ply === ply);
    if (e.event.kind !== 'move') throw new Error('not a move');
    rows.push({ ply, measured, credited: e.event.lagCreditMs });
    await other.reach(e.event.version);
    await mover.reach(e.event.version);
    await sleep(MOVE_MS);
  };
  for (let i = 0; i < MOVES; i++) {
    await play(host, guest);
    await play(guest, host);
  }
  console.log('ply  side   measured ms  credited ms');
  for (const r of rows) console.log(`${String(r.ply).padStart(3)}  ${r.ply % 2 ? 'white' : 'black'}  ${String(r.measured).padStart(11)}  ${String(r.credited).padStart(11)}`);
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    return `mean ${mean.toFixed(2)}, median ${s[Math.floor(s.length / 2)]?.toFixed(2)}, max ${s.at(-1)?.toFixed(2)}`;
  };
  console.log(`\n${rows.length} moves over loopback, ping every ${PING_MS} ms, a move every ${MOVE_MS} ms`);
  console.log(`one-way samples (ping round trip / 2, ms): ${samples.length}, ${stats(samples)}`);
  console.log(`estimate read at each move (ms): ${stats(rows.map((r) => r.measured))}`);
  console.log(`credited per move (ms): ${stats(rows.map((r) => r.credited))}; total ${rows.reduce((a, r) => a + r.credited, 0)} ms`);
  host.close();
  guest.close();
} finally {
  await server.stop();
}
