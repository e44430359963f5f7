import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dataFile, readPositions } from './data.ts';

// Chu's moves at a fixed node count, for comparing two trees of the engine move for move: from each
// of data/openings.txt, the engine plays both sides for a few plies; one line per move (opening,
// ply, move, nodes, depth, score). Run it on two trees and diff the outputs:
//   tsx packages/engine/scripts/identity.ts [tree=this one] [nodes=5000, or dN: depth N] [plies=10] [openings=50]
// A tree is a folder holding packages/engine and packages/rules (e.g. the match harness's copy of a commit).
// `--table` (last): the lines as test/chu-identity.test.ts stores them, `['move', nodes, score],`.
const here = dirname(fileURLToPath(import.meta.url));
const tree = resolve(process.argv[2] ?? join(here, '../../..'));
const limit = process.argv[3] ?? '5000';
const caps = limit.startsWith('d') ? { depth: Number(limit.slice(1)) } : { nodes: Number(limit) };
const plies = Number(process.argv[4] ?? 10);
const count = Number(process.argv[5] ?? 50);
const table = process.argv.includes('--table');
const rules = (await import(pathToFileURL(join(tree, 'packages/rules/src/index.ts')).href)) as typeof import('@chu/rules');
const engine = (await import(pathToFileURL(join(tree, 'packages/engine/src/engine.ts')).href)) as typeof import('../src/engine.ts');

const openings = readPositions(dataFile('openings.txt'));
let total = 0;
for (const [i, sfen] of openings.slice(0, count).entries()) {
  const game = rules.unwrap(rules.Game.fromSfen(sfen));
  for (let ply = 0; ply < plies && !game.outcome() && game.legalPacked().length; ply++) {
    const r = engine.bestMove(game, { ...caps, timeMs: 1e9, seed: 1 });
    total += r.nodes;
    console.log(table ? `  ['${r.move}', ${r.nodes}, ${r.score}],` : `${i} ${ply} ${r.move} ${r.nodes} ${r.depth} ${r.mate !== undefined ? `#${r.mate}` : r.score}`);
    game.play(r.move);
  }
}
console.error(`${total} nodes`);
