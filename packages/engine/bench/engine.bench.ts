import { readFileSync } from 'node:fs';
import { Game, START_SFEN, unwrap } from '@chu/rules';
import { bestMove } from '../src/index.ts';

// Nodes/s and depth reached at a fixed time per move: the start position and five midgame
// positions (the oracle's perft_distinct.random set). Usage: pnpm bench:engine [ms] [level]
const ms = Number(process.argv[2] ?? 1000);
const level = Number(process.argv[3] ?? 8);
const oracle = JSON.parse(readFileSync(new URL('../../../../shared/oracle/public.json', import.meta.url), 'utf8')) as {
  perft_distinct: { random: { id: string; sfen: string }[] };
};
const positions = [{ id: 'start', sfen: START_SFEN }, ...oracle.perft_distinct.random];

bestMove(Game.start(), { timeMs: 300 }); // warm up the JIT
let nodes = 0;
let time = 0;
console.log(`engine bench: ${ms} ms/move, level ${level}, node ${process.version}`);
console.log('position      depth      nodes    nodes/s  score  move        pv');
for (const { id, sfen } of positions) {
  const game = unwrap(Game.fromSfen(sfen));
  const r = bestMove(game, { timeMs: ms, level });
  nodes += r.nodes;
  time += r.timeMs;
  const nps = Math.round((r.nodes / Math.max(1, r.timeMs)) * 1000);
  const score = r.mate !== undefined ? `#${r.mate}` : String(r.score);
  console.log(
    `${id.padEnd(12)} ${String(r.depth).padStart(6)} ${String(r.nodes).padStart(10)} ${String(nps).padStart(10)} ${score.padStart(6)}  ${r.move.padEnd(10)}  ${r.pv.slice(0, 6).join(' ')}`,
  );
}
console.log(`total: ${nodes} nodes in ${Math.round(time)} ms = ${Math.round((nodes / time) * 1000)} nodes/s`);
