import { readFileSync } from 'node:fs';
import { Game, START_SFEN, unwrap } from '@chu/rules';
import { bestMove } from './src/index.ts';
const oracle = JSON.parse(readFileSync('/work/shared/oracle/public.json', 'utf8'));
for (let seed = 1; seed <= 6; seed++) { const game = Game.start(); for (let i = 0; i < 10 + seed * 6 && !game.outcome(); i++) { const moves = game.legalMoves(); game.play(moves[(seed * 7919 + i * 104729) % moves.length]); } if (!game.outcome()) bestMove(game, { timeMs: 400 }); }
const list = [['start', START_SFEN, 7], ['random-46', oracle.perft_distinct.random[0].sfen, 7], ['random-2', oracle.perft_distinct.random[4].sfen, 6], ['random-12', oracle.positions.find((p: any) => p.id === 'random-12').sfen, 6], ['random-50', oracle.positions.find((p: any) => p.id === 'random-50').sfen, 6]] as const;
let N = 0, C = 0;
for (const [id, sfen, d] of list) { const c0 = process.cpuUsage(); const r = bestMove(unwrap(Game.fromSfen(sfen)), { depth: d, timeMs: 60000 }); const c = process.cpuUsage(c0); const cpu = (c.user + c.system) / 1000; N += r.nodes; C += cpu;
  console.log(id.padEnd(10), d, String(r.nodes).padStart(8), cpu.toFixed(0).padStart(6), 'ms', Math.round(r.nodes / cpu * 1000), r.score, r.pv.slice(0, 4).join(' ')); }
console.log('total', N, C.toFixed(0), Math.round(N / C * 1000));
