// How many rated games a new player needs before their rating is established, worked out with the
// server's own Glicko-2 (@chu/ratings, lishogi's parameters), not guessed.
import { INITIAL, rateResult, type Rating } from '@chu/ratings';

/**
 * The rated games a new player (1500, RD 350) plays until their RD falls below `belowRd`, facing an
 * opponent of equal rating: another new player, the two drawing each game back to back (drawn, both
 * stay at 1500 and their RDs fall alike). For the site's 110 that is 13 games (RD 350 → 290.3 → 247.5
 * → 216.0 → … → 112.5 → 108.1). Measured the same way, alternating wins and losses takes 14; a game a
 * day instead of back to back, still 13 with draws; against an established 1500 (RD 60) each time, 10.
 */
export function gamesToEstablish(belowRd: number, limit = 200): number {
  let a: Rating = { ...INITIAL };
  let b: Rating = { ...INITIAL };
  const now = Date.UTC(2026, 0, 1); // one moment: no RD regained between games
  for (let n = 1; n <= limit; n++) {
    [a, b] = rateResult(a, b, 0.5, now);
    if (a.rd < belowRd) return n;
  }
  return limit;
}
