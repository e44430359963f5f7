import type { PrismaClient } from './database.ts';

/** One move as stored. A move that ends the game is not written here (see Store.appendFinalMove). */
export interface MoveRecord {
  gameId: string;
  ply: number;
  usi: string;
  timeMs: number;
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
        try {
          await this.write(batch.map((b) => b.move));
          for (const b of batch) b.settle();
        } catch (err) {
          if (batch.length === 1) { batch[0].settle(err); continue; }
          // One bad row must not fail the others: retry them one by one.
          for (const b of batch) {
            try { await this.write([b.move]); b.settle(); } catch (e) { b.settle(e); }
          }
        }
      }
    } finally {
      this.writers--;
    }
  }

  // Only an active game takes moves (a finished or adjourned one stores nothing), and only from its room's owner.
  private async write(moves: MoveRecord[]): Promise<void> {
    const now = new Date();
    const col = <T>(f: (m: MoveRecord) => T) => moves.map(f);
    const n = await this.prisma.$executeRaw`
      WITH batch AS (
        SELECT * FROM unnest(
          ${col((m) => m.gameId)}::text[], ${col((m) => m.ply)}::int[], ${col((m) => m.usi)}::text[],
          ${col((m) => m.timeMs)}::int[], ${col((m) => m.byCpu)}::boolean[], ${col((m) => m.ackId)}::text[],
          ${col((m) => m.deviceId)}::text[], ${col((m) => m.version)}::int[], ${col((m) => m.fence)}::bigint[]
        ) AS b(game_id, ply, usi, time_ms, by_cpu, ack_id, device_id, version, fence)
        WHERE EXISTS (
          SELECT 1 FROM "games" g WHERE g."id" = b.game_id AND g."status" = 'active'
            AND (b.fence IS NULL OR EXISTS (SELECT 1 FROM "room_leases" l WHERE l."room_id" = g."room_id" AND l."token" = b.fence))
        )
      ), inserted AS (
        INSERT INTO "moves" ("game_id", "ply", "usi", "time_ms", "by_cpu", "ack_id", "device_id", "created_at")
        SELECT game_id, ply, usi, time_ms, by_cpu, ack_id, device_id, ${now} FROM batch
        RETURNING "game_id"
      )
      UPDATE "games" AS g SET "version" = b.version, "turn_started_at" = ${now}
      FROM batch AS b
      WHERE g."id" = b.game_id AND EXISTS (SELECT 1 FROM inserted i WHERE i.game_id = b.game_id)`;
    if (n !== moves.length) throw new Error(`stored ${n} of ${moves.length} moves`);
  }
}
