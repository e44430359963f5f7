// @vitest-environment node
// The first page carries no zod (issue 48): the web imports from @chu/protocol only its terms (constants, pure
// rules) and types; the schemas come through answer-schemas.ts, a chunk loaded with the first answer (answers.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.(ts|svelte)$/.test(f) ? [join(dir, f)] : []));

/** The values (not types) a source file imports from @chu/protocol. */
function protocolValues(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@chu\/protocol'/g)) {
    if (m[1]) continue;
    for (const name of m[2]!.split(',').map((s) => s.trim()).filter(Boolean)) if (!name.startsWith('type ')) found.push(name);
  }
  return found;
}

describe('the web reads the protocol without zod', () => {
  it('imports no schema value from @chu/protocol outside answer-schemas.ts', () => {
    const offenders = files(SRC)
      .filter((f) => !f.endsWith('answer-schemas.ts'))
      .flatMap((f) => protocolValues(readFileSync(f, 'utf8')).filter((n) => /Schemas?$|^z$/.test(n)).map((n) => `${relative(SRC, f)}: ${n}`));
    expect(offenders).toEqual([]);
  });
  it('the reading of imports finds a schema where there is one', () => {
    expect(protocolValues("import { A, type B, CSchema } from '@chu/protocol';")).toEqual(['A', 'CSchema']);
    expect(protocolValues("import type { DSchema } from '@chu/protocol';")).toEqual([]);
  });
});
