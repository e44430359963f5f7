import { Game, unwrap } from '@chu/rules';
import { readProblems } from '../scripts/royal-hunt-set.ts';
import { RoyalHunt } from '../src/royal-hunt.ts';

// Issue 51: the royal hunt's "the last royal stands attacked" by a scan out from the royal (the
// default) against a lookup in attack maps kept by the hunt's moves (HuntLimits.attackMaps). Both
// prove every problem of data/royal-hunt.txt with the same nodes (test/royal-hunt.test.ts); this
// prints what each costs, rounds alternating so that the machine's load falls on both alike:
//   nice -n 10 tsx packages/engine/bench/royal-hunt-maps.ts [rounds, default 5]
const rounds = Number(process.argv[2] ?? 5);
const positions = readProblems().map((p) => unwrap(Game.fromSfen(p.sfen)).position);
const hunt = new RoyalHunt();
const total = { scan: { nodes: 0, ms: 0 }, maps: { nodes: 0, ms: 0 } };
for (let round = 0; round <= rounds; round++)
  for (const kind of ['scan', 'maps'] as const) {
    const start = performance.now();
    let nodes = 0;
    for (const pos of positions) nodes += hunt.prove(pos.clone(), { maxNodes: 200_000, attackMaps: kind === 'maps' }).nodes;
    const ms = performance.now() - start;
    // round 0 warms the JIT up and is not counted
    if (round > 0) (total[kind].nodes += nodes), (total[kind].ms += ms);
    console.log(`round ${round} ${kind}: ${nodes} nodes in ${ms.toFixed(0)} ms`);
  }
for (const kind of ['scan', 'maps'] as const)
  console.log(`${kind}: ${Math.round((total[kind].nodes / total[kind].ms) * 1000)} nodes/s (${total[kind].nodes} nodes, ${total[kind].ms.toFixed(0)} ms)`);
console.log(`maps against scan: ${((total.scan.ms / total.maps.ms - 1) * 100).toFixed(1)} % nodes/s`);
