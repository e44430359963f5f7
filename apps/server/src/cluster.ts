import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { Leases, soleOwner, type Ownership } from './db/Leases.ts';
import type { Logger } from './log.ts';
import { MemorySeekers, RedisSeekers, type Seekers } from './ranked/Seekers.ts';
import { StartupError } from './startup.ts';

/** What differs between one process alone and several serving one site. */
export interface Cluster {
  ownership: Ownership;
  seekers: Seekers;
}

/**
 * Alone (no REDIS_URL): this process owns every room and keeps the ranked queue in memory.
 * With REDIS_URL: Socket.IO's Redis Streams adapter carries every broadcast and forwarded command
 * between processes, rooms are owned through leases in Postgres (with fencing tokens), and the
 * ranked queue lives in Redis.
 */
export function openCluster(config: ServerConfig, db: Database, io: SocketServer, redis: Redis | null, log: Logger): Cluster {
  if (!redis) return { ownership: soleOwner, seekers: new MemorySeekers() };
  if (db.kind !== 'postgres') throw new StartupError('several processes need Postgres: set DATABASE_URL along with REDIS_URL');
  const self = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const prefix = config.redisPrefix;
  io.adapter(createAdapter(redis, { streamName: `${prefix}:io`, channelPrefix: `${prefix}:io` }));
  log.info({ self }, 'serving with other processes (Redis + Postgres)');
  return {
    ownership: new Leases(db.prisma, self, config.leaseMs),
    seekers: new RedisSeekers(redis, self, prefix),
  };
}
