import { TURN_TIMES, type RankedTurnTime } from '@chu/protocol';
import { pairSeekers, type Seeker } from '@chu/ratings';
import type { DeviceIdentity } from '../identity/Identity.ts';
import type { RatingBook } from './RatingBook.ts';

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
  private readonly queue = new Map<string, Seeking>(); // by socket id

  constructor(private readonly ratings: RatingBook) {}

  /** Enters (or moves to another time setting of) the queue. Returns the account's other sockets it replaced. */
  async join(socketId: string, device: RankedDevice, turnTime: RankedTurnTime): Promise<{ since: number; rating: number; replaced: string[] }> {
    const rating = (await this.ratings.current(device.user.id)).rating;
    const replaced = [...this.queue].filter(([id, e]) => e.accountId === device.user.id && id !== socketId).map(([id]) => id);
    for (const id of replaced) this.queue.delete(id);
    const mine = this.queue.get(socketId);
    const since = mine?.turnTime === turnTime ? mine.since : Date.now();
    this.queue.set(socketId, { id: socketId, accountId: device.user.id, rating, since, turnTime, device });
    return { since, rating, replaced };
  }

  leave(socketId: string): boolean {
    return this.queue.delete(socketId);
  }

  get size(): number {
    return this.queue.size;
  }

  /** Takes every pair that can be matched now out of the queue. */
  pair(now: number, random: () => number = Math.random): Match[] {
    const matches: Match[] = [];
    for (const turnTime of TURN_TIMES) {
      const seekers = [...this.queue.values()].filter((e) => e.turnTime === turnTime);
      for (const [a, b] of pairSeekers(seekers, now) as [Seeking, Seeking][]) {
        this.queue.delete(a.id);
        this.queue.delete(b.id);
        const [black, white] = random() < 0.5 ? [a, b] : [b, a];
        matches.push({ black, white, turnTime });
      }
    }
    return matches;
  }
}
