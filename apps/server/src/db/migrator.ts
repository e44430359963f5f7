import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';

// Applies prisma/migrations/*/migration.sql in order and records them in _prisma_migrations exactly as
// `prisma migrate deploy` does, so either tool sees the other's work (the schema engine can't run here).
export interface SqlConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>; // several statements, no parameters
  supportsAdvisoryLocks: boolean;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;
const LOCK_ID = 72707369; // the advisory lock key Prisma Migrate uses

export interface MigrationFile { name: string; sql: string; checksum: string }

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const bytes = await readFile(join(dir, name, 'migration.sql'));
    files.push({ name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') });
  }
  return files;
}

interface AppliedRow { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }

export async function migrate(db: SqlConnection, dir: string, log?: Logger): Promise<string[]> {
  const files = await readMigrations(dir);
  if (db.supportsAdvisoryLocks) await db.query(`SELECT pg_advisory_lock(${LOCK_ID})`);
  try {
    await db.exec(CREATE_TABLE);
    const rows = await db.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
    const live = rows.filter((r) => r.rolled_back_at === null);
    const failed = live.find((r) => r.finished_at === null);
    if (failed) throw new Error(`migration ${failed.migration_name} failed earlier; resolve it before starting`);
    const applied = new Map(live.map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const file of files) {
      const row = applied.get(file.name);
      if (row) {
        if (row.checksum !== file.checksum) log?.warn({ migration: file.name }, 'migration was edited after being applied');
        continue;
      }
      await db.exec('BEGIN');
      try {
        const id = randomUUID();
        await db.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
          [id, file.checksum, file.name],
        );
        await db.exec(file.sql);
        await db.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        await db.exec('COMMIT');
      } catch (err) {
        await db.exec('ROLLBACK');
        throw new Error(`migration ${file.name} failed: ${(err as Error).message}`);
      }
      log?.info({ migration: file.name }, 'migration applied');
      done.push(file.name);
    }
    return done;
  } finally {
    if (db.supportsAdvisoryLocks) await db.query(`SELECT pg_advisory_unlock(${LOCK_ID})`);
  }
}
