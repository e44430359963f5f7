import type { PrismaClient } from './database.ts';

/** Holding a room: the fencing token this owner's writes carry (null: one process owns everything). */
export type Held = { token: number | null };
/** Someone else holds it. */
export type HeldBy = { owner: string };

/** Who owns which room. One process alone owns them all; several share the database through leases. */
export interface Ownership {
  readonly self: string;
  acquire(roomId: string): Promise<Held | HeldBy>;
  /** The rooms (of those given) this process still holds; it holds them for another lease period. */
  renew(held: ReadonlyMap<string, number | null>): Promise<Set<string>>;
  release(roomId: string, token: number | null): Promise<void>;
  /** Rooms with a game in play whose owner is gone (lease expired or never taken). */
  orphans(limit: number): Promise<string[]>;
  /** Who holds the room now (by code), without taking it: null when nobody's lease is current. */
  holderOf(code: string): Promise<string | null>;
}

export const soleOwner: Ownership = {
  self: 'local',
  acquire: async () => ({ token: null }),
  renew: async (held) => new Set(held.keys()),
  release: async () => {},
  orphans: async () => [],
  holderOf: async () => 'local',
};

/**
 * Leases in Postgres with fencing tokens: a room is taken when its lease is free, expired or already
 * ours; a change of owner increments the token, and every write of a room's state checks it
 * (Store's `fenced`, MoveWriter), so a process that lost a room cannot write to it any more, whatever
 * it believes. Those writes hold the lease row FOR SHARE until they commit, and `acquire`'s
 * ON CONFLICT DO UPDATE needs that row exclusively: a takeover waits for the old owner's writes in
 * flight, so the new owner loads the game with them, or they see the new token and store nothing.
 */
export class Leases implements Ownership {
  constructor(private readonly prisma: PrismaClient, readonly self: string, private readonly ttlMs: number) {}

  async acquire(roomId: string): Promise<Held | HeldBy> {
    const rows = await this.prisma.$queryRaw<{ token: bigint }[]>`
      INSERT INTO "room_leases" ("room_id", "owner", "token", "expires_at")
      VALUES (${roomId}, ${this.self}, 1, now() + ${this.ttlMs} * interval '1 millisecond')
      ON CONFLICT ("room_id") DO UPDATE SET
        "owner" = EXCLUDED."owner",
        "token" = CASE WHEN "room_leases"."owner" = EXCLUDED."owner" THEN "room_leases"."token" ELSE "room_leases"."token" + 1 END,
        "expires_at" = EXCLUDED."expires_at"
      WHERE "room_leases"."owner" = EXCLUDED."owner" OR "room_leases"."expires_at" < now()
      RETURNING "token"`;
    if (rows.length === 1) return { token: Number(rows[0].token) };
    const holder = await this.prisma.roomLease.findUnique({ where: { roomId }, select: { owner: true } });
    // it expired and was deleted between the two statements: try once more
    return holder ? { owner: holder.owner } : this.acquire(roomId);
  }

  async renew(held: ReadonlyMap<string, number | null>): Promise<Set<string>> {
    if (held.size === 0) return new Set();
    const ids = [...held.keys()];
    const tokens = ids.map((id) => held.get(id) ?? 0);
    // Locked in room order, as the move writer locks them (MoveWriter.write): a renewal and a batch of
    // moves that share rooms wait for each other instead of deadlocking.
    const rows = await this.prisma.$queryRaw<{ room_id: string }[]>`
      WITH mine AS MATERIALIZED (
        SELECT l."room_id" FROM "room_leases" l
        JOIN unnest(${ids}::text[], ${tokens}::bigint[]) AS h(room_id, token) ON l."room_id" = h.room_id AND l."token" = h.token
        WHERE l."owner" = ${this.self}
        ORDER BY l."room_id"
        FOR NO KEY UPDATE OF l
      )
      UPDATE "room_leases" AS l SET "expires_at" = now() + ${this.ttlMs} * interval '1 millisecond'
      FROM mine WHERE l."room_id" = mine."room_id"
      RETURNING l."room_id"`;
    return new Set(rows.map((r) => r.room_id));
  }

  async release(roomId: string, token: number | null): Promise<void> {
    if (token === null) return;
    await this.prisma.$executeRaw`
      UPDATE "room_leases" SET "expires_at" = now() - interval '1 millisecond'
      WHERE "room_id" = ${roomId} AND "token" = ${token} AND "owner" = ${this.self}`;
  }

  async orphans(limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ code: string }[]>`
      SELECT DISTINCT r."code" FROM "games" g
      JOIN "rooms" r ON r."id" = g."room_id"
      LEFT JOIN "room_leases" l ON l."room_id" = g."room_id"
      WHERE g."status" = 'active' AND (l."room_id" IS NULL OR l."expires_at" < now())
      LIMIT ${limit}`;
    return rows.map((r) => r.code);
  }

  async holderOf(code: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<{ owner: string }[]>`
      SELECT l."owner" FROM "room_leases" l JOIN "rooms" r ON r."id" = l."room_id"
      WHERE r."code" = ${code} AND l."expires_at" > now()`;
    return rows[0]?.owner ?? null;
  }
}
