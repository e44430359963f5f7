// The sequential probability ratio test (issue 51): a change ships when the test accepts H1.
// As fishtest decides: a generalized SPRT over opening pairs (the pentanomial model), each pair an
// opening played twice with colours swapped, Elo on the logistic scale; the likelihood of each
// hypothesis is the pentanomial distribution of the largest likelihood whose mean score is that
// hypothesis's (M. Van den Bergh, "A practical SPRT for the pentanomial model").

/** A pair's score (0, ¼, ½, ¾, 1: two losses … two wins) by its count's index. */
const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

/** How many opening pairs scored 0, ½, 1, 1½ and 2 points for side A (LL, LD, DD or WL, WD, WW). */
export type Pentanomial = [number, number, number, number, number];

export interface SprtBounds {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

/** The expected score that a logistic Elo difference stands for. */
export const scoreOf = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/**
 * Counts the complete pairs of a run's game scores (1, ½, 0 for side A), in the order played: games
 * 2k and 2k+1 share an opening with colours swapped. A pair not yet complete is left out.
 */
export function pentanomial(scores: readonly (number | undefined)[]): Pentanomial {
  const counts: Pentanomial = [0, 0, 0, 0, 0];
  for (let k = 0; 2 * k + 1 < scores.length; k++) {
    const a = scores[2 * k];
    const b = scores[2 * k + 1];
    if (a === undefined || b === undefined) continue;
    counts[Math.round(2 * (a + b))]++;
  }
  return counts;
}

/**
 * The distribution nearest the observed one (largest likelihood) whose mean score is `s`: each
 * p̂ᵢ / (1 + λ(aᵢ − s)), λ the root of Σ p̂ᵢ (aᵢ − s) / (1 + λ(aᵢ − s)) = 0, which falls as λ grows, found
 * by bisection between the poles.
 */
function nearestWithMean(observed: readonly number[], s: number): number[] {
  const lo0 = -1 / (1 - s);
  const hi0 = 1 / s;
  const f = (lambda: number) => observed.reduce((t, p, i) => t + (p * (PAIR_SCORES[i] - s)) / (1 + lambda * (PAIR_SCORES[i] - s)), 0);
  let lo = lo0 + 1e-12 * (hi0 - lo0);
  let hi = hi0 - 1e-12 * (hi0 - lo0);
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  const lambda = (lo + hi) / 2;
  return observed.map((p, i) => p / (1 + lambda * (PAIR_SCORES[i] - s)));
}

/**
 * The log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) after these pairs. An empty
 * cell counts as 1/1000 of a pair (as fishtest regularizes), so that a short run's extremes stay finite.
 */
export function llr(counts: Pentanomial, elo0: number, elo1: number): number {
  const cells = counts.map((n) => (n === 0 ? 1e-3 : n));
  const pairs = cells.reduce((a, b) => a + b, 0);
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const observed = cells.map((n) => n / pairs);
  const p0 = nearestWithMean(observed, scoreOf(elo0));
  const p1 = nearestWithMean(observed, scoreOf(elo1));
  return pairs * observed.reduce((t, p, i) => t + p * Math.log(p1[i] / p0[i]), 0);
}

/** The LLR's stopping bounds: below ln(β / (1 − α)) accept H0, above ln((1 − β) / α) accept H1. */
export function llrBounds({ alpha, beta }: SprtBounds): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

export type SprtDecision = 'H0' | 'H1' | 'undecided';

/** Where the test stands after these pairs. */
export function sprtState(counts: Pentanomial, bounds: SprtBounds): { llr: number; lower: number; upper: number; decision: SprtDecision } {
  const value = llr(counts, bounds.elo0, bounds.elo1);
  const { lower, upper } = llrBounds(bounds);
  return { llr: value, lower, upper, decision: value >= upper ? 'H1' : value <= lower ? 'H0' : 'undecided' };
}

/** `-20,0` → { elo0: −20, elo1: 0 } with α = β = 0.05. */
export function parseSprt(text: string, alpha = 0.05, beta = 0.05): SprtBounds {
  const parts = text.split(',').map((x) => Number(x.trim()));
  if (parts.length !== 2 || parts.some((x) => !Number.isFinite(x)) || parts[0] >= parts[1])
    throw new Error(`--sprt takes two Elo bounds elo0,elo1 with elo0 < elo1 (e.g. -20,0), got ${JSON.stringify(text)}`);
  return { elo0: parts[0], elo1: parts[1], alpha, beta };
}
