import { Game, START_SFEN, unwrap } from '@chu/rules';
import { bestMove } from './src/index.ts';
const g = Game.start();
for (const t of [300, 1000, 1000, 1000]) { const r = bestMove(g, {timeMs: t, onInfo: (i)=>console.log('  ', i.depth, i.nodes, i.timeMs)}); console.log(r.depth, r.nodes, r.timeMs, r.move); }
