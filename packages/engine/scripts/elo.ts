// Match statistics: score and Elo difference with a 95 % interval.

/** Elo difference that an expected score (0 < s < 1) stands for. */
export const eloOf = (score: number): number => -400 * Math.log10(1 / score - 1);

export interface EloEstimate {
  games: number;
  /** expected score of side A, 0…1 */
  score: number;
  elo: number;
  /** 95 % interval of `elo` */
  low: number;
  high: number;
  /** 'pairs' when every opening was played with both colours (pentanomial), else 'games' (trinomial) */
  model: 'pairs' | 'games';
}

/**
 * A's Elo difference from its game scores (1, ½, 0), in the order played: games 2k and 2k+1 share an
 * opening with colours swapped. Complete pairs are scored as units (pentanomial): an opening that
 * favours one colour then adds no noise, as in the fishtest and OpenBench reports.
 */
export function estimateElo(scores: readonly number[]): EloEstimate {
  const n = scores.length;
  const paired = n >= 4 && n % 2 === 0;
  const units = paired ? Array.from({ length: n / 2 }, (_, k) => (scores[2 * k] + scores[2 * k + 1]) / 2) : [...scores];
  const mean = units.reduce((a, b) => a + b, 0) / Math.max(1, units.length);
  const variance = units.reduce((a, u) => a + (u - mean) ** 2, 0) / Math.max(1, units.length);
  const se = Math.sqrt(variance / Math.max(1, units.length));
  // a clean sweep has no interval of its own: clamp to half a game from the edge
  const edge = 0.5 / Math.max(1, n);
  const clamp = (s: number) => Math.min(1 - edge, Math.max(edge, s));
  return {
    games: n,
    score: mean,
    elo: eloOf(clamp(mean)),
    low: eloOf(clamp(mean - 1.96 * se)),
    high: eloOf(clamp(mean + 1.96 * se)),
    model: paired ? 'pairs' : 'games',
  };
}

const signed = (x: number): string => (x >= 0 ? '+' : '−') + Math.abs(Math.round(x));

export function formatElo(e: EloEstimate): string {
  return `Elo ${signed(e.elo)} (95 %: ${signed(e.low)} … ${signed(e.high)}; ± ${Math.round((e.high - e.low) / 2)}, ${e.model === 'pairs' ? 'opening pairs' : 'games'})`;
}
