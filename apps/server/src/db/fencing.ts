import { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from './database.ts';
import { StaleOwner } from './refusals.ts';

// Fencing (see Leases): every write of a room's or a tournament's state carries its owner's lease token,
// and the database refuses it once the lease has another token or has run out. One clause says what
// "the owner still holds it" is, for the room's writes (Store, MoveWriter's refusals) and the
// tournament runner's (TournamentStore); MoveWriter's batch locks its many rooms' rows in one CTE of its own.

/** The lease tables that fence writes, with the column that names what they lease. */
const LEASES = {
  room: Prisma.sql`"room_leases" l WHERE l."room_id"`,
  tournament: Prisma.sql`"tournament_leases" l WHERE l."tournament_id"`,
} as const;

/** The lease row of `id` that still carries `token` and has not run out. */
const heldRow = (lease: keyof typeof LEASES, id: Prisma.Sql, token: number): Prisma.Sql =>
  Prisma.sql`SELECT 1 FROM ${LEASES[lease]} = ${id} AND l."token" = ${token} AND l."expires_at" > now()`;

/**
 * The owner still holds it: a condition for a write's WHERE. The lease row is locked FOR SHARE until the
 * write's transaction ends: a takeover (an UPDATE of that row, Leases.acquire) waits for a write already
 * past this check, and a write that meets a takeover re-reads the row (READ COMMITTED) and sees the new
 * token. `null`: one process owns everything, nothing to check.
 */
export const holds = (lease: keyof typeof LEASES, id: Prisma.Sql, token: number | null): Prisma.Sql =>
  token === null ? Prisma.sql`TRUE` : Prisma.sql`EXISTS (${heldRow(lease, id, token)} FOR SHARE)`;

/** A room's write: `holds('room', …)`. */
export const fenced = (roomId: Prisma.Sql, fence: number | null): Prisma.Sql => holds('room', roomId, fence);

/**
 * After a fenced write stored nothing: the room's id when the fence is why (the lease has another
 * token, or ran out), null when it still holds (the game was not in play: a bug of the caller's).
 */
export async function staleFence(db: Pick<PrismaClient, '$queryRaw'>, gameId: string, fence: number): Promise<string | null> {
  const rows = await db.$queryRaw<{ room_id: string; held: boolean }[]>`
    SELECT g."room_id", EXISTS (${heldRow('room', Prisma.sql`g."room_id"`, fence)}) AS "held"
    FROM "games" g WHERE g."id" = ${gameId}`;
  return rows.length === 1 && !rows[0].held ? rows[0].room_id : null;
}

/** A fenced write of a game's changed nothing: StaleOwner when the fence is why, else `otherwise` (a bug). */
export async function refusal(db: Pick<PrismaClient, '$queryRaw'>, gameId: string, fence: number | null, otherwise: string): Promise<Error> {
  const stale = fence === null ? null : await staleFence(db, gameId, fence);
  return stale ? new StaleOwner(stale) : new Error(otherwise);
}
