import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { Logger } from 'pino';
import { PrismaClient, type Prisma } from '../generated/prisma/client.ts';
import { migrate, type SqlConnection } from './migrator.ts';

export type { Prisma, PrismaClient };

export interface Database {
  kind: 'pglite' | 'postgres';
  prisma: PrismaClient;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  migrationsDir: string;
  log?: Logger;
}

// No DATABASE_URL → embedded PGlite in dataDir; otherwise Postgres. Migrations are applied first.
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir, opts);
}

// shared_buffers: PGlite's default 128MB is allocated and touched at start (about 130 MB of RSS);
// our tables are small and the OS page cache holds the data files anyway.
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string, opts: DatabaseOptions): Promise<Database> {
  await initPgliteDir(dataDir);
  // relaxedDurability false: every query waits for the data to reach the files, so a commit survives SIGKILL.
  const pglite = await PGlite.create(dataDir, { relaxedDurability: false, startParams: PGLITE_START });
  const conn: SqlConnection = {
    supportsAdvisoryLocks: false, // one process owns the data dir
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params as unknown[])).rows,
    exec: async (sql) => { await pglite.exec(sql); },
  };
  await migrate(conn, opts.migrationsDir, opts.log);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: 'pglite',
    prisma,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

// A fresh data folder is made by initdb and a second, temporary PGlite. Their memory (~450 MB) stays
// with the process that ran them: unreachable WASM memories wait for a full GC, which an idle server
// never runs, and even a worker thread's freed buffers stay in malloc's arenas. So a short-lived child
// process makes the folder, and the server opens it as an existing one.
export async function initPgliteDir(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const code = `const [pglite, dir] = process.argv.slice(1);
    const { PGlite } = await import(pglite);
    await (await PGlite.create(dir)).close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, import.meta.resolve('@electric-sql/pglite'), dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const [exitCode, signal] = await once(child, 'exit') as [number | null, NodeJS.Signals | null];
  if (exitCode !== 0) throw new Error(`PGlite could not create ${dataDir} (${signal ?? exitCode}): ${stderr.trim()}`);
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const conn: SqlConnection = {
      supportsAdvisoryLocks: true,
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => { await client.query(sql); },
    };
    await migrate(conn, opts.migrationsDir, opts.log);
  } finally {
    await client.end();
  }
  // No statement may hold a connection for ever: a hung database or a runaway query gives an error
  // the caller reports (unavailable), and the pool keeps serving the rest.
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 16, statement_timeout: 15_000, connectionTimeoutMillis: 5_000 }),
  });
  return {
    kind: 'postgres',
    prisma,
    async close() { await prisma.$disconnect(); },
  };
}
