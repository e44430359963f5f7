import type { FastifyReply } from 'fastify';
import { HttpRefusal } from './errors.ts';

/**
 * Long answers running at once, counted by a key (an address's exports or game streams, a token's stream
 * of one game): at most `max` per key, a 429 with Retry-After for one more.
 */
export class Slots {
  private readonly running = new Map<string, number>();
  constructor(private readonly max: number, private readonly refusal: string, private readonly retryAfterS = 5) {}

  /** A slot for this key, or a 429; the returned `done` frees it (call it once). */
  take(key: string, reply: FastifyReply): () => void {
    if ((this.running.get(key) ?? 0) >= this.max) {
      void reply.header('retry-after', this.retryAfterS);
      throw new HttpRefusal(429, 'rate-limited', this.refusal, this.retryAfterS * 1000);
    }
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
  }
}
