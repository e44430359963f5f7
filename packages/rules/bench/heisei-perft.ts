// tsx packages/rules/bench/heisei-perft.ts [depth] — perft from the Heisei chu start by the engine and by
// the naive second generator (test/reference-heisei.ts), depth by depth. The reference needs a few
// milliseconds a position, so depth 3 (108,241 positions to expand) takes many minutes: the test suite
// compares depths 1–2 and 5,000 random positions, this script depth 3. Prints figures; asserts nothing.
import { START_SFENS, parseSfen, perft, unwrap, withDefaults } from '../src/index.ts';
import { referenceHeiseiSuccessors, type HeiseiReferenceOptions } from '../test/reference-heisei.ts';

const OPTIONS: HeiseiReferenceOptions = { promotion: 'association', lionTrading: 'protected', heiseiDrops: 'any' };
const reference = (sfen: string, depth: number): number =>
  depth === 0 ? 1 : referenceHeiseiSuccessors(sfen, OPTIONS).reduce((n, s) => n + reference(s, depth - 1), 0);

const max = Number(process.argv[2] ?? 3);
const pos = unwrap(parseSfen(START_SFENS.heisei, withDefaults({ variant: 'heisei' })));
for (let depth = 1; depth <= max; depth++) {
  let t = performance.now();
  const ours = perft(pos, depth);
  const ourMs = performance.now() - t;
  t = performance.now();
  const theirs = reference(START_SFENS.heisei, depth);
  const refMs = performance.now() - t;
  console.log(`depth ${depth}: engine ${ours} (${ourMs.toFixed(0)} ms), reference ${theirs} (${(refMs / 1000).toFixed(0)} s), ${ours === theirs ? 'agree' : 'DIFFER'}`);
}
