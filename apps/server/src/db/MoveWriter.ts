import type { PrismaClient } from './database.ts';
/** Both sides' clocks as stored with a move. */
export interface StoredClock { blackMs: number; blackPeriods: number; whiteMs: number; whitePeriods: number }

import { refusal } from './fencing.ts';
import { isMovesConflict, MovesAhead } from './refusals.ts';

/** One move as stored. A move that ends the game is not written here: Store.finish stores it with the result (Store.insertMove). */
export interface MoveRecord {
  gameId: string;
  ply: number;
  usi: string;
  timeMs: number;
  clock?: StoredClock | null; // both clocks after the move; absent when untimed
  lagMs?: number | null;      // transport lag credited back to the mover
  at?: Date;                  // when the server measured the move: the next turn starts then (default: the write's time)
  byCpu: boolean;
  ackId: string | null;
  deviceId: string | null;
  version: number; // game version after this move
  fence: number | null; // the room owner's lease token (see Leases); null: one process owns everything
}

// Group commit for moves: every move waiting while a write is in flight goes into the next statement,
// so under load one commit carries many games' moves. Each caller still waits for its own commit.
// (A game never has two moves here at once: its room queue waits for the first.)
export class MoveWriter {
  private pending: { move: MoveRecord; settle: (err?: unknown) => void }[] = [];
  private writers = 0;

  // Up to `concurrency` statements in flight, so a move never waits for a whole earlier commit.
  constructor(private readonly prisma: PrismaClient, private readonly concurrency = 1, private readonly maxBatch = 500) {}

  append(move: MoveRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ move, settle: (err) => (err ? reject(err) : resolve()) });
      if (this.writers < this.concurrency) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writers++;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        if (batch.length === 1) { await this.writeAlone(batch[0]); continue; }
        let stored: Set<string>;
        try {
          stored = await this.write(batch.map((b) => b.move));
        } catch {
          // One bad row (a ply already stored) fails the whole statement: the others go again one by one.
          for (const b of batch) await this.writeAlone(b);
          continue;
        }
        // The statement stored what it could; each move it skipped is told why.
        for (const b of batch) {
          if (stored.has(b.move.gameId)) b.settle();
          else await this.refusal(b.move).then(b.settle, b.settle);
        }
      }
    } finally {
      this.writers--;
    }
  }

  private async writeAlone(b: { move: MoveRecord; settle: (err?: unknown) => void }): Promise<void> {
    try {
      if ((await this.write([b.move])).has(b.move.gameId)) return b.settle();
    } catch (err) {
      return b.settle(isMovesConflict(err) ? new MovesAhead(b.move.gameId, b.move.ply) : err);
    }
    await this.refusal(b.move).then(b.settle, b.settle);
  }

  /** Why a move that its statement skipped was not stored: a fence that no longer holds, or a game not in play. */
  private refusal(move: MoveRecord): Promise<Error> {
    return refusal(this.prisma, move.gameId, move.fence, `stored 0 of 1 moves: game ${move.gameId} is not in play`);
  }

  // Only an active game takes moves (a finished or adjourned one stores nothing), and only from its room's owner.
  // The owner's lease rows are locked FOR SHARE, in room order, for the statement's transaction: a
  // takeover's UPDATE of a lease (Leases.acquire) waits for a write already past this check, and a write
  // that reaches a lease a takeover changed sees the new token (READ COMMITTED re-reads the locked row)
  // and stores nothing. So a stale owner's move lands before the new owner loads the game, or never.
  // The room order keeps this from deadlocking with Leases.renew, which locks its rows in the same order.
  // Returns the games whose move was stored (a batch holds at most one move per game).
  private async write(moves: MoveRecord[]): Promise<Set<string>> {
    const now = new Date();
    const col = <T>(f: (m: MoveRecord) => T) => moves.map(f);
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      WITH batch AS (
        SELECT * FROM unnest(
          ${col((m) => m.gameId)}::text[], ${col((m) => m.ply)}::int[], ${col((m) => m.usi)}::text[],
          ${col((m) => m.timeMs)}::int[], ${col((m) => m.byCpu)}::boolean[], ${col((m) => m.ackId)}::text[],
          ${col((m) => m.deviceId)}::text[], ${col((m) => m.version)}::int[], ${col((m) => m.fence)}::bigint[],
          ${col((m) => m.clock?.blackMs ?? null)}::int[], ${col((m) => m.clock?.blackPeriods ?? null)}::int[],
          ${col((m) => m.clock?.whiteMs ?? null)}::int[], ${col((m) => m.clock?.whitePeriods ?? null)}::int[], ${col((m) => m.lagMs ?? null)}::int[],
          ${col((m) => (m.at ?? now).toISOString())}::timestamp(3)[]
        ) AS b(game_id, ply, usi, time_ms, by_cpu, ack_id, device_id, version, fence, black_ms, black_periods, white_ms, white_periods, lag_ms, at)
      ), held AS MATERIALIZED (
        SELECT l."room_id", l."token" FROM "room_leases" l
        WHERE l."room_id" IN (SELECT g."room_id" FROM "games" g JOIN batch b ON b.game_id = g."id" WHERE b.fence IS NOT NULL)
          AND l."expires_at" > now()
        ORDER BY l."room_id"
        FOR SHARE OF l
      ), accepted AS (
        SELECT b.* FROM batch b JOIN "games" g ON g."id" = b.game_id
        WHERE g."status" = 'active'
          AND (b.fence IS NULL OR EXISTS (SELECT 1 FROM held h WHERE h."room_id" = g."room_id" AND h."token" = b.fence))
      ), inserted AS (
        INSERT INTO "moves" ("game_id", "ply", "usi", "time_ms", "by_cpu", "ack_id", "device_id", "created_at",
                             "black_ms", "black_periods", "white_ms", "white_periods", "lag_ms")
        SELECT game_id, ply, usi, time_ms, by_cpu, ack_id, device_id, ${now}, black_ms, black_periods, white_ms, white_periods, lag_ms FROM accepted
        RETURNING "game_id"
      )
      UPDATE "games" AS g SET "version" = b.version, "turn_started_at" = b.at
      FROM accepted AS b
      WHERE g."id" = b.game_id AND EXISTS (SELECT 1 FROM inserted i WHERE i.game_id = b.game_id)
      RETURNING g."id"`;
    return new Set(rows.map((r) => r.id));
  }
}
