import { Game } from '@chu/rules';
import { bestMove } from './src/index.ts';
const g = Game.start();
for (let i=0;i<3;i++){ const r = bestMove(g, {timeMs: 3000}); console.log(r.depth, r.nodes, r.timeMs, r.move); }
