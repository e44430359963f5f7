import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError } from './startup.ts';
import { EXPORT_MAX_GAMES } from '@chu/protocol';

/** The push services of Chrome/Edge/Android (FCM), Firefox, Windows and Safari. */
export const KNOWN_PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;

export interface ServerConfig {
  port: number;              // 3000; 0 = any free port
  host: string;              // '0.0.0.0'
  databaseUrl: string | null; // Postgres; null = embedded PGlite in dataDir
  dataDir: string;           // './data'
  webDist: string;           // built client served at / when present
  migrationsDir: string;
  msPerSecond: number;       // 1000; tests shrink clocks and grace periods through it
  cpuDelayMs: number;        // pause before a CPU move, so people can follow
  pingIntervalMs: number;    // 10000: Socket.IO's heartbeat, whose round trips measure each socket's lag (TransportLag)
  // Socket messages, per socket: a credit bucket. A new device's bucket starts at newDeviceCapacity and
  // grows to capacity over its first growMs, so a freshly made device buys no full burst.
  rateLimit: { capacity: number; refillPerSecond: number; spectatorRefillPerSecond: number; newDeviceCapacity: number; growMs: number };
  // A socket that keeps going after running dry: one notice per noticeEveryMs; past dropAfterRefused refused
  // messages within refusedWindowMs it is disconnected and its device may not reconnect for holdBackMs.
  floods: { noticeEveryMs: number; dropAfterRefused: number; refusedWindowMs: number; holdBackMs: number };
  // Socket handshakes per client address within windowMs (each one costs a device lookup), counted
  // across the site's processes with redisUrl. A device's sockets on one process share one credit.
  handshakes: { perAddress: number; windowMs: number };
  // HTTP requests per client address, each within windowMs. Logins also per account: from one address
  // (loginsPerAccountAddress), and from every address together (loginsPerAccount, higher, so that one
  // address guessing never holds the owner back).
  // Challenges sent, and friends' changes (follow, block, settings), per account within windowMs.
  httpLimits: {
    windowMs: number; perAddress: number; devices: number; registers: number;
    loginsPerAddress: number; loginsPerAccountAddress: number; loginsPerAccount: number;
    challenges: number; friends: number;
    // the lishogi-shaped API (issue 50): requests a window per personal token, and per address on its routes
    apiPerToken: number; apiPerAddress: number;
  };
  // The lishogi-shaped API (issue 50): a stream's keep-alive newline (and revocation check) every keepAliveMs;
  // a program's seat in a game it neither streams nor commands stays present idleMs.
  api: { keepAliveMs: number; idleMs: number };
  // Challenges by name: open at once per sender; how long one stays open (a correspondence one longer);
  // how often the lapsed ones are closed (and both sides told).
  challenges: { perSender: number; realtimeMs: number; correspondenceMs: number; sweepMs: number };
  // A request's headers and body must have arrived within this: a slow or stalled client is answered 408.
  requestTimeoutMs: number;
  // Rooms a device is in and an address asked for, counted site-wide (apps/server/README.md "Room bounds");
  // room.create or a challenge's accept past either is refused (too-many-rooms). A room nobody is in, with no game running,
  // leaves memory after emptyForMs (it stays in the database, and comes back when someone enters).
  rooms: { perDevice: number; perAddress: number; emptyForMs: number };
  // A player's KIF export: games a request at most (the rest from its X-Next-Cursor), exports running at
  // once from one address, and exports an address may start a window.
  exports: { maxGames: number; perAddress: number; perWindow: number };
  publicOrigin: string | null; // 'https://chu.example'; null = the request's own scheme and host
  trustProxy: boolean;       // behind a reverse proxy: believe X-Forwarded-For/-Proto (client address, https)
  redisUrl: string | null;   // several processes serve one site: Socket.IO adapter, shared queues and rate-limit counters
  deviceIdleDays: number;    // a device unused this long no longer signs in
  healthTimeoutMs: number;   // /health/ready: storage must answer a trivial query within this
  maxMessageBytes: number;  // 16 KiB: an HTTP body, a socket message (refused past it; see FRAME_CAP)
  logLevel: string;          // pino level
  logFile: string | null;    // JSON log lines appended here; null = stdout
  cpuSeed: number;
  cpuPlayer: 'engine' | 'random'; // packages/engine, or the seeded random legal mover (tests)
  cpuWorkers: number | null; // engine worker threads; null = one per core but one (at least 1)
  cpuReplyMs: number | null; // a CPU reply comes within this however many games wait (within the turn's clock too); null = CpuDesk's 2.5 s
  leaseMs: number;           // with redisUrl: how long a room's owner holds it without renewing (failover time)
  forwardTimeoutMs: number;  // with redisUrl: a command sent to its room's owner is sent again if unanswered this long
  // Web Push: the VAPID subject push services may write to ('mailto:' or 'https:'), and a CA certificate
  // (PEM) trusted besides the usual ones for push services (a private relay; the tests' local service).
  // and the push services' hosts a browser's subscription may name (so the server never sends requests
  // to an address a user chose: an internal service, say). A host matches itself and its subdomains.
  push: { subject: string; ca: string | null; hosts: string[] };
}

/**
 * Socket frames up to this many times maxMessageBytes are read, so one past maxMessageBytes is refused
 * with a `too-large` error the client can show; beyond it the transport closes the connection unread
 * (a client of ours never sends one; the cap bounds what a socket can make the server hold).
 */
