import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type PrismaClient } from '../../src/db/database.ts';
import { testDatabase } from '../support/testDatabase.ts';
import { defaultConfig } from '../../src/config.ts';
import { Leases } from '../../src/db/Leases.ts';
import { Store, StaleOwner } from '../../src/db/Store.ts';
import { DEFAULT_ROOM_OPTIONS, EMPTY_SEATS } from '@chu/protocol';

if (!process.env.DATABASE_URL) throw new Error('the postgres project needs DATABASE_URL');

// Two processes at once need two connections: Postgres only (PGlite has one), so these are in the
// postgres project, which runs when DATABASE_URL is given (CI's second run).
describe('fencing: a stale write and a takeover at the same moment', () => {
  let db: Database;
  let target: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    target = await testDatabase();
    db = await openDatabase({ ...target, migrationsDir: defaultConfig().migrationsDir });
  });
  afterAll(async () => {
    await db?.close();
    await target?.dispose();
  });

  const gate = () => { let open!: () => void; const shut = new Promise<void>((r) => { open = r; }); return { shut, open }; };
  // A statement of this database waiting for a row lock: the other side is blocked, as it should be.
  const lockWaits = async () => Number((await db.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0].n);
  // ...or until the side that should wait went through (then the test's next expectation fails)
  const untilWaiting = async (through: () => boolean) => {
    while (!through() && (await lockWaits()) === 0) await new Promise((r) => setTimeout(r, 20));
  };
  const room = async (id: string, code: string, ttlMs = 60_000) => {
    const store = new Store(db.prisma);
    const rec = { id, code, hostDeviceId: 'd1', options: DEFAULT_ROOM_OPTIONS, seats: EMPTY_SEATS(), gameNumber: 1, muted: [] };
    await store.createRoom(rec);
    const held = await new Leases(db.prisma, 'proc-a', ttlMs).acquire(id);
    const fenceA = 'token' in held ? held.token : null;
    await store.createGame({ id: `${id}g`, roomId: id, number: 1, options: DEFAULT_ROOM_OPTIONS, startSfen: 's', seats: EMPTY_SEATS() }, rec, null, fenceA);
    return { store, fenceA, gameId: `${id}g` };
  };

  it('a write still in its transaction holds the takeover back: it lands before the new owner reads, never after', async () => {
    const { fenceA, gameId } = await room('r5', 'EFGHIJ', 1000);
    const order: string[] = [];
    const g = gate();
    const written = gate();
    // a's result is written while its lease holds, and its transaction stays open (a slow commit)
    const write = db.prisma.$transaction(async (tx) => {
      await Store.markFinished(tx, gameId, 1, { winner: 'black', reason: 'resign' }, new Date(), fenceA);
      written.open();
      await g.shut;
    }, { timeout: 30_000 }).then(() => order.push('write committed'));
    await written.shut;
    // meanwhile a's lease runs out (a plain read: it takes no lock)
    while (!(await db.prisma.$queryRaw<{ out: boolean }[]>`SELECT "expires_at" < now() AS "out" FROM "room_leases" WHERE "room_id" = 'r5'`)[0].out) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const takeover = new Leases(db.prisma, 'proc-b', 60_000).acquire('r5').then((t) => { order.push('taken over'); return t; });
    await untilWaiting(() => order.length > 0); // the takeover's UPDATE of the lease waits for a's lock
    expect(order).toEqual([]);
    g.open();
    await write;
    expect(await takeover).toEqual({ token: 2 });
    expect(order).toEqual(['write committed', 'taken over']);
    // what the new owner loads has a's write in it
    expect(await db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'finished', version: 1 });
  });

  it('a write that meets a takeover in flight waits for it, then is refused; only the new owner\'s writes land', async () => {
    const { store, fenceA, gameId } = await room('r6', 'FGHIJK');
    const g = gate();
    const started = gate();
    // a's transaction began while its lease still held (its now() is from then), and writes late
    const late = db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      started.open();
      await g.shut;
      return Store.markFinished(tx, gameId, 1, { winner: 'white', reason: 'resign' }, new Date(), fenceA);
    }, { timeout: 30_000 });
    let lateDone = false;
    const lateRefused = expect(late.finally(() => { lateDone = true; })).rejects.toThrow(StaleOwner);
    await started.shut;
    // the lease runs out after a's transaction began (so by a's now() it still holds)
    await db.prisma.$executeRaw`UPDATE "room_leases" SET "expires_at" = clock_timestamp() WHERE "room_id" = 'r6'`;
    // b takes the room over in a transaction of its own that has not committed yet
    const t = gate();
    let fenceB: number | null = null;
    const takeover = db.prisma.$transaction(async (tx) => {
      const taken = await new Leases(tx as unknown as PrismaClient, 'proc-b', 60_000).acquire('r6');
      fenceB = 'token' in taken ? taken.token : null;
      await t.shut;
    }, { timeout: 30_000 });
    while (fenceB === null) await new Promise((r) => setTimeout(r, 20));
    g.open(); // a writes now: it waits for the takeover's row lock, then reads the lease b left
    await untilWaiting(() => lateDone);
    t.open();
    await takeover;
    await lateRefused;
    // and a's moves are refused from now on
    await expect(store.appendMove({ gameId, ply: 0, usi: '7i7h', timeMs: 1, byCpu: false, ackId: null, deviceId: null, version: 1, fence: fenceA }))
      .rejects.toThrow(StaleOwner);
    expect(fenceB).toBe(2);
    expect(await db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'active', version: 0 });
    expect(await db.prisma.move.count({ where: { gameId } })).toBe(0);
    await store.appendMove({ gameId, ply: 0, usi: '7i7h', timeMs: 1, byCpu: false, ackId: null, deviceId: null, version: 1, fence: fenceB });
    expect(await db.prisma.move.count({ where: { gameId } })).toBe(1);
  });

  it('a batch of moves that meets a change of token in flight waits for it, re-reads the lease and stores nothing', async () => {
    const { store, fenceA, gameId } = await room('r7', 'GHIJKL');
    // the token moves on in a transaction not yet committed, while the lease still looks valid to a
    // statement that started before (what a takeover is to a move already on its way)
    const t = gate();
    const changed = gate();
    const takeover = db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "room_leases" SET "token" = "token" + 1, "owner" = 'proc-b' WHERE "room_id" = 'r7'`;
      changed.open();
      await t.shut;
    }, { timeout: 30_000 });
    await changed.shut;
    let moveDone = false;
    const move = store.appendMove({ gameId, ply: 0, usi: '7i7h', timeMs: 1, byCpu: false, ackId: null, deviceId: null, version: 1, fence: fenceA })
      .finally(() => { moveDone = true; });
    const moveRefused = expect(move).rejects.toThrow(StaleOwner);
    await untilWaiting(() => moveDone); // the move's statement waits for the lease row
    expect(moveDone).toBe(false);
    t.open();
    await takeover;
    await moveRefused;
    expect(await db.prisma.move.count({ where: { gameId } })).toBe(0);
    expect(await db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ version: 0 });
  });
});
