// The ranked queue as the client sees it: a small state machine fed by the user's actions and the
// server's `ranked` / `ranked.match` / `error` messages. Pure, so it is easy to test.
import type { RankedClientMessages, RankedControlId, RankedServerMessages, RatingPool } from '@chu/protocol';
import { acceptableGap } from '@chu/ratings';

// (the web app does not depend on zod itself: the parse() return types are the inferred types)
export type RankedClientMessage = ReturnType<(typeof RankedClientMessages)[number]['parse']>;
export type RankedServerMessage = ReturnType<(typeof RankedServerMessages)[number]['parse']>;
export type RankedMatch = Extract<RankedServerMessage, { type: 'ranked.match' }>;

export type QueueState =
  | { state: 'idle'; error: 'account-required' | 'offline' | 'refused' | null }
  | { state: 'joining'; control: RankedControlId } // ranked.join sent, no answer yet
  | { state: 'queued'; control: RankedControlId; since: number; rating: number } // since: server time (ms) of joining; rating: in the control's pool
  | { state: 'leaving' }
  | { state: 'matched'; match: RankedMatch };

export type QueueEvent =
  | { kind: 'join'; control: RankedControlId }
  | { kind: 'leave' }
  | { kind: 'server'; msg: RankedServerMessage }
  | { kind: 'account-required' }
  | { kind: 'refused' } // another error answered our join/leave (e.g. ranked play not available)
  | { kind: 'disconnect'; rejoin: boolean } // rejoin: the client asks again once the socket is back
  | { kind: 'reset' };

export const IDLE: QueueState = { state: 'idle', error: null };

export function queueReduce(s: QueueState, e: QueueEvent): QueueState {
  switch (e.kind) {
    case 'join':
      if (s.state === 'queued' || s.state === 'joining') return s;
      return { state: 'joining', control: e.control };
    case 'leave':
      return s.state === 'queued' || s.state === 'joining' ? { state: 'leaving' } : s;
    case 'account-required':
      return { state: 'idle', error: 'account-required' };
    case 'refused':
      return s.state === 'joining' || s.state === 'leaving' ? { state: 'idle', error: 'refused' } : s;
    case 'disconnect':
      // the server drops a disconnected socket from the queue
      if (s.state === 'matched' || s.state === 'idle') return s;
      if (e.rejoin && (s.state === 'queued' || s.state === 'joining')) return { state: 'joining', control: s.control };
      return { state: 'idle', error: 'offline' };
    case 'reset':
      return IDLE;
    case 'server':
      if (e.msg.type === 'ranked.match') return { state: 'matched', match: e.msg };
      if (e.msg.queue) {
        const { control, since, rating } = e.msg.queue;
        return { state: 'queued', control, since, rating };
      }
      // the server says we are not queued; a match announcement may already have moved us on
      return s.state === 'matched' ? s : IDLE;
  }
}

/** Each rating pool's name in the UI: the queue's controls, the leaderboard's tabs and the profile say it. */
export const POOL_LABEL = { realtime: 'pool.realtime', correspondence: 'pool.correspondence', bot: 'pool.bot' } as const satisfies Record<RatingPool, string>;

/** "1:05" — time spent in the queue. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return `${m}:${String(sec).padStart(2, '0')}`;
}

/** "+12", "−12" (a real minus sign), "±0": the change between the ratings as shown. */
export function formatChange(before: number, after: number): string {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/** "1500?" while provisional. */
export function formatRating(rating: number, provisional: boolean): string {
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/**
 * The ratings the queue accepts after waiting `waitedMs`: the seeker's own ± the gap that widens with
 * time (@chu/ratings, the same function the server pairs with).
 */
export function searchRange(rating: number, waitedMs: number): [number, number] {
  const gap = acceptableGap(waitedMs);
  return [Math.round(rating - gap), Math.round(rating + gap)];
}
