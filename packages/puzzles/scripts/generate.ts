import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game, seededRandom, unwrap, type Color } from '@chu/rules';
import { bestMove, newGame, type PvLine } from '@chu/engine';
import { RoyalHunt } from '@chu/engine/royal-hunt';
import { LION, lead } from '../src/material.ts';
import { startRating, themesOf } from '../src/themes.ts';
import type { Budget, Puzzle, PuzzleKind, PuzzleSet } from '../src/puzzle.ts';

// Chu puzzles from the engine's self-play (issue 49 §3). Each game starts with seeded random but sane
// moves, then the engine plays both sides at a small node budget (so it blunders now and then); at
// every ply the position is a candidate when the royal-hunt solver proves a forced royal capture, or
// the engine's score says the side to move stands a Lion's worth better than the material shows.
// A candidate is kept when, at the verify budget:
//   - every solver move is the only one (a hunt: the first move): the engine's second MultiPV line is at
//     least minMargin worse and does not win the royal itself;
//   - the opponent's replies are the engine's best (a hunt: the solver's longest-holding answers);
//   - the line ends when the gain is secured: the royal taken (a hunt, proven by the solver), or a
//     Lion's worth of material won that the opponent's best reply does not win back.
//   nice -n 15 pnpm puzzles:generate [--minutes 40] [--games N] [--seed 1] [--out data/puzzles.json]

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const here = dirname(fileURLToPath(import.meta.url));
const outIndex = process.argv.indexOf('--out');
const OUT = outIndex > 0 ? process.argv[outIndex + 1] : join(here, '../data/puzzles.json');
const MINUTES = arg('minutes', 40);
const GAMES = arg('games', 100_000);
const SEED = arg('seed', 1);

const budget: Budget = { playNodes: 3000, verifyNodes: 120_000, multiPv: 2, huntNodes: 20_000, minMargin: 800, minGain: LION };
/** open the game with this many random plies at most (at least 4) */
const OPENING_PLIES = 12;
/** a game stops here, when one side leads by this much (decided: nothing left to find) or after this many puzzles */
const MAX_PLIES = 300;
const DECIDED = 4000;
const PER_GAME = 3;
/** a candidate needs the position not decided yet */
const OPEN_LEAD = 2500;
/** the most solver moves a line may take to secure its gain */
const MAX_STEPS = 6;
const MATE = 10_000;
/** a candidate: the side to move scores this much more than the last mover's search expected */
const SWING = 0.5 * LION;

const commit = execSync('git rev-parse HEAD', { cwd: here }).toString().trim();
const engineVersion = (JSON.parse(readFileSync(join(here, '../../engine/package.json'), 'utf8')) as { version: string }).version;
const hunt = new RoyalHunt();

/** why candidates were left out, counted for the run's report */
const rejected = new Map<string, number>();
const reject = (why: string): null => {
  rejected.set(why, (rejected.get(why) ?? 0) + 1);
  return null;
};

const valueOf = (l: PvLine): number => (l.mate === undefined ? l.score : l.mate > 0 ? MATE : -MATE);
const verify = (game: Game) => bestMove(game, { nodes: budget.verifyNodes, timeMs: 1e9, multiPv: budget.multiPv, hunt: false });

/** The two best lines: the move, and how far ahead of the second it is; why not when a second move wins as well or is close. */
function onlyMove(game: Game): { move: string; margin: number } | string {
  const lines = verify(game).lines ?? [];
  if (lines.length < 2) return 'forced move'; // a forced move is no puzzle
  const [a, b] = lines;
  if (b.mate !== undefined && b.mate > 0) return 'second move wins too';
  const margin = valueOf(a) - valueOf(b);
  return margin >= budget.minMargin ? { move: a.move, margin } : 'second move close';
}

interface Found {
  kind: PuzzleKind;
  moves: string[];
  gain: number;
  margin: number;
}

/** A forced royal capture proven by the hunt, each solver move the engine's only winning one. */
function huntLine(game: Game): Found | null | 'no' {
  const pos = game.position.clone();
  const r = hunt.prove(pos, { maxNodes: budget.huntNodes });
  if (r.verdict !== 'win' || r.plies < 3) return 'no';
  const moves = r.line.map((m) => pos.tables.usiOf(m));
  const g = game.clone();
  const solver = g.turn;
  let margin = MATE;
  for (const [i, usi] of moves.entries()) {
    if (i === 0) {
      // the first move must be the only one that wins; later, a hunt often has several ways to go on, and
      // the trainer accepts the line's move or any move that takes the royal (as lichess accepts any mate)
      const only = onlyMove(g);
      const canonical = g.check(usi);
      if (typeof only === 'string') return reject(`hunt: ${only}`);
      if (!canonical.ok || only.move !== canonical.value) return reject('hunt: its move is not the engine\'s');
      margin = Math.min(margin, only.margin);
    }
    const played = g.play(usi);
    if (!played.ok || (g.outcome() && i < moves.length - 1)) return reject('hunt: its line does not play out');
  }
  return g.outcome()?.winner === solver ? { kind: 'hunt', moves, gain: 0, margin } : reject('hunt: its line does not play out');
}

