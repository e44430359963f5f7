import type { Outcome } from './results.ts';

/** An arena entrant's score: each game's points in the order the games ended, their sum, and the streak. */
export interface ArenaScore { points: number[]; total: number; wins: number; draws: number; onFire: boolean }

const BASE: Record<Outcome, number> = { win: 2, draw: 1, loss: 0 };

/**
 * Arena scoring as lichess and lishogi score arenas: a win 2, a draw 1, a loss 0. Two wins in a row
 * start a streak ("on fire"): every game after them is worth double (a win 4, a draw 2) until a game
 * is not won, which ends the streak. The two wins that start it count single.
 */
export function arenaScore(outcomes: readonly Outcome[]): ArenaScore {
  let run = 0; // wins in a row so far
  const points = outcomes.map((o) => {
    const p = BASE[o] * (run >= 2 ? 2 : 1);
    run = o === 'win' ? run + 1 : 0;
    return p;
  });
  const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
  return { points, total: points.reduce((a, b) => a + b, 0), wins: count('win'), draws: count('draw'), onFire: run >= 2 };
}
