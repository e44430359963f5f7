import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultConfig } from '../../src/config.ts';
import { initPgliteDir, openDatabase } from '../../src/db/database.ts';

// Run as its own process by databaseTemplates.ts (vitest's globalSetup cannot resolve PGlite's module
// path, and a process of its own takes PGlite's WASM memory away with it).
//   pglite <folder>: `empty` in it is a new PGlite data folder, `migrated` the same with today's migrations
//   postgres <url>: the (empty) database at url gets today's migrations
const [kind, where] = process.argv.slice(2);
const migrationsDir = defaultConfig().migrationsDir;
if (kind === 'pglite' && where) {
  await initPgliteDir(join(where, 'empty'));
  await cp(join(where, 'empty'), join(where, 'migrated'), { recursive: true });
  await (await openDatabase({ databaseUrl: null, dataDir: join(where, 'migrated'), migrationsDir })).close();
} else if (kind === 'postgres' && where) {
  await (await openDatabase({ databaseUrl: where, dataDir: '', migrationsDir })).close();
} else {
  throw new Error('usage: makeDatabaseTemplates.ts pglite <folder> | postgres <database url>');
}
