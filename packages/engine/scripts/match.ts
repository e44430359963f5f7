import { parseArgs } from 'node:util';
import { Game, opposite, type Color } from '@chu/rules';
import { EnginePool } from '../src/index.ts';
import { IS_ROYAL, VALUE } from '../src/tables.ts';

// The engine against simple opponents, adjudicated by packages/rules.
// Usage: pnpm match [--games 20] [--level 8] [--ms 200] [--opponent random|greedy|both|level<N>] [--max-plies 400] [--threads 2] [--seed 1]
// (level<N>: the engine at level N, same time per move — to check that the levels are ordered)
const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '20' },
    level: { type: 'string', default: '8' },
    ms: { type: 'string', default: '200' },
    opponent: { type: 'string', default: 'both' },
    'max-plies': { type: 'string', default: '400' },
    threads: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
  },
});
const games = Number(values.games);
const level = Number(values.level);
const ms = Number(values.ms);
const maxPlies = Number(values['max-plies']);
const threads = Number(values.threads);
const seed = Number(values.seed);
const opponents = values.opponent === 'both' ? ['random', 'greedy'] : [values.opponent!];

function rng(s: number): () => number {
  return () => {
    let t = (s = (s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Material balance of a side (engine piece values; royals excluded). */
function material(game: Game, color: Color): number {
  let sum = 0;
  const board = game.position.board;
  for (let sq = 0; sq < board.length; sq++) {
    const p = board[sq];
    if (p === 0 || p >= 128 || (p & 64 ? 'white' : 'black') !== color || IS_ROYAL[p]) continue;
    sum += VALUE[p];
  }
  return sum;
}

/** One-ply greedy: wins on the spot if it can, else the capture (or promotion) that gains most; ties at random. */
function greedyMove(game: Game, random: () => number): string {
  const moves = game.legalMoves();
  const me = game.turn;
  const them: Color = opposite(me);
  const before = material(game, me) - material(game, them);
  let best: string[] = [];
  let bestGain = -Infinity;
  for (const m of moves) {
    const g = game.clone();
    const played = g.play(m);
    if (!played.ok) continue;
    const gain = played.value.outcome?.winner === me ? Infinity : material(g, me) - material(g, them) - before;
    if (gain > bestGain) (bestGain = gain), (best = [m]);
    else if (gain === bestGain) best.push(m);
  }
  return best[Math.floor(random() * best.length)];
}

const randomMove = (game: Game, random: () => number): string => {
  const moves = game.legalMoves();
  return moves[Math.floor(random() * moves.length)];
};

type Result = 'W' | 'D' | 'L';

async function playGame(pool: EnginePool, opponent: string, index: number): Promise<{ result: Result; plies: number; reason: string }> {
  const game = Game.start();
  const engineColor: Color = index % 2 === 0 ? 'black' : 'white';
  const random = rng(seed * 1000 + index);
  while (!game.outcome() && game.ply < maxPlies) {
    let move: string;
    if (game.turn === engineColor) {
      move = (await pool.search({ sfen: game.startSfen, moves: game.moves, options: game.options }, { level, timeMs: ms, seed: index })).move;
    } else if (opponent.startsWith('level')) {
      const opponentLevel = Number(opponent.slice(5));
      move = (await pool.search({ sfen: game.startSfen, moves: game.moves, options: game.options }, { level: opponentLevel, timeMs: ms, seed: 7 * index + 1 })).move;
    } else move = opponent === 'random' ? randomMove(game, random) : greedyMove(game, random);
    const r = game.play(move);
    if (!r.ok) throw new Error(`illegal move ${move} (${r.error}) at ply ${game.ply} of game ${index} — ${game.sfen()}`);
  }
  const outcome = game.outcome();
  if (outcome) {
    const result: Result = outcome.winner === null ? 'D' : outcome.winner === engineColor ? 'W' : 'L';
    return { result, plies: game.ply, reason: outcome.reason };
  }
  const them: Color = opposite(engineColor);
  const diff = material(game, engineColor) - material(game, them);
  return { result: diff >= 100 ? 'W' : diff <= -100 ? 'L' : 'D', plies: game.ply, reason: `move cap, material ${diff > 0 ? '+' : ''}${diff}` };
}

const pool = new EnginePool(threads);
console.log(`match: engine level ${level}, ${ms} ms/move, ${games} games per opponent, colours alternate, cap ${maxPlies} plies`);
for (const opponent of opponents) {
  const tally = { W: 0, D: 0, L: 0 };
  let next = 0;
  const t0 = performance.now();
  const runner = async () => {
    for (let i = next++; i < games; i = next++) {
      const r = await playGame(pool, opponent, i);
      tally[r.result]++;
      console.log(`  vs ${opponent} game ${String(i + 1).padStart(2)} engine ${i % 2 === 0 ? 'black' : 'white'}: ${r.result} in ${r.plies} plies (${r.reason})`);
    }
  };
  await Promise.all(Array.from({ length: threads }, runner));
  const score = ((tally.W + tally.D / 2) / games) * 100;
  console.log(`vs ${opponent}: W ${tally.W} / D ${tally.D} / L ${tally.L}  (score ${score.toFixed(1)}%, ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}
await pool.close();
