import { mkdirSync } from 'node:fs';
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

async function openPglite(dataDir: string, opts: DatabaseOptions): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  // relaxedDurability false: every query waits for the data to reach the files, so a commit survives SIGKILL.
  const pglite = await PGlite.create(dataDir, { relaxedDurability: false });
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
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 16 }) });
  return {
    kind: 'postgres',
    prisma,
    async close() { await prisma.$disconnect(); },
  };
}
