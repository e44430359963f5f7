import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

// vitest globalSetup. A PGlite data folder costs about 12 s to create (initdb in WASM) and 2 s to
// migrate, against half a second to copy; a Postgres database about 1.5 s to migrate, against a
// quarter of a second to create from a migrated template. So a run makes its templates once and each
// test database (testDatabase.ts) is a copy of one.
export type DatabaseTemplates =
  | { kind: 'pglite'; empty: string; migrated: string } // data folders
  | { kind: 'postgres'; migrated: string }; // a database name on DATABASE_URL's server

declare module 'vitest' {
  export interface ProvidedContext { databaseTemplates: DatabaseTemplates }
}

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const make = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/support/makeDatabaseTemplates.ts', ...args], { cwd: serverDir });

async function adminQuery(base: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `chu_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    await make('postgres', url.toString());
    project.provide('databaseTemplates', { kind: 'postgres', migrated: name });
    return () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  const root = await mkdtemp(join(tmpdir(), 'chu-templates-'));
  await make('pglite', root);
  project.provide('databaseTemplates', { kind: 'pglite', empty: join(root, 'empty'), migrated: join(root, 'migrated') });
  return () => rm(root, { recursive: true, force: true });
}
