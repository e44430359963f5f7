import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { Matchmaker, type RankedDevice, type Seeking } from '../../src/ranked/Matchmaker.ts';
import { RatingBook } from '../../src/ranked/RatingBook.ts';
import { RedisSeekers } from '../../src/ranked/Seekers.ts';
import { Bots } from '../../src/identity/Bots.ts';
import { testDatabase, type TestDatabase } from '../support/testDatabase.ts';

// The ranked queue shared through Redis (several processes): what another process wrote is read
// back only if it is a seeker, and seekers are paired only within one control, whichever process
// they queued on. In the cluster project, which runs with REDIS_URL (CI's second run).
describe('the ranked queue in Redis', () => {
  let redis: Redis;
  let target: TestDatabase;
  let db: Database;
  const prefix = `chu-test-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    target = await testDatabase();
    db = await openDatabase({ ...target, migrationsDir: defaultConfig().migrationsDir });
  });
  afterAll(async () => {
    await redis.del(`${prefix}:ranked:queue`, `${prefix}:ranked:leader`, `${prefix}-pairs:ranked:queue`, `${prefix}-pairs:ranked:leader`);
    redis.disconnect();
    await db?.close();
    await target?.dispose();
  });

  it('pairs only real seekers: an entry that is not one (bad JSON, a missing field, an unknown or no control) is skipped and logged', async () => {
    const warned: unknown[] = [];
    const queue = new RedisSeekers(redis, 'self', prefix, 3000, { warn: (o: unknown) => { warned.push(o); } });
    const ana: Seeking = {
      id: 'socket-ana', accountId: 'user-ana', rating: 1500, since: 1_000, control: 'turn30',
      device: { id: 'device-ana', name: 'Kirin-ana', user: { id: 'user-ana', username: 'ana' } },
    };
    await queue.put(ana);
    const key = `${prefix}:ranked:queue`;
    const { control: _, ...controlless } = ana;
    await redis.hset(key, 'socket-junk', '{not json');
    await redis.hset(key, 'socket-nameless', JSON.stringify({ ...ana, id: 'socket-nameless', device: { id: 'd', name: 'x', user: null } }));
    await redis.hset(key, 'socket-slow', JSON.stringify({ ...ana, id: 'socket-slow', control: 'turn45' }));
    // a process of the version before controls queued by turnTime (null = untimed): not a seeker now
    await redis.hset(key, 'socket-untimed', JSON.stringify({ ...controlless, id: 'socket-untimed', turnTime: null }));
    expect(await queue.all()).toEqual([ana]);
    expect(warned.map((w) => (w as { socketId: string }).socketId).sort()).toEqual(['socket-junk', 'socket-nameless', 'socket-slow', 'socket-untimed']);
  });

  it('two processes share one queue: seekers of one control are paired across them, never seekers of two controls', async () => {
    const book = new RatingBook(db.prisma);
    const shared = `${prefix}-pairs`;
    const [a, b] = ['node-a', 'node-b'].map((node) => new Matchmaker(book, new Bots(db.prisma), new RedisSeekers(redis, node, shared)));
    const device = (name: string): RankedDevice => ({ id: `device-${name}`, name: `Kirin-${name}`, user: { id: `user-${name}`, username: name } });
    // name, the process it queues on, control
    const seekers = [
      ['ana', a, '10m+30b'], ['ben', b, 'corr3'], ['cara', b, '10m+30b'], ['dan', a, '30m+30f'], ['eve', b, 'turn30'],
    ] as const;
    for (const [name, node, control] of seekers) await node.join(`socket-${name}`, device(name), control);
    // whichever process leads pairs everyone (the other's round gives nothing)
    const matches = [...(await a.pair(Date.now())), ...(await b.pair(Date.now()))];
    expect(matches.map((m) => [m.control, [m.black.device.user.username, m.white.device.user.username].sort()])).toEqual([
      ['10m+30b', ['ana', 'cara']],
    ]);
    // the others wait, each in its own control's queue
    const waiting = await new RedisSeekers(redis, 'reader', shared).all();
    expect(waiting.map((e) => [e.device.user.username, e.control]).sort()).toEqual([['ben', 'corr3'], ['dan', '30m+30f'], ['eve', 'turn30']]);
  });
});
