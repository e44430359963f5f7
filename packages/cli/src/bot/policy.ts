import type { ApiChallengeJson } from '@chu/protocol';
import { variantOfKey, type BotOptions } from './options.ts';

// Which challenges the bot takes. A refusal names one of lishogi's decline reasons, so the challenger
// reads why (POST /api/challenge/{id}/decline, reason=…).

export type DeclineReason = 'generic' | 'later' | 'tooFast' | 'tooSlow' | 'timeControl' | 'rated' | 'casual' | 'variant';
export type Verdict = { accept: true } | { accept: false; reason: DeclineReason };

/**
 * A clock's expected length in seconds, as lishogi bands its speeds: the main time, forty increments
 * and twenty-five byoyomi periods' worth.
 */
export function estimatedSeconds(tc: { limit: number; increment: number; byoyomi?: number; periods?: number }): number {
  return tc.limit + 40 * tc.increment + 25 * (tc.byoyomi ?? 0) * (tc.periods ?? 1);
}

export function judge(c: ApiChallengeJson, o: Pick<BotOptions, 'variants' | 'rated' | 'minSeconds' | 'maxSeconds'>): Verdict {
  const variant = variantOfKey(c.variant.key);
  if (variant === null || !o.variants.includes(variant)) return { accept: false, reason: 'variant' };
  if (o.rated === 'yes' && !c.rated) return { accept: false, reason: 'casual' };
  if (o.rated === 'no' && c.rated) return { accept: false, reason: 'rated' };
  // the engine plays on a clock: a game with none (untimed, days a move) gets no `go btime wtime`
  if (c.timeControl.type !== 'clock') return { accept: false, reason: 'timeControl' };
  const s = estimatedSeconds(c.timeControl);
  if (s < o.minSeconds) return { accept: false, reason: 'tooFast' };
  if (s > o.maxSeconds) return { accept: false, reason: 'tooSlow' };
  return { accept: true };
}
