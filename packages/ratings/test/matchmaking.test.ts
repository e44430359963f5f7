import { describe, expect, it } from 'vitest';
import { INITIAL_GAP, acceptableGap, pairSeekers, type Seeker } from '../src/index.ts';

const t0 = 1_000_000;
const seeker = (id: string, rating: number, since = t0, accountId = id): Seeker => ({ id, accountId, rating, since });
const ids = (pairs: [Seeker, Seeker][]) => pairs.map(([a, b]) => [a.id, b.id]);

describe('ranked matchmaking', () => {
  it('pairs close ratings at once', () => {
    expect(ids(pairSeekers([seeker('a', 1500), seeker('b', 1550)], t0))).toEqual([['a', 'b']]);
  });

  it('widens the acceptable gap the longer people wait', () => {
    const queue = [seeker('a', 1500), seeker('b', 1900)];
    expect(pairSeekers(queue, t0)).toEqual([]);
    expect(acceptableGap(0)).toBe(INITIAL_GAP);
    expect(ids(pairSeekers(queue, t0 + 20_000))).toEqual([['a', 'b']]);
  });

  it('prefers the closest rating', () => {
    const queue = [seeker('a', 1500), seeker('far', 1590, t0 + 1), seeker('near', 1510, t0 + 2)];
    expect(ids(pairSeekers(queue, t0 + 2))).toEqual([['a', 'near']]);
  });

  it('never pairs an account with itself, even from two devices', () => {
    expect(pairSeekers([seeker('phone', 1500, t0, 'ana'), seeker('laptop', 1500, t0, 'ana')], t0 + 60_000)).toEqual([]);
  });

  it('pairs everyone it can, each once', () => {
    const queue = [seeker('a', 1500), seeker('b', 1520), seeker('c', 1700), seeker('d', 1690)];
    const pairs = ids(pairSeekers(queue, t0));
    expect(pairs).toEqual([['a', 'b'], ['c', 'd']]);
  });
});
