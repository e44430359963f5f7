import { describe, expect, it } from 'vitest';
import { ConnectionShare } from '../src/db/ConnectionShare.ts';

// Room creations may hold at most their share of the pool's connections; the rest wait in arrival order.
describe('ConnectionShare', () => {
  it('runs at most its limit at once, the others in the order they came, and passes on a slot a failure frees', async () => {
    const share = new ConnectionShare(2);
    let running = 0, most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number, fail = false) => share.run(async () => {
      running++; most = Math.max(most, running); order.push(n);
      await new Promise<void>((r) => releases.push(r));
      running--;
      if (fail) throw new Error(`work ${n} failed`);
      return n;
    });
    const results = [work(1, true), work(2), work(3), work(4)].map((p) => p.then((v) => v, (e: Error) => e.message));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([1, 2]);
    while (releases.length) { releases.shift()!(); await new Promise((r) => setImmediate(r)); }
    expect(await Promise.all(results)).toEqual(['work 1 failed', 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(await share.run(async () => 'free again')).toBe('free again');
  });
});
