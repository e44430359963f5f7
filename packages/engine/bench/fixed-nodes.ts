import { Game, unwrap } from '@chu/rules';
import { bestMove } from '../src/engine.ts';

// A search of a fixed node count from chu's start and a chu midgame (default 200 000 nodes each), for
// counting instructions, which do not depend on how busy the machine is:
//   valgrind --tool=callgrind node <this script bundled, or under tsx> [nodes]
// Counts at two node counts, subtracted, give instructions per node without start-up and compilation.
// `dai` after the node count: a 100 000-node dai search first, so chu's is measured in a thread
// that has run dai too (as a server worker may); `start`: chu's start position only; `maps`: the
// attack maps kept by make and unmake though no term reads them (issue 51: what keeping them costs);
// `safety`: the royal safety term on (issue 51: what it costs, the maps included).
const nodes = Number(process.argv[2] ?? 200_000);
const flags = process.argv.slice(3);
if (flags.includes('dai')) console.log(`dai first: ${bestMove(Game.start({ variant: 'dai' }), { nodes: 100_000, timeMs: 1e9 }).nodes} nodes`);
const MIDGAME = 'lfcsgekg1cfl/a1b1txothsva/m1r1dq1d1rb1/pvp1ppnNpppm/1p4p1i2p/3i8/8I3/P2IP7/1PPPBPPP1PPP/MVR1D1Q+hHRVM/A2GTOXETB1A/LFCSK2GSCFL b - 31';
let total = 0;
for (const game of flags.includes('start') ? [Game.start()] : [Game.start(), unwrap(Game.fromSfen(MIDGAME))]) {
  const r = bestMove(game, { nodes, timeMs: 1e9, hunt: false, attackMaps: flags.includes('maps'), royalSafety: flags.includes('safety') });
  total += r.nodes;
  console.log(`${r.move} depth ${r.depth} nodes ${r.nodes} score ${r.score}`);
}
console.log(`${total} nodes`);
