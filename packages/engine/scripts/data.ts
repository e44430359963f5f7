import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/engine/data: the harness's shipped positions (made by positions.ts). */
const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '../data');

/** One of data/'s files by name (`openings.txt`). */
export const dataFile = (name: string): string => join(DATA_DIR, name);

/** The positions of a file like data/openings.txt: one SFEN a line, `#` lines are comments. */
export function readPositions(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
