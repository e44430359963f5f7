import { execFileSync, execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Game, seededRandom, type Color, type Options } from '@chu/rules';
import { dataFile, readPositions } from './data.ts';
import { estimateElo, formatElo, type EloEstimate } from './elo.ts';
import { parseSprt, pentanomial, sprtState, type SprtBounds } from './sprt.ts';
import { THROWN_PLIES, THROWN_SCORE, material, thrown, type GameJob, type GameReport, type SideSpec, type SideStats } from './match-game.ts';

// The strength harness: two engines (this tree's, an old commit's, at any level) or simple movers
// play from shipped openings, each opening twice with colours swapped, in parallel worker threads.
//
//   pnpm match --a <side> --b <side> [--games 100] [--ms 200 | --nodes N] [--threads N] [--max-plies 400]
//              [--adjudicate 500] [--repetition fourth|never] [--openings file] [--seed 1]
//              [--variant chu|heisei] [--heisei-drops any|once]   (heisei: openings of 6 seeded random plies from its start)
//   pnpm match --conversion [--a <side>] [--ms 200] [--max-plies 300 | 200 with --openings] [--phase full|thinned|endgame | --openings file]
//              (file: e.g. packages/engine/data/conversion-late.txt, won positions from the engine's own games)
// Every run ends with its thrown wins: games where a side stood at +1 500 or more for 30 plies in a row and did not win.
//   pnpm match --ladder [--a <commit>] [--games 20] [--ms 200]   (each level against the one below)
//   pnpm match --sprt -20,0 --a <side> --b <side> [--ms 200 | --nodes N] [--threads 1] [--max-games 1000] [--max-minutes 120]
//              (issue 51: the sequential test that decides whether a change ships; A is the change, B the base;
//              openings from data/balanced.txt, each pair once; stops on a decision or at the budget: "undecided")
//
// A side is a level of this tree (`8`, `L8`), an engine as of a git commit (`da76084`, `HEAD~3:6`
// — level after the colon, default 8), `random` or `greedy`; an engine side may end in `+conversion`
// (bestMove's `conversion`: issue 40's terms, off by default), `+see`, `+royalSafety` or
// `+royalMobility` (issue 51's, off by default), several joined if need be. The older spelling
// `--level N --opponent random|greedy|both|level<N>` still works (A = level N, B = the opponent).
// Run it under `nice -n 19` on a shared machine.

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: here }).toString().trim();

process.on('exit', () => rmSync(join(tmpdir(), `engine-worktree-${process.pid}`), { recursive: true, force: true }));

/**
 * `--sprt -20,0`: parseArgs reads a value that starts with a dash as an option, so the bounds are
 * joined to their flag first (`--sprt=-20,0`); a bare `--sprt` means -20,0.
 */
function sprtArgs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--sprt') out.push(argv[i]);
    else if (i + 1 < argv.length && /^-?\d/.test(argv[i + 1])) out.push(`--sprt=${argv[++i]}`);
    else out.push('--sprt=-20,0');
  }
  return out;
}

const { values } = parseArgs({
  args: sprtArgs(process.argv.slice(2)),
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    level: { type: 'string' },
    opponent: { type: 'string' },
    games: { type: 'string' },
    ms: { type: 'string', default: '200' },
    nodes: { type: 'string' },
    'max-plies': { type: 'string' },
    adjudicate: { type: 'string', default: '500' },
    repetition: { type: 'string', default: 'fourth' },
    openings: { type: 'string' },
    threads: { type: 'string', default: String(Math.max(1, availableParallelism() - 1)) },
    seed: { type: 'string', default: '1' },
    conversion: { type: 'boolean', default: false },
    ladder: { type: 'boolean', default: false },
    sprt: { type: 'string' },
    'max-games': { type: 'string', default: '1000' },
    'max-minutes': { type: 'string', default: '120' },
    phase: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    variant: { type: 'string', default: 'chu' },
    'heisei-drops': { type: 'string', default: 'any' },
  },
});