/** A Lion's worth of material won by the only moves, against the engine's best replies. */
function materialLine(game: Game): Found | null {
  const g = game.clone();
  const solver: Color = g.turn;
  const base = lead(g.position, solver);
  const moves: string[] = [];
  let margin = MATE;
  for (let step = 0; step < MAX_STEPS; step++) {
    const only = onlyMove(g);
    if (typeof only === 'string') return reject(`material, move ${step + 1}: ${only}`);
    margin = Math.min(margin, only.margin);
    unwrap(g.play(only.move));
    moves.push(only.move);
    if (g.outcome()) return reject('material: the game ends'); // a royal taken the hunt did not prove, or a draw: not this kind
    const reply = bestMove(g, { nodes: budget.verifyNodes, timeMs: 1e9, hunt: false }).move;
    const gain = lead(g.position, solver) - base;
    if (gain >= budget.minGain) {
      const after = g.clone();
      unwrap(after.play(reply));
      const kept = lead(after.position, solver) - base;
      if (!after.outcome() && kept >= budget.minGain) return { kind: 'material', moves, gain: Math.min(gain, kept), margin };
    }
    unwrap(g.play(reply));
    moves.push(reply);
    if (g.outcome()) return reject('material: the game ends');
  }
  return reject('material: gain not secured');
}

/** A random legal move that does not lose more than `slack` against the engine's quick best. */
function saneMove(game: Game, random: () => number, slack: number): string {
  const best = bestMove(game, { depth: 2, timeMs: 1e9, hunt: false });
  const moves = game.legalMoves();
  for (let tries = 0; tries < 20; tries++) {
    const m = moves[Math.floor(random() * moves.length)];
    const g = game.clone();
    unwrap(g.play(m));
    if (g.outcome()) continue;
    const r = bestMove(g, { depth: 1, timeMs: 1e9, hunt: false });
    if (r.mate === undefined && -r.score >= best.score - slack) return m;
  }
  return best.move;
}

const puzzles: Puzzle[] = [];
const seen = new Set<string>();
let candidates = 0;
let games = 0;
const t0 = performance.now();
const minutes = () => (performance.now() - t0) / 60_000;

function save(): void {
  const set: PuzzleSet = {
    command: `nice -n 15 pnpm puzzles:generate --minutes ${MINUTES} --seed ${SEED}${GAMES < 100_000 ? ` --games ${GAMES}` : ''}`,
    engine: { version: engineVersion, commit },
    budget,
    yield: { games, candidates, kept: puzzles.length, minutes: Math.round(minutes() * 10) / 10 },
    puzzles,
  };
  // whole or not at all: a test or server reading the file meanwhile never sees half of it
  writeFileSync(`${OUT}.tmp`, JSON.stringify(set, null, 1) + '\n');
  renameSync(`${OUT}.tmp`, OUT);
}

for (let g = 0; g < GAMES && minutes() < MINUTES; g++) {
  const seed = SEED * 1_000_003 + g;
  const random = seededRandom(seed);
  newGame();
  const game = Game.start();
  const opening = 4 + Math.floor(random() * (OPENING_PLIES - 3));
  for (let i = 0; i < opening && !game.outcome(); i++) unwrap(game.play(saneMove(game, random, 60)));
  let kept = 0;
  let quietUntil = game.ply;
  /** what the last mover's search expected for the side to move now: a much better score now is its blunder */
  let expected = Infinity;
  while (!game.outcome() && game.ply < MAX_PLIES && kept < PER_GAME && minutes() < MINUTES) {
    const stm = game.turn;
    const now = lead(game.position, stm);
    if (Math.abs(now) > DECIDED) break;
    const r = bestMove(game, { nodes: budget.playNodes, timeMs: 1e9, hunt: false });
    const open = game.ply >= quietUntil && Math.abs(now) <= OPEN_LEAD && game.moves.length > 0;
    if (open) {
      let found: Found | null = null;
      const h = huntLine(game);
      if (h !== 'no') {
        candidates++;
        found = h;
      } else if ((r.mate === undefined && r.score - expected >= SWING) || (r.mate !== undefined && r.mate > 0)) {
        candidates++;
        found = materialLine(game);
      }
      const board = game.sfen().split(' ').slice(0, 2).join(' ');
      if (found && !seen.has(board)) {
        seen.add(board);
        const sfen = game.sfen();
        const themes = themesOf(sfen, found.moves, found.kind);
        puzzles.push({
          id: createHash('sha1').update(sfen).digest('hex').slice(0, 10),
          kind: found.kind,
          sfen,
          lastMove: game.moves[game.moves.length - 1],
          moves: found.moves,
          themes,
          gain: found.gain,
          margin: found.margin,
          rating: startRating(found.moves, themes),
          provenance: { seed, game: g, ply: game.ply, moves: [...game.moves], commit },
        });
        kept++;
        quietUntil = game.ply + found.moves.length + 1;
        console.error(`game ${g} ply ${game.ply}: ${found.kind} ${found.moves.join(' ')} [${themes.join(', ')}] margin ${found.margin}`);
      }
    }
    unwrap(game.play(r.move));
    expected = r.mate === undefined ? -r.score : r.mate > 0 ? -MATE : MATE;
  }
  games++;
  if (games % 5 === 0) {
    save();
    console.error(`${games} games, ${candidates} candidates → ${puzzles.length} kept, ${minutes().toFixed(1)} min`);
  }
}
save();
console.log(`${games} games, ${candidates} candidates → ${puzzles.length} kept, ${minutes().toFixed(1)} min`);
console.log(`by kind: ${['hunt', 'material'].map((k) => `${k} ${puzzles.filter((p) => p.kind === k).length}`).join(', ')}`);
console.log(`left out: ${[...rejected].map(([why, n]) => `${why} ${n}`).join(', ')}`);
