import { readFileSync } from 'node:fs';
import { Game, START_SFEN, unwrap } from '@chu/rules';
import { bestMove } from './src/index.ts';
const oracle = JSON.parse(readFileSync('/work/shared/oracle/public.json', 'utf8'));
const sfens = [START_SFEN, ...oracle.perft_distinct.random.map((r: any) => r.sfen)];
for (let i = 0; i < 3; i++) bestMove(Game.start(), { timeMs: 1000 });
const t = performance.now();
let nodes = 0;
for (const s of [START_SFEN, oracle.perft_distinct.random[0].sfen, oracle.perft_distinct.random[4].sfen]) { const r = bestMove(unwrap(Game.fromSfen(s)), { timeMs: 2000 }); nodes += r.nodes; console.log(r.depth, r.nodes, r.timeMs); }
console.log('nps', nodes / (performance.now() - t) * 1000);
