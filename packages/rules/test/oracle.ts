import { readFileSync } from 'node:fs';
import { MAX_MOVES, makeSfen, type Options, type Position } from '../src/index.ts';

// The rules oracle's public part, copied into the repository (fixtures/README.md says what it is).
export const ORACLE_PATH = new URL('./fixtures/oracle.json', import.meta.url);

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
