import { TURN_TIMES, type RankedTurnTime } from '@chu/protocol';
import { pairSeekers, type Seeker } from '@chu/ratings';
import type { DeviceIdentity } from '../identity/Identity.ts';
import type { RatingBook } from './RatingBook.ts';
import { MemorySeekers, type Seekers } from './Seekers.ts';

export type RankedDevice = DeviceIdentity & { user: { id: string; username: string } };

export interface Seeking extends Seeker {
  turnTime: RankedTurnTime;
  device: RankedDevice;
}

/** Two seekers to start a rated game for: black and white already drawn. */
export interface Match { black: Seeking; white: Seeking; turnTime: RankedTurnTime }

/**
 * The ranked queues (one per per-turn time). Seekers are sockets of logged-in devices; `pair` matches
 * them by rating, widening the gap with waiting time, with a random first player. Starting the games
 * is the caller's: this only keeps the queue.
 */
export class Matchmaker {
  constructor(private readonly ratings: RatingBook, private readonly queue: Seekers = new MemorySeekers()) {}

  /** Enters (or moves to another time setting of) the queue. Returns the account's other sockets it replaced. */
  async join(socketId: string, device: RankedDevice, turnTime: RankedTurnTime): Promise<{ since: number; rating: number; replaced: string[] }> {
    const rating = (await this.ratings.current(device.user.id)).rating;
    const all = await this.queue.all();
    const replaced = all.filter((e) => e.accountId === device.user.id && e.id !== socketId).map((e) => e.id);
    for (const id of replaced) await this.queue.remove(id);
    const mine = all.find((e) => e.id === socketId);
    const since = mine?.turnTime === turnTime ? mine.since : Date.now();
    await this.queue.put({ id: socketId, accountId: device.user.id, rating, since, turnTime, device });
    return { since, rating, replaced };
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
    const all = await this.queue.all();
    const matches: Match[] = [];
    for (const turnTime of TURN_TIMES) {
      const seekers = all.filter((e) => e.turnTime === turnTime);
      for (const [a, b] of pairSeekers(seekers, now) as [Seeking, Seeking][]) {
        // both must still be there: another process may have removed one meanwhile
        if (!(await this.queue.remove(a.id))) continue;
        if (!(await this.queue.remove(b.id))) { await this.queue.put(a); continue; }
        const [black, white] = random() < 0.5 ? [a, b] : [b, a];
        matches.push({ black, white, turnTime });
      }
    }
    return matches;
  }
}
