import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  port: number;              // 3000; 0 = any free port
  host: string;              // '0.0.0.0'
  databaseUrl: string | null; // Postgres; null = embedded PGlite in dataDir
  dataDir: string;           // './data'
  webDist: string;           // built client served at / when present
  migrationsDir: string;
  msPerSecond: number;       // 1000; tests shrink clocks and grace periods through it
  cpuDelayMs: number;        // pause before a CPU move, so people can follow
  rateLimit: { capacity: number; refillPerSecond: number; spectatorRefillPerSecond: number };
  maxMessageBytes: number;
  logLevel: string;          // pino level
  cpuSeed: number;
  cpuPlayer: 'engine' | 'random'; // packages/engine, or the seeded random legal mover (tests)
  cpuWorkers: number | null; // engine worker threads; null = one per core but one (at least 1)
  redisUrl: string | null;   // several processes serve one site (Socket.IO adapter, room leases, shared queues)
  leaseMs: number;           // with redisUrl: how long a room's owner holds it without renewing (failover time)
  redisPrefix: string;       // with redisUrl: the site's keys and streams, so several sites can share one Redis
}

const here = fileURLToPath(new URL('.', import.meta.url));

export function defaultConfig(): ServerConfig {
  return {
    port: 3000,
    host: '0.0.0.0',
    databaseUrl: null,
    dataDir: resolve('data'),
    webDist: resolve(here, '../../web/dist'),
    migrationsDir: resolve(here, '../../../prisma/migrations'),
    msPerSecond: 1000,
    cpuDelayMs: 300,
    rateLimit: { capacity: 40, refillPerSecond: 10, spectatorRefillPerSecond: 3 },
    maxMessageBytes: 16 * 1024,
    logLevel: 'info',
    cpuSeed: Date.now() >>> 0,
    cpuPlayer: 'engine',
    cpuWorkers: null,
    redisUrl: null,
    leaseMs: 4000,
    redisPrefix: 'chu',
  };
}

const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const d = defaultConfig();
  return {
    ...d,
    port: num(env.PORT, d.port),
    host: env.HOST || d.host,
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : d.dataDir,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : d.webDist,
    msPerSecond: num(env.CHU_MS_PER_SECOND, d.msPerSecond),
    cpuDelayMs: num(env.CHU_CPU_DELAY_MS, d.cpuDelayMs),
    logLevel: env.LOG_LEVEL || d.logLevel,
    cpuPlayer: env.CHU_CPU === 'random' ? 'random' : d.cpuPlayer,
    cpuWorkers: env.CPU_WORKERS ? Math.max(1, Number(env.CPU_WORKERS)) : d.cpuWorkers,
    redisUrl: env.REDIS_URL || null,
    leaseMs: num(env.CHU_LEASE_MS, d.leaseMs),
    redisPrefix: env.CHU_REDIS_PREFIX || d.redisPrefix,
    rateLimit: {
      ...d.rateLimit,
      capacity: num(env.CHU_RATE_CAPACITY, d.rateLimit.capacity),
      refillPerSecond: num(env.CHU_RATE_REFILL, d.rateLimit.refillPerSecond),
    },
  };
}
