import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve, dirname } from 'node:path';
import { MAX_MOVES, makeSfen, type Options, type Position } from '../src/index.ts';

// ../shared/oracle sits beside the checkout (CI lays shared/ next to the clone).
const here = dirname(fileURLToPath(import.meta.url));
const candidates = [resolve(here, '../../../../shared/oracle/public.json'), resolve(here, '../../../shared/oracle/public.json')];
export const ORACLE_PATH = candidates.find(existsSync) ?? candidates[0];

export interface OraclePosition {
  id: string;
  category: string;
  note: string;
  oracle_note?: string;
  sfen: string;
  successors: string[];
  expected: Record<Set, number[]>;
  counts: Record<Set, number>;
  probes?: Record<Set, Record<string, boolean>>;
}
export type Set = 'A' | 'B' | 'C' | 'D';
export const SETS: Record<Set, Partial<Options>> = {
  A: { lionTrading: 'always', promotion: 'association' },
  B: { lionTrading: 'protected', promotion: 'association' },
  C: { lionTrading: 'off', promotion: 'association' },
  D: { lionTrading: 'protected', promotion: 'shogi' },
};

export const oracle = JSON.parse(readFileSync(ORACLE_PATH, 'utf8')) as {
  positions: OraclePosition[];
  perft_distinct: {
    start: { sfen: string; depths: Record<string, number> };
    random: { id: string; sfen: string; depths: Record<string, number> }[];
  };
};

/** The SFENs a position's generated moves lead to, sorted (with repeats, so duplicates show). */
export function successors(pos: Position): string[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = pos.generate(buf);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    pos.make(buf[i]);
    out.push(makeSfen(pos));
    pos.unmake();
  }
  return out.sort();
}
