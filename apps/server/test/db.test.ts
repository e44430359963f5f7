import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { readMigrations } from '../src/db/migrator.ts';
import { testDatabase } from './support/testDatabase.ts';
import { defaultConfig } from '../src/config.ts';
import { Leases } from '../src/db/Leases.ts';
import { MovesAhead, Store, StaleOwner } from '../src/db/Store.ts';
import type { MoveRecord } from '../src/db/MoveWriter.ts';
import { recordResult } from '../src/ranked/RatingBook.ts';
import { DEFAULT_ROOM_OPTIONS, EMPTY_SEATS } from '@chu/protocol';

describe('database: migrations and every model round-trips', () => {
  let db: Database;
  let target: Awaited<ReturnType<typeof testDatabase>>;
  beforeAll(async () => {
    target = await testDatabase({ migrated: false });
    db = await openDatabase({ ...target, migrationsDir: defaultConfig().migrationsDir });
  });
  afterAll(async () => {
    await db?.close();
    await target?.dispose();
  });

  it('records migrations in _prisma_migrations as Prisma does', async () => {
    const files = await readMigrations(defaultConfig().migrationsDir);
    const rows = await db.prisma.$queryRawUnsafe<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number; id: string }[]>(
      'SELECT id, migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual(
      files.map((f) => [f.name, f.checksum, 1]),
    );
    expect(rows.every((r) => r.finished_at !== null && r.id.length === 36)).toBe(true);
  });

  it('migrating twice is a no-op', async () => {
    await db.close();
    db = await openDatabase({ ...target, migrationsDir: defaultConfig().migrationsDir });
    const n = await db.prisma.$queryRawUnsafe<{ n: bigint | number }[]>('SELECT count(*)::int AS n FROM "_prisma_migrations"');
    expect(Number(n[0].n)).toBe((await readMigrations(defaultConfig().migrationsDir)).length);
  });

  it('round-trips users, devices, ratings, rooms, games and moves', async () => {
    const p = db.prisma;
    const user = await p.user.create({ data: { id: 'u1', username: 'ana', passwordHash: 'scrypt$x' } });
    await p.rating.create({ data: { userId: user.id, pool: 'realtime' } });
    await p.device.create({ data: { id: 'd1', tokenHash: 'h1', name: 'Ana', userId: user.id } });
    await p.room.create({
      data: { id: 'r1', code: 'ABCDEF', hostDeviceId: 'd1', options: { turnTime: 30 }, seats: { black: { kind: 'empty' } } },
    });
    await p.game.create({
      data: { id: 'g1', roomId: 'r1', number: 1, options: { turnTime: 30 }, startSfen: 'sfen', seats: {}, turnStartedAt: new Date() },
    });
    await p.move.create({ data: { gameId: 'g1', ply: 0, usi: '7i7h', timeMs: 1234, ackId: 'a1', deviceId: 'd1' } });

    const back = await p.user.findUniqueOrThrow({
      where: { username: 'ana' },
      include: { devices: true, ratings: true },
    });
    expect(back.devices[0]).toMatchObject({ id: 'd1', tokenHash: 'h1', name: 'Ana' });
    expect(back.ratings).toEqual([expect.objectContaining({ pool: 'realtime', rating: 1500, deviation: 350, games: 0 })]);
    const game = await p.game.findUniqueOrThrow({ where: { id: 'g1' }, include: { moves: true, room: true } });
    expect(game).toMatchObject({ status: 'active', version: 0, rated: false, winner: null, options: { turnTime: 30 } });
    expect(game.room.code).toBe('ABCDEF');
    expect(game.moves[0]).toMatchObject({ ply: 0, usi: '7i7h', timeMs: 1234, byCpu: false, ackId: 'a1' });
    await expect(p.move.create({ data: { gameId: 'g1', ply: 0, usi: '7i7g', timeMs: 1 } })).rejects.toThrow();
  });

  it('round-trips rated games and their rating changes', async () => {
    const p = db.prisma;
    await p.user.create({ data: { id: 'u2', username: 'ben', passwordHash: 'scrypt$y' } });
    const ratedAt = new Date('2026-11-01T00:00:00Z');
    await p.rating.create({ data: { userId: 'u2', pool: 'correspondence', rating: 1620.5, deviation: 80, volatility: 0.059, ratedAt, wins: 3, draws: 1, losses: 2, games: 6 } });
    await p.game.create({
      data: {
        id: 'g2', roomId: 'r1', number: 2, options: {}, startSfen: 'sfen', seats: {}, rated: true, blackUserId: 'u1', whiteUserId: 'u2',
        status: 'finished', winner: null, reason: 'agreement', finishedAt: ratedAt,
      },
    });
    await p.gameRating.create({
      data: {
        gameId: 'g2', userId: 'u2', color: 'white', pool: 'correspondence', score: 0.5, ratingBefore: 1620.5, rdBefore: 80, volatilityBefore: 0.059,
        ratingAfter: 1611.25, rdAfter: 78.5, volatilityAfter: 0.0589, createdAt: ratedAt,
      },
    });
    const game = await p.game.findUniqueOrThrow({ where: { id: 'g2' }, include: { ratings: true, blackUser: true, whiteUser: { include: { ratings: true } } } });
    expect(game).toMatchObject({ rated: true, blackUser: { username: 'ana' }, whiteUser: { username: 'ben' } });
    expect(game.whiteUser?.ratings).toEqual([expect.objectContaining({ pool: 'correspondence', rating: 1620.5, deviation: 80, volatility: 0.059, ratedAt, wins: 3, draws: 1, losses: 2, games: 6 })]);
    expect(game.ratings).toEqual([
      expect.objectContaining({ userId: 'u2', color: 'white', pool: 'correspondence', score: 0.5, ratingBefore: 1620.5, rdAfter: 78.5, volatilityAfter: 0.0589, createdAt: ratedAt }),
    ]);
    // one rating change per player and game
    await expect(p.gameRating.create({
      data: { gameId: 'g2', userId: 'u2', color: 'white', pool: 'correspondence', score: 1, ratingBefore: 1, rdBefore: 1, volatilityBefore: 1, ratingAfter: 1, rdAfter: 1, volatilityAfter: 1 },
    })).rejects.toThrow();
  });

  it('round-trips chat messages, taken-back moves and room leases', async () => {
    const p = db.prisma;
    const chat = await p.chatMessage.create({ data: { roomId: 'r1', channel: 'players', deviceId: 'd1', name: 'Ana', text: '<b>hola</b>' } });
    const takenBack = await p.takenBackMove.create({
      data: { gameId: 'g1', ply: 1, usi: '7d7e', timeMs: 10, byCpu: true, ackId: null, deviceId: null, createdAt: new Date(0), version: 7 },
    });
    await p.roomLease.create({ data: { roomId: 'r1', owner: 'host:1:abc', token: 3n, expiresAt: new Date(1_000) } });
    const room = await p.room.findUniqueOrThrow({ where: { id: 'r1' }, include: { chat: true, lease: true, games: { include: { takenBack: true } } } });
    expect(room.chat).toEqual([chat]);
    expect(room.chat[0]).toMatchObject({ text: '<b>hola</b>', channel: 'players' });
    expect(room.lease).toMatchObject({ owner: 'host:1:abc', token: 3n, expiresAt: new Date(1_000) });
    expect(room.games.find((g) => g.id === 'g1')?.takenBack).toEqual([takenBack]);
    expect(room.muted).toEqual([]);
  });

  it('round-trips recovery codes and a deleted account (codes go with the account\'s row)', async () => {
    const p = db.prisma;
    const deletedAt = new Date(Date.UTC(2026, 11, 5));
    await p.user.create({ data: { id: 'u9', username: '~u9', passwordHash: '', deletedAt, recoveryCodes: { create: [{ codeHash: 'c1' }, { codeHash: 'c2' }] } } });
    const back = await p.user.findUniqueOrThrow({ where: { id: 'u9' }, include: { recoveryCodes: { orderBy: { codeHash: 'asc' } } } });
    expect(back).toMatchObject({ deletedAt, recoveryCodes: [{ codeHash: 'c1', userId: 'u9' }, { codeHash: 'c2', userId: 'u9' }] });
    await p.user.delete({ where: { id: 'u9' } });
    expect(await p.recoveryCode.count({ where: { userId: 'u9' } })).toBe(0);
  });

  it('round-trips API tokens with their scopes, a bot account, its rated challenge and its own pool\'s rating (all go with the account\'s row)', async () => {
    const p = db.prisma;
    // a person takes bots' challenges unless they say no (issue 50)
    await p.user.create({ data: { id: 'u7', username: 'shy', passwordHash: 'scrypt$x' } });
    expect(await p.user.findUniqueOrThrow({ where: { id: 'u7' }, select: { bot: true, botChallenges: true } })).toEqual({ bot: false, botChallenges: true });
    await p.user.update({ where: { id: 'u7' }, data: { botChallenges: false } });
    expect((await p.user.findUniqueOrThrow({ where: { id: 'u7' } })).botChallenges).toBe(false);
    await p.user.delete({ where: { id: 'u7' } });
    await p.user.create({ data: { id: 'u6', username: 'robo', passwordHash: 'scrypt$x', bot: true } });
    const createdAt = new Date(Date.UTC(2026, 11, 7));
    const token = { id: 't1', userId: 'u6', tokenHash: 'h_t1', description: 'my bot', scopes: ['bot:play', 'challenge:read'], createdAt, lastUsedAt: null };
    await p.apiToken.create({ data: token });
    await expect(p.apiToken.create({ data: { ...token, id: 't2' } })).rejects.toThrow(); // one row per hash
    expect(await p.apiToken.findUniqueOrThrow({ where: { tokenHash: 'h_t1' }, include: { user: { select: { bot: true } } } })).toEqual({ ...token, user: { bot: true } });
    // a bot's challenge may be rated; a challenge is casual unless it says so, and the bot's rating is in its own pool
    await p.user.create({ data: { id: 'u5', username: 'eve', passwordHash: 'scrypt$x' } });
    const challenge = { challengerDeviceId: 'api-u6', challengedId: 'u5', options: {}, color: 'white', expiresAt: createdAt };
    await p.challenge.create({ data: { id: 'c1', challengerId: 'u6', ...challenge, rated: true } });
    await p.challenge.create({ data: { id: 'c2', challengerId: 'u6', ...challenge } });
    expect((await p.challenge.findMany({ orderBy: { id: 'asc' }, select: { rated: true } })).map((c) => c.rated)).toEqual([true, false]);
    await p.rating.create({ data: { userId: 'u6', pool: 'bot', rating: 1620, games: 1, wins: 1 } });
    expect(await p.rating.findUniqueOrThrow({ where: { userId_pool: { userId: 'u6', pool: 'bot' } } })).toMatchObject({ rating: 1620, games: 1, wins: 1 });
    await p.user.delete({ where: { id: 'u6' } });
    await p.user.delete({ where: { id: 'u5' } });
    expect(await p.apiToken.count({ where: { userId: 'u6' } })).toBe(0);
    expect(await p.challenge.count()).toBe(0);
  });

  it('round-trips push subscriptions (one row per account and endpoint) and notifications with their collapse key', async () => {
    const p = db.prisma;
    for (const id of ['u7', 'u8']) await p.user.create({ data: { id, username: `push_${id}`, passwordHash: 'scrypt$x', devices: { create: [{ id: `d_${id}`, tokenHash: `h_${id}`, name: id }] } } });
    const sub = (userId: string) => ({ userId, deviceId: `d_${userId}`, endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh: 'k', auth: 'a', lang: 'en' });
    await p.pushSubscription.create({ data: sub('u7') });
    await p.pushSubscription.create({ data: sub('u8') }); // the same endpoint for another account: its own row
    await expect(p.pushSubscription.create({ data: sub('u7') })).rejects.toThrow();
    const back = await p.pushSubscription.findUniqueOrThrow({ where: { userId_endpoint: { userId: 'u8', endpoint: sub('u8').endpoint } } });
    expect(back).toMatchObject(sub('u8'));
    const payload = { kind: 'challenge', v: 1, challengeId: 'c1', from: 'ben' };
    const n = await p.notification.create({ data: { userId: 'u7', kind: 'challenge', payload, collapseKey: 'challenge:ben' } });
    expect(await p.notification.findUniqueOrThrow({ where: { id: n.id } })).toMatchObject({ userId: 'u7', payload, collapseKey: 'challenge:ben', onceKey: null, readAt: null });
  });

  it('round-trips lesson progress: one row per account or device and exercise, never both owners nor stars outside 1–3', async () => {
    const p = db.prisma;
    await p.user.create({ data: { id: 'u6', username: 'learner', passwordHash: 'scrypt$x', devices: { create: [{ id: 'd6', tokenHash: 'h6', name: 'L' }] } } });
    await p.lessonProgress.create({ data: { userId: 'u6', exercise: 'gold', stars: 3, moves: 2 } });
    await p.lessonProgress.create({ data: { deviceId: 'd6', exercise: 'gold', stars: 2, moves: 4 } });
    expect(await p.lessonProgress.findUniqueOrThrow({ where: { userId_exercise: { userId: 'u6', exercise: 'gold' } } })).toMatchObject({ deviceId: null, stars: 3, moves: 2 });
    expect(await p.lessonProgress.findUniqueOrThrow({ where: { deviceId_exercise: { deviceId: 'd6', exercise: 'gold' } } })).toMatchObject({ userId: null, stars: 2 });
    await expect(p.lessonProgress.create({ data: { userId: 'u6', exercise: 'gold', stars: 1, moves: 9 } })).rejects.toThrow();
    await expect(p.lessonProgress.create({ data: { userId: 'u6', deviceId: 'd6', exercise: 'rook', stars: 1, moves: 1 } })).rejects.toThrow();
    await expect(p.lessonProgress.create({ data: { exercise: 'rook', stars: 1, moves: 1 } })).rejects.toThrow();
    await expect(p.lessonProgress.create({ data: { userId: 'u6', exercise: 'rook', stars: 4, moves: 1 } })).rejects.toThrow();
    await p.user.delete({ where: { id: 'u6' } });
    expect(await p.lessonProgress.count({ where: { userId: 'u6' } })).toBe(0);
  });

  it('group commit: concurrent moves of many games are all stored; a bad one fails alone; a finished game takes no more', async () => {
    const store = new Store(db.prisma);
    const room = { id: 'r2', code: 'BCDEFG', hostDeviceId: 'd1', options: DEFAULT_ROOM_OPTIONS, seats: EMPTY_SEATS(), gameNumber: 0, muted: [] };
    await store.createRoom(room);
    const ids = Array.from({ length: 20 }, (_, i) => `bg${i}`);
    for (const [i, id] of ids.entries()) {
      await store.createGame({ id, roomId: 'r2', number: i + 1, options: DEFAULT_ROOM_OPTIONS, startSfen: 's', seats: EMPTY_SEATS() }, { ...room, gameNumber: i + 1 }, null, null);
    }
    const move = (gameId: string, ply: number, extra: Partial<MoveRecord> = {}): MoveRecord => ({
      gameId, ply, usi: '7i7h', timeMs: 5, byCpu: ply % 2 === 1, ackId: ply % 2 ? null : `a${ply}`, deviceId: null, version: ply + 1, fence: null, ...extra,
    });
    for (let ply = 0; ply < 3; ply++) {
      const results = await Promise.allSettled([
        ...ids.map((id) => ply === 2 && id === 'bg3'
          ? recordResult(store, { gameId: id, version: 4, outcome: { winner: 'white', reason: 'resign' }, finalMove: move(id, ply, { version: 4 }), fence: null })
          : store.appendMove(move(id, ply))),
        ...(ply === 1 ? [store.appendMove(move('bg0', 0))] : []), // duplicate ply: refused
      ]);
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(refused.length).toBe(ply === 1 ? 1 : 0);
      // the game in that writer's memory is behind the database: a reason to load it again, not to retry
      if (ply === 1) expect(refused[0]).toBeInstanceOf(MovesAhead);
    }
    const rows = await db.prisma.move.findMany({ where: { gameId: { in: ids } } });
    expect(rows.length).toBe(60);
    const games = await db.prisma.game.findMany({ where: { id: { in: ids } }, orderBy: { number: 'asc' } });
    expect(games.map((g) => g.version)).toEqual(ids.map((id) => (id === 'bg3' ? 4 : 3)));
    expect(games[3]).toMatchObject({ status: 'finished', winner: 'white', reason: 'resign' });
    expect(games[3].finishedAt).toBeInstanceOf(Date);
    expect(games[4]).toMatchObject({ status: 'active', winner: null, finishedAt: null });
    await expect(store.appendMove(move('bg3', 3, { version: 5 }))).rejects.toThrow(/stored 0 of 1/);
    await expect(recordResult(store, { gameId: 'bg3', version: 5, outcome: { winner: 'black', reason: 'resign' }, fence: null })).rejects.toThrow(/not in play/);
    // a final move into a ply already stored says the same
    await expect(recordResult(store, { gameId: 'bg4', version: 4, outcome: { winner: 'black', reason: 'royal-capture' }, finalMove: move('bg4', 2), fence: null }))
      .rejects.toBeInstanceOf(MovesAhead);
    expect(await store.lastGame('r2')).toMatchObject({ id: 'bg19', status: 'active', outcome: null, moves: [{ usi: '7i7h' }, { usi: '7i7h' }, { usi: '7i7h' }] });
  });

  it('room leases: a new owner after expiry gets a higher token, and the stale owner\'s writes are all refused', async () => {
    const store = new Store(db.prisma);
    const rec = { id: 'r3', code: 'CDEFGH', hostDeviceId: 'd1', options: DEFAULT_ROOM_OPTIONS, seats: EMPTY_SEATS(), gameNumber: 1, muted: [] };
    await store.createRoom(rec);
    const a = new Leases(db.prisma, 'proc-a', 60_000);
    const b = new Leases(db.prisma, 'proc-b', 60_000);
    const held = await a.acquire('r3');
    expect(held).toEqual({ token: 1 });
    const fenceA = 'token' in held ? held.token : null;
    await store.createGame({ id: 'lg', roomId: 'r3', number: 1, options: DEFAULT_ROOM_OPTIONS, startSfen: 's', seats: EMPTY_SEATS() }, rec, null, fenceA);
    expect(await b.acquire('r3')).toEqual({ owner: 'proc-a' }); // held: b cannot take it
    expect(await a.acquire('r3')).toEqual({ token: 1 });       // a again: same token
    expect(await b.orphans(50)).not.toContain('CDEFGH'); // other tests' rooms here have no owner at all

    // a stops renewing and its lease runs out (set in the past, so no test waits on the clock)
    await db.prisma.$executeRaw`UPDATE "room_leases" SET "expires_at" = now() - interval '1 second' WHERE "room_id" = 'r3'`;
    expect(await b.orphans(50)).toContain('CDEFGH');
    // run out but not yet taken: a's writes are refused all the same, though the room is not lost to it
    const move = (ply: number, fence: number | null) => ({ gameId: 'lg', ply, usi: '7i7h', timeMs: 1, byCpu: false, ackId: null, deviceId: null, version: ply + 1, fence });
    await expect(store.appendMove(move(0, fenceA))).rejects.toThrow(StaleOwner);
    await expect(store.addChat('r3', { channel: 'spectators', gameId: null, deviceId: 'd1', name: 'Ana', text: 'late' }, fenceA)).rejects.toThrow(StaleOwner);
    expect(await store.leaseLost('r3', fenceA)).toBe(false);
    const taken = await b.acquire('r3');
    expect(taken).toEqual({ token: 2 });
    const fenceB = 'token' in taken ? taken.token : null;

    expect(await store.leaseLost('r3', fenceA)).toBe(true);

    // a still believes it owns the room: nothing it writes lands, and each refusal says why (StaleOwner)
    await expect(store.appendMove(move(0, fenceA))).rejects.toThrow(StaleOwner);
    await expect(store.saveRoom({ ...rec, gameNumber: 9 }, fenceA)).rejects.toThrow(StaleOwner);
    await expect(store.setVersion('lg', 5, undefined, fenceA)).rejects.toThrow(StaleOwner);
    await expect(recordResult(store, { gameId: 'lg', version: 5, outcome: { winner: 'black', reason: 'resign' }, fence: fenceA })).rejects.toThrow(StaleOwner);
    await expect(store.takeBack('lg', 0, 5, fenceA)).rejects.toThrow(StaleOwner);
    await expect(store.addChat('r3', { channel: 'players', gameId: null, deviceId: 'd1', name: 'Ana', text: 'still here?' }, fenceA)).rejects.toThrow(StaleOwner);
    await expect(store.createGame(
      { id: 'lg2', roomId: 'r3', number: 2, options: DEFAULT_ROOM_OPTIONS, startSfen: 's', seats: EMPTY_SEATS() }, { ...rec, gameNumber: 2 }, null, fenceA,
    )).rejects.toThrow(StaleOwner);
    expect(await a.renew(new Map([['r3', fenceA]]))).toEqual(new Set());
    expect(await db.prisma.move.count({ where: { gameId: 'lg' } })).toBe(0);
    expect(await db.prisma.chatMessage.count({ where: { roomId: 'r3' } })).toBe(0);
    expect(await db.prisma.game.findMany({ where: { roomId: 'r3' }, select: { id: true, version: true, status: true } }))
      .toEqual([{ id: 'lg', version: 0, status: 'active' }]);
    expect(await db.prisma.room.findUniqueOrThrow({ where: { id: 'r3' } })).toMatchObject({ gameNumber: 1 });

    // the new owner writes as usual
    await store.appendMove(move(0, fenceB));
    await store.saveRoom({ ...rec, gameNumber: 2 }, fenceB);
    expect(await b.renew(new Map([['r3', fenceB]]))).toEqual(new Set(['r3']));
    expect(await db.prisma.roomLease.findUniqueOrThrow({ where: { roomId: 'r3' } })).toMatchObject({ owner: 'proc-b', token: 2n });
    await b.release('r3', fenceB);
    expect(await a.orphans(50)).toContain('CDEFGH');
  });

  it("round-trips puzzle ratings, an account's puzzle rating and its attempts (gone with the account)", async () => {
    const p = db.prisma;
    await p.user.create({ data: { id: 'u-puz', username: 'pia', passwordHash: 'scrypt$p' } });
    await p.puzzleRating.create({ data: { puzzleId: 'abc123', rating: 1250 } });
    await p.puzzlePlayerRating.create({ data: { userId: 'u-puz', rating: 1510, attempts: 1, solved: 1 } });
    await p.puzzleAttempt.create({
      data: { userId: 'u-puz', puzzleId: 'abc123', solved: true, moves: ['7e6d', '6d7b'], ratingBefore: 1500, ratingAfter: 1510, puzzleRatingBefore: 1250, puzzleRatingAfter: 1240 },
    });
    const back = await p.user.findUniqueOrThrow({ where: { id: 'u-puz' }, include: { puzzleRating: true, puzzleAttempts: { include: { puzzle: true } } } });
    expect(back.puzzleRating).toMatchObject({ rating: 1510, deviation: 350, volatility: 0.06, ratedAt: null, attempts: 1, solved: 1 });
    expect(back.puzzleAttempts[0]).toMatchObject({ solved: true, moves: ['7e6d', '6d7b'], ratingAfter: 1510, puzzleRatingAfter: 1240, puzzle: { rating: 1250, plays: 0 } });
    await expect(p.puzzleAttempt.create({
      data: { userId: 'u-puz', puzzleId: 'abc123', solved: false, moves: [], ratingBefore: 1, ratingAfter: 1, puzzleRatingBefore: 1, puzzleRatingAfter: 1 },
    })).rejects.toThrow(); // one rated attempt per account and puzzle
    await p.user.delete({ where: { id: 'u-puz' } });
    expect(await p.puzzleAttempt.count({ where: { userId: 'u-puz' } })).toBe(0);
    expect(await p.puzzleRating.count({ where: { puzzleId: 'abc123' } })).toBe(1);
  });
});
