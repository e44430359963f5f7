import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

// vitest globalSetup: a PGlite data folder costs about 12 s to create (initdb in WASM) and 2 s to
// migrate, against half a second to copy. So a run creates two folders once, an empty one and one
// migrated with today's migrations, and each test database (testDatabase.ts) is a copy of one.
export interface PgliteTemplates { empty: string; migrated: string }

declare module 'vitest' {
  export interface ProvidedContext { pgliteTemplates: PgliteTemplates | null }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.DATABASE_URL) { project.provide('pgliteTemplates', null); return; }
  const root = await mkdtemp(join(tmpdir(), 'chu-templates-'));
  const script = fileURLToPath(new URL('./makePgliteTemplates.ts', import.meta.url));
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, root], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  project.provide('pgliteTemplates', { empty: join(root, 'empty'), migrated: join(root, 'migrated') });
  return () => rm(root, { recursive: true, force: true });
}