export const FRAME_CAP = 4;

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
    push: { subject: 'mailto:admin@localhost', ca: null, hosts: [...KNOWN_PUSH_SERVICES] },
    cpuDelayMs: 300,
    pingIntervalMs: 10_000,
    rateLimit: { capacity: 40, refillPerSecond: 10, spectatorRefillPerSecond: 3, newDeviceCapacity: 20, growMs: 10 * 60_000 },
    floods: { noticeEveryMs: 1000, dropAfterRefused: 60, refusedWindowMs: 10_000, holdBackMs: 60_000 },
    handshakes: { perAddress: 120, windowMs: 60_000 },
    httpLimits: { windowMs: 60_000, perAddress: 600, devices: 20, registers: 10, loginsPerAddress: 10, loginsPerAccountAddress: 5, loginsPerAccount: 50, challenges: 20, friends: 60, apiPerToken: 300, apiPerAddress: 300 },
    api: { keepAliveMs: 6_000, idleMs: 30_000 },
    challenges: { perSender: 3, realtimeMs: 10 * 60_000, correspondenceMs: 3 * 86_400_000, sweepMs: 5_000 },
    requestTimeoutMs: 10_000,
    rooms: { perDevice: 10, perAddress: 50, emptyForMs: 5 * 60_000 },
    exports: { maxGames: EXPORT_MAX_GAMES, perAddress: 2, perWindow: 20 },
    publicOrigin: null,
    trustProxy: false,
    redisUrl: null,
    deviceIdleDays: 180,
    healthTimeoutMs: 1000,
    maxMessageBytes: 16 * 1024,
    logLevel: 'info',
    logFile: null,
    cpuSeed: Date.now() >>> 0,
    cpuPlayer: 'engine',
    cpuWorkers: null,
    cpuReplyMs: null,
    leaseMs: 5_000, // renewed every quarter of it: a dead owner's rooms move on within ~5 s
    forwardTimeoutMs: 5_000,
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
    pingIntervalMs: num(env.CHU_PING_INTERVAL_MS, d.pingIntervalMs),
    logLevel: env.LOG_LEVEL || d.logLevel,
    logFile: env.LOG_FILE ? resolve(env.LOG_FILE) : d.logFile,
    cpuPlayer: env.CHU_CPU === 'random' ? 'random' : d.cpuPlayer,
    cpuWorkers: env.CPU_WORKERS ? positiveInteger('CPU_WORKERS', env.CPU_WORKERS) : d.cpuWorkers,
    cpuReplyMs: env.CHU_CPU_REPLY_MS ? positiveInteger('CHU_CPU_REPLY_MS', env.CHU_CPU_REPLY_MS) : d.cpuReplyMs,
    leaseMs: num(env.CHU_LEASE_MS, d.leaseMs),
    forwardTimeoutMs: num(env.CHU_FORWARD_TIMEOUT_MS, d.forwardTimeoutMs),
    rateLimit: {
      ...d.rateLimit,
      capacity: num(env.CHU_RATE_CAPACITY, d.rateLimit.capacity),
      refillPerSecond: num(env.CHU_RATE_REFILL, d.rateLimit.refillPerSecond),
      newDeviceCapacity: Math.min(num(env.CHU_RATE_CAPACITY, d.rateLimit.capacity), num(env.CHU_RATE_NEW_DEVICE, d.rateLimit.newDeviceCapacity)),
    },
    httpLimits: {
      ...d.httpLimits,
      perAddress: num(env.CHU_HTTP_PER_MINUTE, d.httpLimits.perAddress),
      devices: num(env.CHU_DEVICES_PER_MINUTE, d.httpLimits.devices),
    },
    handshakes: { ...d.handshakes, perAddress: num(env.CHU_HANDSHAKES_PER_MINUTE, d.handshakes.perAddress) },
    requestTimeoutMs: num(env.CHU_REQUEST_TIMEOUT_MS, d.requestTimeoutMs),
    rooms: {
      ...d.rooms,
      perDevice: num(env.CHU_ROOMS_PER_DEVICE, d.rooms.perDevice),
      perAddress: num(env.CHU_ROOMS_PER_ADDRESS, d.rooms.perAddress),
    },
    publicOrigin: env.PUBLIC_ORIGIN ? originOf(env.PUBLIC_ORIGIN) : d.publicOrigin,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    redisUrl: env.REDIS_URL || d.redisUrl,
    deviceIdleDays: num(env.DEVICE_IDLE_DAYS, d.deviceIdleDays),
    push: {
      subject: env.CHU_PUSH_SUBJECT || d.push.subject,
      ca: env.CHU_PUSH_CA ? readFileSync(resolve(env.CHU_PUSH_CA), 'utf8') : d.push.ca,
      hosts: env.CHU_PUSH_HOSTS ? env.CHU_PUSH_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean) : d.push.hosts,
    },
  };
}

// A worker count of 'four' or '2.5' is an operator's typo: say so at the start rather than run a pool
// of NaN threads whose every CPU move fails.
function positiveInteger(name: string, v: string): number {
  const n = Number(v.trim());
  if (!Number.isSafeInteger(n) || n < 1) throw new StartupError(`${name} must be a positive integer, not "${v}"`);
  return n;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new StartupError(`PUBLIC_ORIGIN is not a URL: ${url}`);
  }
}

/**
 * The site's Redis keys and streams start with this: processes on one database are one site, and
 * two sites (or two test servers) can share a Redis without ever seeing each other's traffic.
 */
export const sitePrefix = (config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string =>
  `chu:${createHash('sha256').update(config.databaseUrl ?? config.dataDir).digest('hex').slice(0, 12)}`;
