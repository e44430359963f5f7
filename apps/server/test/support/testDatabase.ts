import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  databaseUrl: string | null;
  dataDir: string;
  dispose(): Promise<void>;
}

// PGlite in a fresh temp dir by default; with DATABASE_URL set, a fresh Postgres database on that server.
export async function testDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chu-test-'));
  const base = process.env.DATABASE_URL;
  if (!base) return { databaseUrl: null, dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  const name = `chu_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async dispose() {
      await rm(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
