import { describe, expect, it } from 'vitest';
import { Game, parseSfen, withDefaults } from '../src/index.ts';
import { oracle, SETS, successors, type Set } from './oracle.ts';

// The rules oracle (test/fixtures/oracle.json): distinct successors from an independent implementation, under four option sets.
describe.each(Object.keys(SETS) as Set[])('oracle positions under set %s', (set) => {
  it.each(oracle.positions.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const pos = parseSfen(p.sfen, withDefaults(SETS[set]));
    expect(pos.ok).toBe(true);
    if (!pos.ok) return;
    const got = successors(pos.value);
    // one move per distinct successor: no two moves lead to the same position
    expect(new globalThis.Set(got).size).toBe(got.length);
    expect(got).toEqual(p.expected[set].map((k) => p.successors[k]));
    for (const [usi, legal] of Object.entries(p.probes?.[set] ?? {})) {
      const game = Game.fromSfen(p.sfen, SETS[set]);
      expect(game.ok && game.value.check(usi).ok, `probe ${usi}`).toBe(legal);
    }
  });
});
