import { createServer, type Server } from 'node:http';
import { processName } from './cluster.ts';
import { sitePrefix, type ServerConfig } from './config.ts';
import { EngineRoster } from './cpu/MoveQueue.ts';
import { serveMoveJobs } from './cpu/MoveJobs.ts';
import { LocalMoves } from './cpu/MoveSource.ts';
import { Health } from './health.ts';
import { openRedis } from './http/limits.ts';
import { createLogger, type Logger } from './log.ts';
import { Metrics } from './metrics.ts';
import { TokenBucket } from './realtime/TokenBucket.ts';
import { StartupError } from './startup.ts';

export interface EngineProcess {
  url: string;
  log: Logger;
  close(): Promise<void>;
}

/**
 * Requests per second the health port answers each client address (an orchestrator's probes and a
 * scraper need a few): per client, so one that floods it is refused while the probes are still answered.
 */
const HTTP_PER_SECOND = 20;
/**
 * Client addresses remembered at once; past it, those back at full credit are forgotten (they lose
 * nothing), and while all are still spending, a newcomer shares one bucket with the other newcomers.
 */
const CLIENTS_REMEMBERED = 1024;

/**
 * An engine-only process (CHU_ROLE=engine, `pnpm start:engine`): engine worker threads fed from the
 * site's queue, as many as CPU_WORKERS. It holds no rooms, opens no database, and serves nothing but
 * /health, /health/live, /health/ready and /metrics on PORT. The site is found as the servers find it:
 * the same REDIS_URL, and the same DATABASE_URL (its key prefix derives from it; nothing connects to it).
 */
export async function startEngineProcess(config: ServerConfig): Promise<EngineProcess> {
  if (!config.redisUrl) throw new StartupError('an engine process needs REDIS_URL: the queue it serves is in the site\'s Redis');
  const log = createLogger(config.logLevel, config.logFile);
  const redis = await openRedis(config.redisUrl, log);
  const self = processName();
  const prefix = sitePrefix(config);
  const metrics = new Metrics({ role: 'engine', process: self });
  const local = await LocalMoves.forConfig(config, log);
  const jobs = serveMoveJobs({ redis, prefix, local, id: self, metrics, log });
  const leave = new EngineRoster(redis, prefix).join(self);
  let ready = false;
  void jobs.worker.waitUntilReady().then(() => { ready = true; }, () => undefined);
  const health = new Health([{ name: 'redis', ping: () => redis.ping() }], config.healthTimeoutMs, () => ready);

  const credits = new Map<string, TokenBucket>();
  const newcomers = new TokenBucket(HTTP_PER_SECOND, HTTP_PER_SECOND);
  const creditOf = (address: string): TokenBucket => {
    let credit = credits.get(address);
    if (!credit) {
      if (credits.size >= CLIENTS_REMEMBERED) for (const [a, c] of credits) if (c.full()) credits.delete(a);
      if (credits.size >= CLIENTS_REMEMBERED) return newcomers;
      credit = new TokenBucket(HTTP_PER_SECOND, HTTP_PER_SECOND);
      credits.set(address, credit);
    }
    return credit;
  };
  const http: Server = createServer((req, res) => {
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    if (!creditOf(req.socket.remoteAddress ?? '').take()) return send(429, 'application/json', JSON.stringify({ code: 'rate-limited', message: 'Too many requests.' }));
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, 'application/json', JSON.stringify({ code: 'not-found', message: 'Only GET here.' }));
    if (path === '/health/live') return send(200, 'application/json', JSON.stringify({ ok: true }));
    if (path === '/health' || path === '/health/ready') {
      return void health.report().then((r) => send(r.ok ? 200 : 503, 'application/json', JSON.stringify({ ...r, role: 'engine' })));
    }
    if (path === '/metrics') return void metrics.text().then((text) => send(200, metrics.contentType, text));
    send(404, 'application/json', JSON.stringify({ code: 'not-found', message: 'An engine process serves only /health and /metrics.' }));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, self, workers: local.workers }, 'chu engine process ready');

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    async close() {
      ready = false;
      await leave();
      await jobs.close();
      await local.close();
      await new Promise<void>((r) => http.close(() => r()));
      redis.disconnect();
    },
  };
}
