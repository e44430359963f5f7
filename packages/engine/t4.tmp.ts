import { readFileSync } from 'node:fs';
import { Game, unwrap } from '@chu/rules';
import { bestMove } from './src/index.ts';
const oracle = JSON.parse(readFileSync('/work/shared/oracle/public.json', 'utf8'));
const pos = oracle.positions.slice(0, 12).map((p: any) => unwrap(Game.fromSfen(p.sfen)));
for (const g of pos) { if (g.outcome()) continue; const r = bestMove(g, { timeMs: 300 }); }
const t0 = performance.now();
for (let i = 0; i < 1; i++) { const r = bestMove(Game.start(), { timeMs: 5000, depth: 7 }); console.log('start', r.depth, r.nodes, r.timeMs); }
console.log((globalThis as any).G, (globalThis as any).GC);
