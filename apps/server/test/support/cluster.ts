import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { freePort, kill9, spawnServer } from './childServer.ts';
import { testDatabase, type TestDatabase } from './testDatabase.ts';
import { TestClient } from './TestClient.ts';

/** A node of the site: a real server process (src/main.ts) on the shared Postgres and Redis. */
export interface Node { url: string; child: ChildProcess; output: () => string }

/**
 * Several server processes serving one site: one fresh Postgres database and the machine's Redis (or
 * the one given); the site's Redis keys derive from its database, so parallel test files never meet.
 */
export async function startCluster(n: number, opts: { redisUrl?: string; env?: Record<string, string> } = {}) {
  const base = process.env.DATABASE_URL;
  const redisUrl = opts.redisUrl ?? process.env.REDIS_URL;
  if (!base || !redisUrl) throw new Error('cluster tests need DATABASE_URL (Postgres) and REDIS_URL');
  const db: TestDatabase = await testDatabase();
  const env = {
    DATABASE_URL: db.databaseUrl!,
    REDIS_URL: redisUrl,
    CHU_LEASE_MS: '1500',
    CHU_CPU: 'random',
    CHU_CPU_DELAY_MS: '0',
    ...opts.env,
  };
  const nodes: Node[] = [];
  const start = async (port?: number): Promise<Node> => {
    const s = await spawnServer({ ...env, ...(port ? { PORT: String(port) } : {}) });
    return { url: s.url, child: s.child, output: s.output };
  };
  for (let i = 0; i < n; i++) nodes.push(await start());
  return {
    nodes,
    db,
    /** Kills node i at once (SIGKILL). */
    kill: (i: number) => kill9(nodes[i].child),
    /** Starts a new process in node i's place (after kill), on a new port. */
    async respawn(i: number): Promise<Node> {
      nodes[i] = await start();
      return nodes[i];
    },
    async stop() {
      await Promise.all(nodes.map((node) => kill9(node.child)));
      await db.dispose();
    },
  };
}

/** A Redis of the test's own, so it can be stopped and started again without touching anyone else's. */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try {
        const { Redis } = await import('ioredis');
        const r = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        r.on('error', () => {}); // not up yet: the loop tries again
        await r.connect();
        await r.ping();
        r.disconnect();
        return;
      } catch { await new Promise((res) => setTimeout(res, 50)); }
    }
    throw new Error('private redis did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => (child ? kill9(child) : Promise.resolve()),
    start,
  };
}

/** Polls a node's readiness until it answers `status`. */
export async function untilReady(url: string, status: number, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await fetch(`${url}/health/ready`)).status;
    if (last === status) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${url}/health/ready stayed ${last}, never ${status}`);
}

/** Waits until the process `pid` holds the room's lease (live); returns when it saw it. */
export async function untilHolder(databaseUrl: string, code: string, pid: number, ms = 30_000): Promise<number> {
  const deadline = Date.now() + ms;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    for (;;) {
      const r = await c.query<{ owner: string }>(
        `SELECT l.owner FROM room_leases l JOIN rooms r ON r.id = l.room_id WHERE r.code = $1 AND l.expires_at > now()`, [code]);
      if (r.rows[0]?.owner.split(':')[1] === String(pid)) return Date.now();
      if (Date.now() > deadline) throw new Error(`process ${pid} never took ${code} over (lease: ${JSON.stringify(r.rows[0] ?? null)})`);
      await new Promise((res) => setTimeout(res, 25));
    }
  } finally {
    await c.end();
  }
}

/** Which of the nodes (by pid) owns the room now, from its lease. */
export async function ownerNode(databaseUrl: string, code: string, pids: number[]): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query<{ owner: string }>(
    `SELECT l.owner FROM room_leases l JOIN rooms r ON r.id = l.room_id WHERE r.code = $1 AND l.expires_at > now()`, [code]);
  await c.end();
  const owner = r.rows[0]?.owner ?? '';
  const i = pids.findIndex((pid) => owner.split(':')[1] === String(pid));
  if (i < 0) throw new Error(`no live owner for ${code}: ${owner}`);
  return i;
}

/** Ana (host, Black) and Ben (White) sit in the room and the host starts; returns when both see the game and each other present. */
export async function seat(host: TestClient, guest: TestClient, code: string) {
  host.send({ type: 'room.sit', code, color: 'black' });
  await host.nextOf('room', (m) => m.room.seats.black.kind === 'human');
  guest.send({ type: 'room.sit', code, color: 'white' });
  await guest.nextOf('room', (m) => m.room.seats.white.kind === 'human');
  host.send({ type: 'room.start', code });
  await Promise.all([host.nextOf('game', (m) => m.reason === 'start'), guest.nextOf('game', (m) => m.reason === 'start')]);
  await Promise.all([host, guest].map((c) => c.until(() => c.game!.seats.black.status === 'present' && c.game!.seats.white.status === 'present')));
}

/** Ana on `hostUrl` creates a room (she owns it: her process does) and Ben on `guestUrl` joins; both seated, the game started. */
export async function seatedAt(clients: TestClient[], hostUrl: string, guestUrl: string, options: Parameters<TestClient['createRoom']>[0] = {}) {
  const host = await TestClient.connect(hostUrl, 'Ana');
  const guest = await TestClient.connect(guestUrl, 'Ben');
  clients.push(host, guest);
  const room = await host.createRoom(options);
  await guest.join(room.code);
  await seat(host, guest, room.code);
  return { host, guest, room, gameId: host.game!.id };
}
