/** Someone waiting in a ranked queue. */
export interface Seeker {
  /** unique per queue entry (a socket, say) */
  id: string;
  /** the account: one account never plays itself, whatever devices it queues from */
  accountId: string;
  rating: number;
  /** when they joined the queue (ms) */
  since: number;
  /** the time control sought ('10m+30b'): players are matched only within one */
  control: string;
}

/** Acceptable rating gap: starts narrow and widens the longer someone waits. */
export const INITIAL_GAP = 100;
export const GAP_PER_SECOND = 20;
export const MAX_GAP = 1000;

export const acceptableGap = (waitedMs: number): number =>
  Math.min(MAX_GAP, INITIAL_GAP + (GAP_PER_SECOND * Math.max(0, waitedMs)) / 1000);

/**
 * Pairs the queue: longest-waiting first, each with the closest-rated seeker of the same control that
 * both sides accept (the gap must fit within what each of them accepts by now).
 */
export function pairSeekers(queue: readonly Seeker[], now: number): [Seeker, Seeker][] {
  const waiting = [...queue].sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  const pairs: [Seeker, Seeker][] = [];
  for (const a of waiting) {
    if (taken.has(a.id)) continue;
    let best: Seeker | undefined;
    for (const b of waiting) {
      if (b.id === a.id || taken.has(b.id) || b.accountId === a.accountId || b.control !== a.control) continue;
      const gap = Math.abs(a.rating - b.rating);
      if (gap > acceptableGap(now - a.since) || gap > acceptableGap(now - b.since)) continue;
      if (!best || gap < Math.abs(a.rating - best.rating)) best = b;
    }
    if (best) {
      taken.add(a.id).add(best.id);
      pairs.push([a, best]);
    }
  }
  return pairs;
}
