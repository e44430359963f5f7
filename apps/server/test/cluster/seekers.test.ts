import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seeking } from '../../src/ranked/Matchmaker.ts';
import { RedisSeekers } from '../../src/ranked/Seekers.ts';

// The ranked queue shared through Redis (several processes): what another process wrote is read
// back only if it is a seeker. In the cluster project, which runs with REDIS_URL (CI's second run).
describe('the ranked queue in Redis', () => {
  let redis: Redis;
  const prefix = `chu-test-${randomBytes(4).toString('hex')}`;
  beforeAll(() => { redis = new Redis(process.env.REDIS_URL!); });
  afterAll(async () => {
    await redis.del(`${prefix}:ranked:queue`, `${prefix}:ranked:leader`);
    redis.disconnect();
  });

  it('pairs only real seekers: an entry that is not one (bad JSON, a missing field, a wrong turn time) is skipped and logged', async () => {
    const warned: unknown[] = [];
    const queue = new RedisSeekers(redis, 'self', prefix, 3000, { warn: (o: unknown) => { warned.push(o); } });
    const ana: Seeking = {
      id: 'socket-ana', accountId: 'user-ana', rating: 1500, since: 1_000, turnTime: 30,
      device: { id: 'device-ana', name: 'Kirin-ana', user: { id: 'user-ana', username: 'ana' } },
    };
    await queue.put(ana);
    const key = `${prefix}:ranked:queue`;
    await redis.hset(key, 'socket-junk', '{not json');
    await redis.hset(key, 'socket-nameless', JSON.stringify({ ...ana, id: 'socket-nameless', device: { id: 'd', name: 'x', user: null } }));
    await redis.hset(key, 'socket-slow', JSON.stringify({ ...ana, id: 'socket-slow', turnTime: 45 }));
    expect(await queue.all()).toEqual([ana]);
    expect(warned.map((w) => (w as { socketId: string }).socketId).sort()).toEqual(['socket-junk', 'socket-nameless', 'socket-slow']);
  });
});