if (values.variant !== 'chu' && values.variant !== 'heisei') throw new Error(`--variant takes chu or heisei, got ${values.variant}`);
if (values['heisei-drops'] !== 'any' && values['heisei-drops'] !== 'once') throw new Error(`--heisei-drops takes any or once`);
/** the games' rules: chu's defaults, or Heisei chu shogi's (docs/heisei-chu.md) */
const gameOptions: Partial<Options> | undefined =
  values.variant === 'heisei' ? { variant: 'heisei', heiseiDrops: values['heisei-drops'] as 'any' | 'once' } : undefined;

/**
 * Heisei has no shipped openings: its start after 6 random plies (drops among them), seeded, so that
 * the full-strength levels, which have no noise, do not play one game over and over.
 */
function heiseiOpenings(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const random = seededRandom(seed * 7919 + i);
    const game = Game.start(gameOptions);
    for (let ply = 0; ply < 6; ply++) {
      const moves = game.legalMoves();
      game.play(moves[Math.floor(random() * moves.length)]);
    }
    return game.sfen();
  });
}

const ms = Number(values.ms);
const nodes = values.nodes ? Number(values.nodes) : undefined;
const budget = nodes ? `${nodes} nodes/move` : `${ms} ms/move`;
const threads = Math.max(1, Number(values.threads));
const seed = Number(values.seed);
const repetition = values.repetition === 'never' ? 'never' : 'fourth';

/** A copy of packages/engine and packages/rules (the engine's `@chu/rules` pointing at the copy's rules). */
function copyOut(dir: string, extract: (dir: string) => void, stamp: string): void {
  if (existsSync(join(dir, '.complete'))) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  extract(dir);
  mkdirSync(join(dir, 'packages/engine/node_modules/@chu'), { recursive: true });
  symlinkSync('../../../rules', join(dir, 'packages/engine/node_modules/@chu/rules'));
  writeFileSync(join(dir, '.complete'), stamp + '\n');
}

/**
 * The engine as of `ref` (a copy of that commit's packages/engine and packages/rules under the temp
 * dir), or this working tree's (null): copied too, at the start of the run, so edits made while a
 * match runs (to the engine or the rules) do not reach its workers half-way.
 */
function engineSource(ref: string | null): { engine: string; rules: string; label: string } {
  let dir: string;
  let label: string;
  if (ref === null) {
    dir = join(tmpdir(), `engine-worktree-${process.pid}`);
    copyOut(dir, (d) => {
      for (const pkg of ['engine', 'rules']) {
        mkdirSync(join(d, 'packages', pkg), { recursive: true });
        for (const part of ['src', 'data', 'package.json'])
          if (existsSync(join(repoRoot, 'packages', pkg, part))) cpSync(join(repoRoot, 'packages', pkg, part), join(d, 'packages', pkg, part), { recursive: true });
      }
    }, 'working tree');
    label = '';
  } else {
    const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: repoRoot }).toString().trim();
    dir = join(tmpdir(), `engine-${sha.slice(0, 12)}`);
    // git archive rather than a worktree: nothing in the shared repository changes
    copyOut(dir, (d) => execSync(`git archive ${sha} packages/engine packages/rules | tar -x -C ${JSON.stringify(d)}`, { cwd: repoRoot }), sha);
    label = sha.slice(0, 7) + ' ';
  }
  return {
    engine: pathToFileURL(join(dir, 'packages/engine/src/engine.ts')).href,
    rules: pathToFileURL(join(dir, 'packages/rules/src/index.ts')).href,
    label,
  };
}

/**
 * bestMove options a side may turn on with `+name` (`8+conversion`, `HEAD~3:8+conversion`); an engine
 * older than the option ignores it, as it ignores `fixedTime`.
 */
const SIDE_OPTIONS = ['conversion', 'see', 'royalSafety', 'royalMobility'];

function parseSide(text: string): SideSpec {
  if (text === 'random' || text === 'greedy') return { kind: text, name: text, level: 0 };
  const [engineText, ...flags] = text.split('+');
  const unknown = flags.filter((f) => !SIDE_OPTIONS.includes(f));
  if (unknown.length) throw new Error(`unknown side option +${unknown.join(', +')} (known: ${SIDE_OPTIONS.map((f) => '+' + f).join(', ')})`);
  const options = Object.fromEntries(flags.map((f) => [f, true]));
  const suffix = flags.map((f) => '+' + f).join('');
  const level = /^(?:level|L)?([1-8])$/i.exec(engineText);
  if (level) return { kind: 'engine', name: `L${level[1]}${suffix}`, level: Number(level[1]), options, ...engineSource(null) };
  const [ref, lv = '8'] = engineText.split(':');
  const src = engineSource(ref);
  return { kind: 'engine', name: `${src.label}L${lv}${suffix}`, level: Number(lv), options, ...src };
}


