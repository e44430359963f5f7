// Writes the database refuses because this process's picture of a room is out of date. They are not
// storage failures: the room must be dropped (another process owns it now) or read again from the
// database (it holds what this process missed). See rooms/Room.ts, which turns them into a refusal.

/**
 * A write by a process that no longer holds the room's lease was refused (see Leases): the lease has
 * another owner's token, or it ran out before the write.
 */
export class StaleOwner extends Error {
  constructor(readonly roomId: string) { super(`room ${roomId} has another owner: write refused`); }
}

/**
 * A move went into a ply the database already holds (moves_pkey): the game in this process's memory is
 * behind the stored one. Storing it again can never succeed; the room must load the game afresh.
 */
export class MovesAhead extends Error {
  constructor(readonly gameId: string, readonly ply: number) {
    super(`game ${gameId} already has a move at ply ${ply}: memory is behind the database`);
  }
}

/** Postgres refused a duplicate (game_id, ply), through any Prisma call (raw or model). */
export function isMovesConflict(err: unknown): boolean {
  const cause = (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } } } | null)
    ?.meta?.driverAdapterError?.cause;
  return cause?.originalCode === '23505' && typeof cause.originalMessage === 'string' && cause.originalMessage.includes('moves_pkey');
}
