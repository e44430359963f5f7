import rate from 'glicko2-lite';

/** A player's Glicko-2 rating as stored: rating, deviation, volatility, and when it last changed. */
export interface Rating {
  rating: number;
  rd: number;
  vol: number;
  /** when this rating was last updated (ms since epoch); null = never rated */
  ratedAt: number | null;
}

/** Win 1, draw ½ (the site's rule: draws are worth half), loss 0. */
export type Score = 0 | 0.5 | 1;

// lishogi's parameters
export const INITIAL: Readonly<Rating> = Object.freeze({ rating: 1500, rd: 350, vol: 0.06, ratedAt: null });
export const TAU = 0.75;
export const MIN_RD = 45;
export const MAX_RD = 500;
export const MAX_VOL = 0.1;
/** Rating periods per day: RD grows with inactivity by this much time. */
export const PERIODS_PER_DAY = 0.21436;
/** Below this deviation a rating is established; at or above it, provisional ("1500?"). */
export const PROVISIONAL_RD = 110;

const DAY_MS = 24 * 60 * 60 * 1000;
const SCALE = 173.7178;

const clampRd = (rd: number): number => Math.min(MAX_RD, Math.max(MIN_RD, rd));

/** The deviation after a spell without games: φ′ = √(φ² + t·σ²), t in rating periods. */
export function inactiveRd(r: Rating, now: number): number {
  if (r.ratedAt === null) return clampRd(r.rd);
  const periods = (Math.max(0, now - r.ratedAt) / DAY_MS) * PERIODS_PER_DAY;
  const phi = r.rd / SCALE;
  return clampRd(Math.sqrt(phi * phi + periods * r.vol * r.vol) * SCALE);
}

/** A player's new rating after one game against `opponent` (both as they stood before it). */
export function rateGame(player: Rating, opponent: Rating, score: Score, now: number, tau = TAU): Rating {
  const next = rate(player.rating, inactiveRd(player, now), player.vol, [[opponent.rating, inactiveRd(opponent, now), score]], {
    tau,
  });
  return { rating: next.rating, rd: clampRd(next.rd), vol: Math.min(MAX_VOL, next.vol), ratedAt: now };
}

/** Both players' ratings after a game between them; `score` is the first player's. */
export function rateResult(a: Rating, b: Rating, score: Score, now: number): [Rating, Rating] {
  return [rateGame(a, b, score, now), rateGame(b, a, (1 - score) as Score, now)];
}

export const isProvisional = (r: Pick<Rating, 'rd'>): boolean => r.rd >= PROVISIONAL_RD;

/** As people read it: "1523", or "1500?" while provisional. */
export const display = (r: Pick<Rating, 'rating' | 'rd'>): string => `${Math.round(r.rating)}${isProvisional(r) ? '?' : ''}`;