/**
 * Plays the jobs on `threads` workers, printing each game as it ends; once `enough` says so (asked
 * after each game), no further job starts, and the games under way finish.
 */
async function play(a: SideSpec, b: SideSpec, jobs: GameJob[], describe: (r: GameReport) => string, enough: (reports: GameReport[]) => boolean = () => false): Promise<GameReport[]> {
  const reports: GameReport[] = [];
  let next = 0;
  let done = 0;
  let stopped = false;
  const workers = Array.from({ length: Math.min(threads, jobs.length) }, () => new Worker(new URL('./match-boot.mjs', import.meta.url), { workerData: { a, b } }));
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          const feed = () => (next < jobs.length && !stopped ? w.postMessage(jobs[next++]) : resolve());
          w.on('message', (m: GameReport | 'ready') => {
            if (m !== 'ready') {
              reports[m.id] = m;
              done++;
              if (!values.quiet) console.log(`${String(done).padStart(4)}/${jobs.length} ${describe(m)}`);
              stopped ||= enough(reports);
            }
            feed();
          });
          w.on('error', reject);
        }),
    ),
  );
  await Promise.all(workers.map((w) => w.terminate()));
  return reports;
}

/**
 * Prints the thrown wins of a run (issue 40): games where a side stood at THROWN_SCORE or more, by its
 * own search, for THROWN_PLIES plies in a row and did not win, each with the ply its run began.
 */
