import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's folders are its architecture (apps/server/README.md "Layout"): imports run one way,
//   realtime / http  →  tournaments  →  (friends, notifications)  →  rooms  →  (game, ranked)  →  db
// (game/ and ranked/ side by side: a game's ledger takes the rating step through a port that ranked's
// RatingBook fills, so game/ never imports ranked/)
// with api/ (under http) over rooms, learn/ and puzzles/ (under http) over db, and cpu/ and identity/ off to the side (cpu imports no layer; identity only db), the plain top
// files (config, startup, log, health, metrics) below everything, and the composition files (server,
// engineProcess, main, cluster) above everything. This reads every source file and fails on any import that climbs back up.

const src = fileURLToPath(new URL('../src', import.meta.url));

/** What each part of src/ may import besides itself and the base files. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  realtime: ['tournaments', 'friends', 'notifications', 'rooms', 'game', 'ranked', 'db', 'identity', 'cpu'],
  http: ['api', 'learn', 'puzzles', 'tournaments', 'friends', 'notifications', 'rooms', 'game', 'ranked', 'db', 'identity', 'cpu'],
  api: ['rooms', 'db', 'identity'], // the lishogi-shaped API's programs: a socket to this process itself, and streams (issue 50)
  learn: ['db'], // lessons' progress (issue 49)
  puzzles: ['db'], // the puzzle trainer's ratings and history (issue 49)
  tournaments: ['notifications', 'rooms', 'game', 'ranked', 'db', 'identity', 'cpu'],
  friends: ['notifications', 'rooms', 'db', 'identity'], // follows, blocks, challenges: a challenge accepted opens a room
  notifications: ['rooms', 'db', 'identity'], // what reaches a player who is not looking: rooms plug into it by an interface
  rooms: ['game', 'ranked', 'db', 'identity', 'cpu'],
  game: ['db', 'identity', 'cpu'],
  ranked: ['db', 'identity'],
  identity: ['db'],
  cpu: [],
  db: ['generated'], // the Prisma client is storage's alone
  generated: [],
};
const BASE = ['config.ts', 'startup.ts', 'log.ts', 'health.ts', 'metrics.ts']; // anyone may import these; they import only each other
const COMPOSITION = ['server.ts', 'engineProcess.ts', 'main.ts', 'cluster.ts']; // build the whole: may import anything, imported by nothing else

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** A file's part of src/: its folder, or the top file's own name. */
const partOf = (file: string): string => relative(src, file).split(sep)[0];

/** Every relative module a file names: static and type imports, re-exports, import(). */
function importsOf(text: string): string[] {
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.'));
}

function allowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (COMPOSITION.includes(from)) return true;
  if (COMPOSITION.includes(to)) return false;
  if (BASE.includes(to)) return true;
  if (BASE.includes(from)) return false;
  return MAY_IMPORT[from]?.includes(to) ?? false;
}

describe('server layering', () => {
  const files = sources(src);
  const edges = files.flatMap((file) => importsOf(readFileSync(file, 'utf8')).map((spec) => ({
    file: relative(src, file), spec, from: partOf(file), to: partOf(resolve(dirname(file), spec)),
  })));

  it('knows every folder and top file of src/ (a new one must be placed in the order)', () => {
    const known = [...Object.keys(MAY_IMPORT), ...BASE, ...COMPOSITION];
    expect([...new Set(files.map(partOf))].filter((p) => !known.includes(p))).toEqual([]);
    // the reader sees the imports it is meant to judge (a renamed folder would make the check vacuous)
    expect(edges.some((e) => e.from === 'realtime' && e.to === 'rooms')).toBe(true);
    expect(edges.some((e) => e.from === 'game' && e.to === 'db')).toBe(true);
    expect(edges.some((e) => e.from === 'ranked' && e.to === 'db')).toBe(true);
  });

  it('no import runs back up realtime → rooms → (game, ranked) → db', () => {
    const up = edges.filter((e) => !allowed(e.from, e.to)).map((e) => `${e.file} imports ${e.spec} (${e.from} may not import ${e.to})`);
    expect(up).toEqual([]);
  });

  it('the check refuses what it is meant to refuse', () => {
    expect(allowed('db', 'ranked')).toBe(false);
    expect(allowed('game', 'rooms')).toBe(false);
    expect(allowed('rooms', 'realtime')).toBe(false);
    expect(allowed('rooms', 'tournaments')).toBe(false);
    expect(allowed('db', 'tournaments')).toBe(false);
    expect(allowed('ranked', 'game')).toBe(false);
    expect(allowed('game', 'ranked')).toBe(false);
    expect(allowed('http', 'realtime')).toBe(false);
    expect(allowed('cpu', 'game')).toBe(false);
    expect(allowed('config.ts', 'db')).toBe(false);
    expect(allowed('rooms', 'server.ts')).toBe(false);
    expect(importsOf(`import type { A } from '../rooms/Room.ts';\nexport { b } from './b.ts';\nconst c = await import('../db/Store.ts');\nimport 'x';`))
      .toEqual(['../rooms/Room.ts', './b.ts', '../db/Store.ts']);
  });
});
