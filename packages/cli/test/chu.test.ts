import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { START_SFEN } from '@chu/rules';

// The `chu` contract other tools depend on: stdin SFENs, one output line each, exit codes 0/1/2.
const CLI = fileURLToPath(new URL('../src/chu.ts', import.meta.url));
const chu = (args: string[], input: string) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { input, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
};

const LIONS = 'k11/12/12/12/12/12/5N2N3/12/12/12/12/11K b - 1';

describe('chu command line', () => {
  it('moves: one sorted JSON array of canonical USI per SFEN', () => {
    const r = chu(['moves'], `${START_SFEN}\n${LIONS}\n`);
    expect(r.status).toBe(0);
    const [start, lions] = r.out.trimEnd().split('\n').map((l) => JSON.parse(l) as string[]);
    expect(start).toHaveLength(36);
    expect(start).toEqual([...start].sort());
    expect(start).toContain('7i7h');
    // two Lions, one pass: its canonical spelling is the smallest string
    expect(lions.filter((m) => m.length > 4 && m.slice(0, 2) === m.slice(-2))).toEqual(['4g3f4g']);
  });

  it('successors and perft count distinct positions, with the rule options', () => {
    const s = chu(['successors', '--lion-trading', 'off'], `${START_SFEN}\n`);
    expect(JSON.parse(s.out)).toHaveLength(36);
    expect(chu(['perft', '2', '--promotion', 'shogi'], `${START_SFEN}\n${START_SFEN}\n`).out).toBe('1296\n1296\n');
  });

  it('play writes the final SFEN, or exits 1 with the reason code', () => {
    const ok = chu(['play', '7i7h', '7d7e'], `${START_SFEN}\n`);
    expect(ok.status).toBe(0);
    expect(ok.out).toBe('lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppp1pppppp/3i1p2i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3\n');
    const bad = chu(['play', '7i7h', '7d7f'], `${START_SFEN}\n`);
    expect(bad.status).toBe(1);
    expect(bad.out).toBe('unreachable\n');
  });

  it('an unparsable SFEN is a one-line error naming the problem, exit 2', () => {
    const r = chu(['moves'], 'lfcsgekgscfl/a1b1txot1b1a b - 1\n');
    expect(r.status).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('board has 2 ranks, expected 12');
  });
});
