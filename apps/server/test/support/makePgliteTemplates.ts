import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultConfig } from '../../src/config.ts';
import { initPgliteDir, openDatabase } from '../../src/db/database.ts';

// Run as its own process by pgliteTemplates.ts (vitest's globalSetup cannot resolve PGlite's module
// path, and a process of its own takes the WASM memory away with it): in the folder given, `empty`
// is a new PGlite data folder and `migrated` the same with today's migrations applied.
const root = process.argv[2];
if (!root) throw new Error('usage: makePgliteTemplates.ts <folder>');
await initPgliteDir(join(root, 'empty'));
await cp(join(root, 'empty'), join(root, 'migrated'), { recursive: true });
const db = await openDatabase({ databaseUrl: null, dataDir: join(root, 'migrated'), migrationsDir: defaultConfig().migrationsDir });
await db.close();
