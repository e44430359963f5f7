import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Game, START_SFEN, unwrap, type Options } from '@chu/rules';
import { bestMove, LEVEL_ELO, LEVELS } from '../src/index.ts';

// Nodes/s and depth reached at a fixed time per move (default 1 s, level 8) on the start position,
// the oracle's five perft_distinct.random positions, and five quieter oracle midgame positions
// (no royal can be taken at once, so the search has to think); then dai shogi's start and two dai
// midgames; then the analysis board's Web Worker in headless Chromium next to the same analysis in
// Node (apps/web/bench/browser-engine.bench.ts, /usr/bin/chromium or CHROMIUM_PATH). First the
// levels' ladder as LEVEL_ELO records it (measured by `pnpm match --ladder`, not played here).
// Usage: pnpm bench:engine [ms] [level] [browser ms, default 5000; 0 = no browser]
const ms = Number(process.argv[2] ?? 1000);
const level = Number(process.argv[3] ?? 8);
const browserMs = Number(process.argv[4] ?? 5000);
const DAI: Partial<Options> = { variant: 'dai' };
/** Dai midgames: the engine against itself from the start (level 6, 3000 nodes a move), after 50 and 90 plies. */
const DAI_MIDGAMES = [
  { id: 'dai ply 50', sfen: "ln's'i'csgkgsci's'n'l/a1c'1f2et1f1c'1a/1v'1a'1e'1t1e'1a'1v'1/rf'mvbhdq2bvmf'r/ppp1pp1p1pppppp/3pih3n5/6p1pdi4/1P4XH7/7P2I1x2/4I1P1NP5/P1PPPP1DP1PPPPP/R1MVB2QDHBVMF'R/1V'F'A'1E'3E'1A'N'V'1/A1C'CF1TET1F1C'1A/LN'S'I'1SGKGSCI'S'1L b - 51" },
  { id: 'dai ply 90', sfen: "ln's'i'1sgkgs1i's'n'l/a1c'1fc2tcf1c'1a/1v'1a'1e'3e'1a'1v'1/rf'mv3et1bvmf'r/ppp1pphq1pp1ppp/2bp2hpdn1p3/4i3p6/1P1X11/4I2P4x2/P4P1DNP5/2PPP1Q1PBPPPPP/RV'MVB1E'D1H1VMF'R/2F'A'F4E'1A'N'V'1/A1C'C2TET1FS'C'1A/LN'S'I'1SGKGSCI'2L b - 91" },
];
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

const groups: { name: string; options?: Partial<Options>; positions: { id: string; sfen: string }[] }[] = [
  { name: 'start', positions: [{ id: 'start', sfen: START_SFEN }] },
  { name: 'perft_distinct.random', positions: oracle.perft_distinct.random },
  { name: 'quiet midgame', positions: quiet },
  { name: 'dai shogi: start', options: DAI, positions: [{ id: 'dai start', sfen: Game.start(DAI).startSfen }] },
  { name: 'dai shogi: midgame', options: DAI, positions: DAI_MIDGAMES },
];

console.log('levels (LEVEL_ELO, from the ladder; step = Elo over the level below, score = what that step expects)');
console.log('level  depth    nodes  noise  careless   Elo   step  score');
LEVELS.forEach((l, i) => {
  const step = i ? LEVEL_ELO[i] - LEVEL_ELO[i - 1] : 0;
  const cols = [l.depth, Number.isFinite(l.nodes) ? l.nodes : l.depth < 64 ? '∞' : 'time', l.noise, `${+(l.careless * 100).toFixed(1)} %`, LEVEL_ELO[i]];
  const stepCols = i ? `${`+${step}`.padStart(6)} ${`${(100 / (1 + 10 ** (-step / 400))).toFixed(0)} %`.padStart(6)}` : '';
  console.log(`${String(i + 1).padStart(5)} ${cols.map((c, k) => String(c).padStart([6, 8, 6, 9, 6][k])).join(' ')} ${stepCols}`);
});

// warm up the JIT on other positions: a cold search runs several times slower
for (let seed = 1; seed <= 6; seed++) {
  const game = Game.start();
  for (let i = 0; i < 10 + seed * 6 && !game.outcome(); i++) {
    const moves = game.legalMoves();
    game.play(moves[(seed * 7919 + i * 104729) % moves.length]);
  }
  if (!game.outcome()) bestMove(game, { timeMs: 400 });
}
bestMove(unwrap(Game.fromSfen(DAI_MIDGAMES[0].sfen, DAI)), { timeMs: 400 });

console.log(`engine bench: ${ms} ms/move, level ${level}, node ${process.version}, load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
console.log('position      depth      nodes  wall ms   nodes/s  cpu nodes/s  score  pv');
const sums = { chu: { nodes: 0, wall: 0, cpu: 0 }, dai: { nodes: 0, wall: 0, cpu: 0 } };
for (const group of groups) {
  console.log(`-- ${group.name}`);
  const sum = sums[(group.options?.variant ?? 'chu') as keyof typeof sums]; // the bench plays chu and dai (no heisei yet)
  for (const { id, sfen } of group.positions) {
    const game = unwrap(Game.fromSfen(sfen, group.options));
    const c0 = process.cpuUsage();
    const r = bestMove(game, { timeMs: ms, level });
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    sum.nodes += r.nodes;
    sum.wall += r.timeMs;
    sum.cpu += cpuMs;
    const nps = Math.round((r.nodes / Math.max(1, r.timeMs)) * 1000);
    const cpuNps = Math.round((r.nodes / Math.max(1, cpuMs)) * 1000);
    const score = r.mate !== undefined ? `#${r.mate}` : String(r.score);
    console.log(
      `${id.padEnd(12)} ${String(r.depth).padStart(6)} ${String(r.nodes).padStart(10)} ${String(r.timeMs).padStart(8)} ${String(nps).padStart(9)} ${String(cpuNps).padStart(12)} ${score.padStart(6)}  ${r.pv.slice(0, 6).join(' ')}`,
    );
  }
}
for (const [variant, { nodes, wall, cpu }] of Object.entries(sums))
  console.log(`${variant} total: ${nodes} nodes, ${Math.round(wall)} ms wall = ${Math.round((nodes / wall) * 1000)} nodes/s, ${Math.round(cpu)} ms cpu = ${Math.round((nodes / cpu) * 1000)} nodes/cpu-s`);

// the engine in the browser: its own script builds the web client and drives Chromium
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (browserMs <= 0) console.log('-- browser worker: not run (browser ms = 0)');
else if (!existsSync(chromium)) console.log(`-- browser worker: skipped, ${chromium} is missing (apt-get install -y chromium)`);
else {
  console.log(`-- browser worker (chu start, ${browserMs} ms)`);
  const script = fileURLToPath(new URL('../../../apps/web/bench/browser-engine.bench.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const run = spawnSync(process.execPath, [tsx, script, String(browserMs)], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(run.stdout ?? '');
  if (run.status !== 0) console.log(`browser worker: the browser bench failed (exit ${run.status})`);
}
