import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTemplates } from './databaseTemplates.ts';

export interface TestDatabase {
  databaseUrl: string | null;
  dataDir: string;
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  // false: no migration applied yet, for tests of the migrations themselves
  migrated?: boolean;
}

// PGlite in a fresh temp dir by default; with DATABASE_URL set, a fresh Postgres database on that server.
// Where the project made templates (databaseTemplates.ts), it starts as a copy of one.
export async function testDatabase({ migrated = true }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chu-test-'));
  const templates: DatabaseTemplates | undefined = inject('databaseTemplates'); // none in projects without that globalSetup
  const base = process.env.DATABASE_URL;
  if (!base) {
    if (templates?.kind === 'pglite') await cp(migrated ? templates.migrated : templates.empty, dataDir, { recursive: true });
    return { databaseUrl: null, dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `chu_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = migrated && templates?.kind === 'postgres' ? ` TEMPLATE "${templates.migrated}"` : '';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template}`);
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
