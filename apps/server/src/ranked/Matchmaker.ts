import { RANKED_CONTROLS, rankedQueueDenial, ratingPoolOf, type Denial, type RankedControlId } from '@chu/protocol';
import { pairSeekers } from '@chu/ratings';
import type { Bots } from '../identity/Bots.ts';
import type { RatingBook } from './RatingBook.ts';
import { MemorySeekers, type RankedDevice, type Seekers, type Seeking } from './Seekers.ts';

// The queue's entries are the queue's (Seekers.ts): named here too for the callers that start games.
export type { RankedDevice, Seeking } from './Seekers.ts';

/** Two seekers of one control to start a rated game for: black and white already drawn. */
export interface Match { black: Seeking; white: Seeking; control: RankedControlId }

/**
 * The ranked queue: one per control of RANKED_CONTROLS. Seekers are sockets of logged-in devices; `pair`
 * matches those of one control by their rating in its pool, widening the gap with waiting time, with a
 * random first player. Starting the games is the caller's: this only keeps the queue.
 */
export class Matchmaker {
  constructor(
    private readonly ratings: RatingBook,
    private readonly bots: Pick<Bots, 'isBot'>,
    private readonly queue: Seekers = new MemorySeekers(),
  ) {}

  /**
   * Enters (or moves to another control of) the queue. Returns the account's other sockets it replaced,
   * or why the account may not enter (a bot: the account as stored now, not as the socket last heard).
   */
  async join(socketId: string, device: RankedDevice, control: RankedControlId): Promise<
    { ok: true; since: number; rating: number; replaced: string[] } | { ok: false; denial: Denial }
  > {
    const denial = rankedQueueDenial({ bot: await this.bots.isBot(device.user.id) });
    if (denial) return { ok: false, denial };
    const rating = (await this.ratings.current(device.user.id, ratingPoolOf(RANKED_CONTROLS[control]))).rating;
    const all = await this.queue.all();
    const replaced = all.filter((e) => e.accountId === device.user.id && e.id !== socketId).map((e) => e.id);
    for (const id of replaced) await this.queue.remove(id);
    const mine = all.find((e) => e.id === socketId);
    const since = mine?.control === control ? mine.since : Date.now();
    await this.queue.put({ id: socketId, accountId: device.user.id, rating, since, control, device });
    return { ok: true, since, rating, replaced };
  }

  leave(socketId: string): Promise<boolean> {
    return this.queue.remove(socketId);
  }

  /** Puts a seeker back (its opponent turned out to be gone), keeping its place in time. */
  async restore(e: Seeking): Promise<void> {
    await this.queue.put(e);
  }

  /** Takes every pair that can be matched now out of the queue (only on the process that pairs). */
  async pair(now: number, random: () => number = Math.random): Promise<Match[]> {
    if (!(await this.queue.lead())) return [];
    const matches: Match[] = [];
    for (const [a, b] of pairSeekers(await this.queue.all(), now) as [Seeking, Seeking][]) {
      // both must still be there: another process may have removed one meanwhile
      if (!(await this.queue.remove(a.id))) continue;
      if (!(await this.queue.remove(b.id))) { await this.queue.put(a); continue; }
      const [black, white] = random() < 0.5 ? [a, b] : [b, a];
      matches.push({ black, white, control: a.control }); // pairSeekers pairs only within one control
    }
    return matches;
  }
}
