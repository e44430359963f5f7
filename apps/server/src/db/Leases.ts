import { Prisma } from '../generated/prisma/client.ts';
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

/** Holding things (rooms, tournaments) one process at a time: the part of Ownership that is only leases. */
export interface LeaseHolder {
  readonly self: string;
  acquire(id: string): Promise<Held | HeldBy>;
  /** The ones (of those given) this process still holds; it holds them for another lease period. */
  renew(held: ReadonlyMap<string, number | null>): Promise<Set<string>>;
  release(id: string, token: number | null): Promise<void>;
}

/**
 * A lease table in Postgres with fencing tokens (room_leases, tournament_leases): a thing is taken when
 * its lease is free, expired or already ours; a change of owner increments the token, and every write of
 * its state checks it (Store's `fenced`, MoveWriter; TournamentStore's), so a process that lost it
 * cannot write to it any more, whatever it believes. Those writes hold the lease row FOR SHARE until
 * they commit, and `acquire`'s ON CONFLICT DO UPDATE needs that row exclusively: a takeover waits for
 * the old owner's writes in flight, so the new owner loads the state with them, or they see the new
 * token and store nothing.
 */
export class LeaseTable implements LeaseHolder {
  private readonly table: Prisma.Sql;
  private readonly key: Prisma.Sql;

  constructor(private readonly prisma: PrismaClient, readonly self: string, private readonly ttlMs: number, table: 'room_leases' | 'tournament_leases') {
    this.table = Prisma.raw(`"${table}"`);
    this.key = Prisma.raw(table === 'room_leases' ? '"room_id"' : '"tournament_id"');
  }

  async acquire(id: string): Promise<Held | HeldBy> {
    const { table: t, key: k } = this;
    const rows = await this.prisma.$queryRaw<{ token: bigint }[]>`
      INSERT INTO ${t} (${k}, "owner", "token", "expires_at")
      VALUES (${id}, ${this.self}, 1, now() + ${this.ttlMs} * interval '1 millisecond')
      ON CONFLICT (${k}) DO UPDATE SET
        "owner" = EXCLUDED."owner",
        "token" = CASE WHEN ${t}."owner" = EXCLUDED."owner" THEN ${t}."token" ELSE ${t}."token" + 1 END,
        "expires_at" = EXCLUDED."expires_at"
      WHERE ${t}."owner" = EXCLUDED."owner" OR ${t}."expires_at" < now()
      RETURNING "token"`;
    if (rows.length === 1) return { token: Number(rows[0].token) };
    const holder = await this.prisma.$queryRaw<{ owner: string }[]>`SELECT "owner" FROM ${t} WHERE ${k} = ${id}`;
    // it expired and was deleted between the two statements: try once more
    return holder[0] ? { owner: holder[0].owner } : this.acquire(id);
  }

  async renew(held: ReadonlyMap<string, number | null>): Promise<Set<string>> {
    if (held.size === 0) return new Set();
    const { table: t, key: k } = this;
    const ids = [...held.keys()];
    const tokens = ids.map((id) => held.get(id) ?? 0);
    // Locked in id order, as the move writer locks rooms (MoveWriter.write): a renewal and a batch of
    // moves that share rooms wait for each other instead of deadlocking.
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      WITH mine AS MATERIALIZED (
        SELECT l.${k} AS id FROM ${t} l
        JOIN unnest(${ids}::text[], ${tokens}::bigint[]) AS h(id, token) ON l.${k} = h.id AND l."token" = h.token
        WHERE l."owner" = ${this.self}
        ORDER BY l.${k}
        FOR NO KEY UPDATE OF l
      )
      UPDATE ${t} AS l SET "expires_at" = now() + ${this.ttlMs} * interval '1 millisecond'
      FROM mine WHERE l.${k} = mine.id
      RETURNING l.${k} AS id`;
    return new Set(rows.map((r) => r.id));
  }

  async release(id: string, token: number | null): Promise<void> {
    if (token === null) return;
    await this.prisma.$executeRaw`
      UPDATE ${this.table} SET "expires_at" = now() - interval '1 millisecond'
      WHERE ${this.key} = ${id} AND "token" = ${token} AND "owner" = ${this.self}`;
  }
}

/** Rooms' leases (room_leases): who owns which room, which active games lost their owner. */
export class Leases implements Ownership {
  private readonly leases: LeaseTable;

  constructor(private readonly prisma: PrismaClient, readonly self: string, ttlMs: number) {
    this.leases = new LeaseTable(prisma, self, ttlMs, 'room_leases');
  }

  acquire(roomId: string): Promise<Held | HeldBy> { return this.leases.acquire(roomId); }
  renew(held: ReadonlyMap<string, number | null>): Promise<Set<string>> { return this.leases.renew(held); }
  release(roomId: string, token: number | null): Promise<void> { return this.leases.release(roomId, token); }

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
