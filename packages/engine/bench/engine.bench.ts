import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Game, START_SFEN, unwrap } from '@chu/rules';
import { bestMove } from '../src/index.ts';

// Nodes/s and depth reached at a fixed time per move (default 1 s, level 8) on the start position,
// the oracle's five perft_distinct.random positions, and five quieter oracle midgame positions
// (no royal can be taken at once, so the search has to think). Usage: pnpm bench:engine [ms] [level]
const ms = Number(process.argv[2] ?? 1000);
const level = Number(process.argv[3] ?? 8);
const oracle = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@chu/rules/fixtures/oracle.json'), 'utf8')) as {
  perft_distinct: { random: { id: string; sfen: string }[] };
  positions: { id: string; category: string; sfen: string }[];
};

const winsAtOnce = (game: Game) => game.legalMoves().some((m) => unwrap(game.clone().play(m)).outcome?.reason === 'royal-capture');
const quiet = oracle.positions
  .filter((p) => p.category === 'random' && !oracle.perft_distinct.random.some((r) => r.sfen === p.sfen))
  .map((p) => ({ id: p.id, sfen: p.sfen, game: unwrap(Game.fromSfen(p.sfen)) }))
  .filter(({ game }) => {
    const moveNumber = Number(game.sfen().split(' ')[3]);
    if (game.outcome() || moveNumber < 30 || moveNumber > 120 || winsAtOnce(game)) return false;
    const other = unwrap(Game.fromSfen(game.sfen().replace(/ ([bw]) /, (_, c) => ` ${c === 'b' ? 'w' : 'b'} `)));
    return !other.outcome() && !winsAtOnce(other);
  })
  .slice(0, 5);

const groups = [
  { name: 'start', positions: [{ id: 'start', sfen: START_SFEN }] },
  { name: 'perft_distinct.random', positions: oracle.perft_distinct.random },
  { name: 'quiet midgame', positions: quiet },
];

// warm up the JIT on other positions: a cold search runs several times slower
for (let seed = 1; seed <= 6; seed++) {
  const game = Game.start();
  for (let i = 0; i < 10 + seed * 6 && !game.outcome(); i++) {
    const moves = game.legalMoves();
    game.play(moves[(seed * 7919 + i * 104729) % moves.length]);
  }
  if (!game.outcome()) bestMove(game, { timeMs: 400 });
}

console.log(`engine bench: ${ms} ms/move, level ${level}, node ${process.version}, load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
console.log('position      depth      nodes  wall ms   nodes/s  cpu nodes/s  score  pv');
let nodes = 0;
let wall = 0;
let cpu = 0;
for (const group of groups) {
  console.log(`-- ${group.name}`);
  for (const { id, sfen } of group.positions) {
    const game = unwrap(Game.fromSfen(sfen));
    const c0 = process.cpuUsage();
    const r = bestMove(game, { timeMs: ms, level });
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    nodes += r.nodes;
    wall += r.timeMs;
    cpu += cpuMs;
    const nps = Math.round((r.nodes / Math.max(1, r.timeMs)) * 1000);
    const cpuNps = Math.round((r.nodes / Math.max(1, cpuMs)) * 1000);
    const score = r.mate !== undefined ? `#${r.mate}` : String(r.score);
    console.log(
      `${id.padEnd(12)} ${String(r.depth).padStart(6)} ${String(r.nodes).padStart(10)} ${String(r.timeMs).padStart(8)} ${String(nps).padStart(9)} ${String(cpuNps).padStart(12)} ${score.padStart(6)}  ${r.pv.slice(0, 6).join(' ')}`,
    );
  }
}
console.log(`total: ${nodes} nodes, ${Math.round(wall)} ms wall = ${Math.round((nodes / wall) * 1000)} nodes/s, ${Math.round(cpu)} ms cpu = ${Math.round((nodes / cpu) * 1000)} nodes/cpu-s`);
