// Vitest global setup: one fresh client build for every e2e file (each file starts its own server).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const WEB = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'chu-e2e-web-'));
  const vite = resolve(WEB, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
  project.provide('webDist', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