function thrownWins(reports: GameReport[], game: (r: GameReport) => string, side: (s: 'a' | 'b') => string): void {
  const list = reports.filter((r) => r && thrown(r));
  const stood = reports.filter((r) => r?.stood).length;
  console.log(`thrown wins: ${list.length} (of ${stood} games where a side stood at +${THROWN_SCORE} or more for ${THROWN_PLIES} plies in a row)`);
  for (const r of list) {
    const result = r.winner === null ? 'drawn' : 'lost';
    console.log(`  ${game(r)}: ${side(r.stood!.side)} stood won from ply ${r.stood!.ply}, ${result} at ply ${r.plies} (${r.reason}, material A ${r.material >= 0 ? '+' : ''}${r.material})`);
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function statsTable(a: SideSpec, b: SideSpec, reports: GameReport[]): void {
  console.log('per move        depth      nodes   ms avg   ms max   late  stale  raids');
  for (const [side, spec] of [['a', a], ['b', b]] as const) {
    if (spec.kind !== 'engine') continue;
    const s = reports.reduce<SideStats>(
      (t, r) => {
        const x = r.stats[side];
        return {
          moves: t.moves + x.moves, nodes: t.nodes + x.nodes, depth: t.depth + x.depth, timeMs: t.timeMs + x.timeMs,
          maxMs: Math.max(t.maxMs, x.maxMs), late: t.late + x.late, stale: t.stale + x.stale, raids: t.raids + x.raids,
        };
      },
      { moves: 0, nodes: 0, depth: 0, timeMs: 0, maxMs: 0, late: 0, stale: 0, raids: 0 },
    );
    const n = Math.max(1, s.moves);
    console.log(
      `${(side.toUpperCase() + ' ' + spec.name).padEnd(14)} ${(s.depth / n).toFixed(2).padStart(6)} ${String(Math.round(s.nodes / n)).padStart(10)} ${(s.timeMs / n).toFixed(0).padStart(8)} ${s.maxMs.toFixed(0).padStart(8)} ${String(s.late).padStart(6)} ${String(s.stale).padStart(6)} ${String(s.raids).padStart(6)}   (${s.moves} moves)`,
    );
  }
}

/** A game's score for side A: 1, ½ or 0. */
const scoreA = (r: GameReport): number => (r.winner === 'a' ? 1 : r.winner === 'b' ? 0 : 0.5);

/**
 * A match of `games` games, each opening with both colours. With `sprt` it is the sequential test:
 * openings from data/balanced.txt (at most two games each, so no pair is played twice), the running
 * LLR printed after each pair, and no further game once the test decides or the budget
 * (--max-games, --max-minutes) is spent.
 */
async function match(a: SideSpec, b: SideSpec, requested: number, maxPlies: number, sprt?: SprtBounds): Promise<{ w: number; d: number; l: number; elo: EloEstimate }> {
  const openings = values.openings
    ? readPositions(values.openings)
    : gameOptions
      ? heiseiOpenings(Math.ceil(requested / 2))
      : readPositions(dataFile(sprt ? 'balanced.txt' : 'openings.txt'));
  const games = sprt ? Math.min(requested, 2 * openings.length) : requested;
  const jobs: GameJob[] = Array.from({ length: games }, (_, i) => ({
    id: i,
    sfen: openings[Math.floor(i / 2) % openings.length],
    options: gameOptions,
    aColor: i % 2 === 0 ? 'black' : 'white',
    ms,
    nodes,
    maxPlies,
    repetition,
    adjudicate: Number(values.adjudicate),
    seed: seed * 1000 + i,
  }));
  console.log(
    `match${gameOptions ? ` (heisei, drops ${gameOptions.heiseiDrops})` : ''}: A = ${a.name}, B = ${b.name}; ${budget}; ${games} games from ${Math.min(openings.length, Math.ceil(games / 2))} openings, each with both colours; cap ${maxPlies} plies (±${values.adjudicate} material wins); repetition ${repetition}; ${threads} thread(s)`,
  );
  const t0 = performance.now();
  const minutes = () => (performance.now() - t0) / 60_000;
  const maxMinutes = Number(values['max-minutes']);
  if (sprt) {
    const { lower, upper } = sprtState([0, 0, 0, 0, 0], sprt);
    console.log(`SPRT(${sprt.elo0}, ${sprt.elo1}), α ${sprt.alpha} β ${sprt.beta}: accept H1 (A no worse than ${sprt.elo0} Elo) at LLR ≥ ${upper.toFixed(2)}, H0 at ≤ ${lower.toFixed(2)}; budget ${games} games or ${maxMinutes} min`);
  }
  /** the test after the pairs complete so far, and the Elo of those pairs */
  const standing = (reports: GameReport[]) => {
    const scores = Array.from({ length: games }, (_, i) => (reports[i] ? scoreA(reports[i]) : undefined));
    const counts = pentanomial(scores);
    const paired = scores.flatMap((x, i) => (i % 2 === 0 && x !== undefined && scores[i + 1] !== undefined ? [x, scores[i + 1]!] : []));
    return { counts, pairs: paired.length / 2, state: sprt ? sprtState(counts, sprt) : undefined, elo: paired.length ? estimateElo(paired) : undefined };
  };
  const played = await play(
      a,
      b,
      jobs,
      (r) => {
        const result = r.winner === null ? 'draw  ' : r.winner === 'a' ? 'A wins' : 'B wins';
        return `opening ${String(Math.floor(r.id / 2) + 1).padStart(2)} A ${jobs[r.id].aColor.padEnd(5)} ${result} ${String(r.plies).padStart(4)} plies  ${r.reason} (material A ${r.material >= 0 ? '+' : ''}${r.material})`;
      },
      (done) => {
        if (!sprt) return false;
        const now = standing(done);
        const pairDone = (id: number) => done[id - (id % 2)] && done[id - (id % 2) + 1];
        const last = done.reduce((x, r, i) => (r ? i : x), -1);
        if (last >= 0 && pairDone(last) && now.state && now.elo && !values.quiet)
          console.log(`     LLR ${now.state.llr.toFixed(2)} (${now.state.lower.toFixed(2)}, ${now.state.upper.toFixed(2)})  ${now.pairs * 2} games  pentanomial [${now.counts.join(', ')}]  ${formatElo(now.elo)}`);
        return now.state!.decision !== 'undecided' || minutes() >= maxMinutes;
      },
  );
  const reports = played.filter(Boolean);
  const w = reports.filter((r) => r.winner === 'a').length;
  const l = reports.filter((r) => r.winner === 'b').length;
  const d = reports.length - w - l;
  const elo = estimateElo(reports.map(scoreA));
  console.log(`\nA ${a.name} vs B ${b.name}, ${budget}, ${reports.length} games, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`A: W ${w} / D ${d} / L ${l}   score ${pct(elo.score)}   ${formatElo(elo)}`);
  if (sprt) {
    const end = standing(played);
    const verdict = end.state!.decision === 'H1' ? 'H1 accepted: the change passes' : end.state!.decision === 'H0' ? 'H0 accepted: the change fails' : 'undecided (budget spent): the change stays off';
    console.log(
      `SPRT(${sprt.elo0}, ${sprt.elo1}): ${verdict}; LLR ${end.state!.llr.toFixed(2)} (${end.state!.lower.toFixed(2)}, ${end.state!.upper.toFixed(2)}), ${end.pairs * 2} games in pairs, pentanomial [${end.counts.join(', ')}] (LL LD DD+WL WD WW), ${end.elo ? formatElo(end.elo) : 'no pair'}`,
    );
  }
  const reasons = [...new Set(reports.map((r) => r.reason))].sort();
  console.log('how games ended           A won  drawn  B won');
  for (const reason of reasons) {
    const of = reports.filter((r) => r.reason === reason);
    const count = (winner: 'a' | 'b' | null) => String(of.filter((r) => r.winner === winner).length).padStart(6);
    console.log(`  ${reason.padEnd(22)} ${count('a')} ${count(null)} ${count('b')}`);
  }
  const plies = reports.map((r) => r.plies).sort((x, y) => x - y);
  console.log(`plies: median ${plies[plies.length >> 1]}, max ${plies[plies.length - 1]}`);
  statsTable(a, b, reports);
  thrownWins(reports, (r) => `game ${r.id + 1} (opening ${Math.floor(r.id / 2) + 1}, A ${jobs[r.id].aColor})`, (side) => (side === 'a' ? `A ${a.name}` : `B ${b.name}`));
  return { w, d, l, elo };
}

/**
 * The ladder: each level against the one below, chained into an Elo per level (level 1 anchored at
 * LADDER_ANCHOR: the numbers are differences, not a human rating scale), and level 1 against the
 * greedy capturer for a sense of the bottom.
 */
const LADDER_ANCHOR = 1000;

async function ladder(games: number, maxPlies: number, source: string | null): Promise<void> {
  const side = (level: number) => parseSide(source ? `${source}:${level}` : String(level));
  const rungs: { level: number; w: number; d: number; l: number; elo: EloEstimate }[] = [];
  const bottom = await match(side(1), parseSide('greedy'), games, maxPlies);
  for (let level = 2; level <= 8; level++) rungs.push({ level, ...(await match(side(level), side(level - 1), games, maxPlies)) });
  console.log(`\nladder, ${budget}, ${games} games a rung (level 1 = ${LADDER_ANCHOR})`);
  console.log('level   vs below    W   D   L   score   step (95 %)          Elo');
  console.log(`  1   vs greedy  ${[bottom.w, bottom.d, bottom.l].map((x) => String(x).padStart(3)).join(' ')}  ${pct(bottom.elo.score).padStart(7)}   ${formatStep(bottom.elo)}  ${String(LADDER_ANCHOR).padStart(6)}`);
  const elo = [LADDER_ANCHOR];
  for (const r of rungs) {
    elo.push(elo[elo.length - 1] + Math.round(r.elo.elo));
    console.log(`  ${r.level}   vs ${r.level - 1}       ${[r.w, r.d, r.l].map((x) => String(x).padStart(3)).join(' ')}  ${pct(r.elo.score).padStart(7)}   ${formatStep(r.elo)}  ${String(elo[elo.length - 1]).padStart(6)}`);
  }
  console.log(`export const LEVEL_ELO = [${elo.join(', ')}] as const;`);
}

const formatStep = (e: EloEstimate): string =>
  `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)} (${Math.round(e.low)} … ${Math.round(e.high)})`.padEnd(20);

/** data/conversion.txt interleaves positions.ts's three phases: position i (from 0) is phase i mod 3. */
const PHASES = ['full board', 'thinned out', 'endgame'];
const PHASE_FLAGS = ['full', 'thinned', 'endgame'];

/**
 * The conversion statistic: from positions where one side is ahead by at least a Lion, the engine
 * plays both sides; a conversion is a win for the side ahead within the ply cap.
 */
async function conversion(a: SideSpec, maxPlies: number): Promise<void> {
  const positions = readPositions(values.openings ?? dataFile('conversion.txt'));
  const all: GameJob[] = positions.map((sfen, i) => {
    const g = Game.fromSfen(sfen);
    if (!g.ok) throw new Error(`bad position ${sfen}`);
    const ahead: Color = material(g.value, 'black') >= material(g.value, 'white') ? 'black' : 'white';
    return { id: i, sfen, aColor: ahead, ms, nodes, maxPlies, repetition, adjudicate: Infinity, seed: seed * 1000 + i };
  });
  // --phase: one third of the shipped file only (its games as in the whole run, same ids and seeds)
  const phase = values.phase === undefined ? -1 : PHASE_FLAGS.indexOf(values.phase);
  if (values.phase !== undefined && (phase < 0 || values.openings)) throw new Error(`--phase takes full, thinned or endgame, with the shipped positions`);
  const jobs = phase < 0 ? all : all.filter((j) => j.id % 3 === phase);
  console.log(`conversion: ${a.name} plays both sides of ${jobs.length} positions, ${budget}, the side ahead must win within ${maxPlies} plies; ${threads} thread(s)`);
  const played = await play(a, a, jobs, (r) => {
    const result = r.winner === 'a' ? 'converted' : r.winner === null ? 'not converted' : 'LOST by the side ahead';
    return `position ${String(r.id + 1).padStart(2)} (${all[r.id].aColor} ahead): ${result}, ${r.plies} plies, ${r.reason} (material ${r.material >= 0 ? '+' : ''}${r.material})`;
  });
  const reports = played.filter(() => true); // play() indexes by id: a phase leaves holes, filter drops them
  const won = reports.filter((r) => r.winner === 'a');
  const lost = reports.filter((r) => r.winner === 'b').length;
  const plies = won.map((r) => r.plies).sort((x, y) => x - y);
  console.log(
    `\nconverted ${won.length}/${reports.length} (${pct(won.length / reports.length)}) within ${maxPlies} plies; not converted ${reports.length - won.length - lost}, lost ${lost}; median plies to the win ${plies.length ? plies[plies.length >> 1] : '-'}`,
  );
  if (!values.openings && phase < 0) {
    const byPhase = PHASES.map((name, k) => {
      const of = reports.filter((r) => r.id % 3 === k);
      return `${name} ${of.filter((r) => r.winner === 'a').length}/${of.length}`;
    });
    console.log(`by phase: ${byPhase.join(', ')}`);
  }
  const reasons = [...new Set(won.map((r) => r.reason))].sort();
  console.log(`wins by ${reasons.map((x) => `${x} ${won.filter((r) => r.reason === x).length}`).join(', ')}`);
  statsTable(a, a, reports);
  // both sides are the same engine: 'a' is the side ahead at the start
  thrownWins(reports, (r) => `position ${r.id + 1}`, (s) => (s === 'a' ? 'the side ahead' : 'the side behind'));
}

if (values.ladder) {
  await ladder(Number(values.games ?? 20), Number(values['max-plies'] ?? 400), values.a ?? null);
} else if (values.sprt !== undefined) {
  if (!values.a || !values.b) throw new Error('--sprt needs the two sides: --a <the change> --b <the base>');
  await match(parseSide(values.a), parseSide(values.b), Number(values['max-games']), Number(values['max-plies'] ?? 400), parseSprt(values.sprt));
} else if (values.conversion) {
  // issue 40: the shipped set (full boards among it: a whole game) within 300 plies, a late set within 200
  await conversion(parseSide(values.a ?? values.level ?? '8'), Number(values['max-plies'] ?? (values.openings ? 200 : 300)));
} else {
  const a = parseSide(values.a ?? values.level ?? '8');
  const opponents = values.b ? [values.b] : values.opponent === 'both' || !values.opponent ? ['random', 'greedy'] : [values.opponent];
  for (const b of opponents) await match(a, parseSide(b), Number(values.games ?? 100), Number(values['max-plies'] ?? 400));
}
