// The levels: level 1 blunders pieces as a first-time player does, the level above it hardly ever;
// LEVEL_ELO, the ladder's measure of them, climbs with the level.
import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { dataFile, readPositions } from '../scripts/data.ts';
import { bestMove, LEVEL_ELO, LEVELS, MAX_LEVEL, newGame } from '../src/index.ts';

const OPENINGS = readPositions(dataFile('openings.txt'));

/**
 * What a move gives away, in centipawns, as clean depth-1 searches see it: the best move's score,
 * plus what the opponent's best reply then scores (its move, then the captures that follow). A
 * piece left where a simple capture wins it shows up as its value. (Scoring the move by excluding
 * all the others does not work: a search with one root move has nothing to choose and does not
 * search, so it reports the position's static score.)
 */
function loss(game: Game, move: string): number {
  const best = bestMove(game, { depth: 1, timeMs: 60_000 }).score;
  const after = game.clone();
  unwrap(after.play(move));
  if (after.outcome()) return 0;
  return best + bestMove(after, { depth: 1, timeMs: 60_000 }).score;
}

/**
 * How many of a level's moves lose at least `cp`, playing itself for 40 plies from each of the first
 * 10 openings (same seeds, same moves), from a new game: what earlier searches left in the hash
 * table would change which moves a node-capped level finds. Slow: under vitest the search runs 5–6
 * times slower a node than under tsx (measured 2026-12-01), so it has a long timeout.
 */
function blunders(level: number, cp: number): { lost: number; moves: number } {
  newGame();
  let moves = 0;
  let lost = 0;
  OPENINGS.slice(0, 10).forEach((sfen, o) => {
    const game = unwrap(Game.fromSfen(sfen));
    for (let ply = 0; ply < 40 && !game.outcome(); ply++) {
      const { move } = bestMove(game, { level, seed: o * 100 + ply, timeMs: 60_000 });
      moves++;
      if (loss(game, move) >= cp) lost++;
      unwrap(game.play(move));
    }
  });
  return { lost, moves };
}

describe('levels', () => {
  it('level 1 leaves pieces hanging to a simple capture; level 2, the same search without careless moves, hardly ever', () => {
    // 2026-12-03: level 1 (a careless move in 100) 5 of 400 moves, 3 of them 500 cp or more; level 2 (none) 1
    const one = blunders(1, 200);
    const two = blunders(2, 200);
    expect(one.moves).toBe(400);
    expect(one.lost).toBeGreaterThanOrEqual(4);
    expect(two.lost).toBeLessThanOrEqual(one.lost / 3);
  }, 900_000);

  it('LEVEL_ELO gives every level an Elo, climbing from level 1 at 1000', () => {
    expect(LEVEL_ELO).toHaveLength(MAX_LEVEL);
    expect(LEVELS).toHaveLength(MAX_LEVEL);
    expect(LEVEL_ELO[0]).toBe(1000);
    for (let i = 1; i < MAX_LEVEL; i++) expect(LEVEL_ELO[i]).toBeGreaterThan(LEVEL_ELO[i - 1]);
  });

  it('only level 8 runs on time: the others stop at a depth or a node count, whatever the load', () => {
    for (const l of LEVELS.slice(0, -1)) expect(l.depth < 64 || Number.isFinite(l.nodes)).toBe(true);
    expect(LEVELS[MAX_LEVEL - 1]).toMatchObject({ nodes: Infinity, noise: 0, careless: 0 });
  });
});
