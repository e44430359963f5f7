import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, kill9, spawnServer } from './childServer.ts';
import { testDatabase, type TestDatabase } from './testDatabase.ts';

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
  const engines: Node[] = [];
  return {
    nodes,
    engines,
    db,
    /** An engine-only process (CHU_ROLE=engine) on the same site; `env` adds to or overrides the site's. */
    async startEngine(extra: Record<string, string> = {}): Promise<Node> {
      const s = await spawnServer({ ...env, ...extra, CHU_ROLE: 'engine' });
      const node = { url: s.url, child: s.child, output: s.output };
      engines.push(node);
      return node;
    },
    /** Kills node i at once (SIGKILL). */
    kill: (i: number) => kill9(nodes[i].child),
    /** Starts a new process in node i's place (after kill), on a new port. */
    async respawn(i: number): Promise<Node> {
      nodes[i] = await start();
      return nodes[i];
    },
    async stop() {
      await Promise.all([...nodes, ...engines].map((node) => kill9(node.child)));
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

