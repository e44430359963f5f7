import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { Server as SocketServer } from 'socket.io';
import { sitePrefix, type ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { Leases, LeaseTable, soleOwner, type LeaseHolder, type Ownership } from './db/Leases.ts';
import { aloneChanges, RedisChanges, type IdentityChanges } from './identity/IdentityChanges.ts';
import type { Logger } from './log.ts';
import { MemorySeekers, RedisSeekers, type Seekers } from './ranked/Seekers.ts';
import { StartupError } from './startup.ts';

/** What differs between one process alone and several serving one site. */
export interface Cluster {
  self: string;              // this process among the site's: 'host:pid:random'
  ownership: Ownership;
  /** Who runs which tournament (pairing, rounds): as rooms are owned. */
  tournamentLeases: LeaseHolder;
  seekers: Seekers;
  identityChanges: IdentityChanges;
  close(): void;
}

/**
 * Alone (no REDIS_URL): this process owns every room and keeps the ranked queue in memory.
 * With REDIS_URL: Socket.IO's Redis Streams adapter carries every broadcast and forwarded command
 * between processes, rooms are owned through leases in Postgres (with fencing tokens), and the
 * ranked queue lives in Redis, and a change to a device (token, account, name) reaches every process's
 * identity cache and sockets over a pub/sub channel.
 */
export async function openCluster(config: ServerConfig, db: Database, io: SocketServer, redis: Redis | null, log: Logger): Promise<Cluster> {
  const self = processName();
  if (!redis) return { self, ownership: soleOwner, tournamentLeases: soleOwner, seekers: new MemorySeekers(), identityChanges: aloneChanges, close: () => {} };
  if (db.kind !== 'postgres') throw new StartupError('several processes need Postgres: set DATABASE_URL along with REDIS_URL');
  const prefix = sitePrefix(config);
  // The adapter's own connection queues while Redis is away (the shared one fails fast, for the rate
  // limits): its stream reader then waits for Redis instead of spinning, and broadcasts go out late
  // rather than never.
  const adapterRedis = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  adapterRedis.on('error', () => {}); // the shared client already says when Redis is unreachable
  const { createAdapter } = await import('@socket.io/redis-streams-adapter'); // loaded only by a process among several
  io.adapter(createAdapter(adapterRedis, { streamName: `${prefix}:io`, channelPrefix: `${prefix}:io` }));
  log.info({ self }, 'serving with other processes (Redis + Postgres)');
  const identityChanges = new RedisChanges(redis, prefix, log);
  return {
    self,
    ownership: new Leases(db.prisma, self, config.leaseMs),
    tournamentLeases: new LeaseTable(db.prisma, self, config.leaseMs, 'tournament_leases'),
    seekers: new RedisSeekers(redis, self, prefix, undefined, log),
    identityChanges,
    close: () => identityChanges.close(),
  };
}

/** A name for this process, unique across the site's machines and restarts. */
export const processName = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
