import { describe, expect, it } from 'vitest';
import { INITIAL_GAP, acceptableGap, pairSeekers, type Seeker } from '../src/index.ts';

const t0 = 1_000_000;
const seeker = (id: string, rating: number, since = t0, accountId = id, control = '10m+30b'): Seeker => ({ id, accountId, rating, since, control });
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

  it.each([
    // queue (id, rating, control), pairs: only seekers of one control meet, however long they wait
    [[['a', 1500, '10m+30b'], ['b', 1500, 'corr3']], []],
    [[['a', 1500, '10m+30b'], ['b', 1500, 'corr3'], ['c', 1500, '10m+30b']], [['a', 'c']]],
    [[['a', 1500, 'turn30'], ['b', 1510, '30m+30f'], ['c', 1900, 'turn30'], ['d', 1520, '30m+30f']], [['a', 'c'], ['b', 'd']]],
  ] as [[string, number, string][], string[][]][])('within one control: %j → %j', (queue, pairs) => {
    const seekers = queue.map(([id, rating, control], i) => seeker(id, rating, t0 + i, id, control));
    expect(ids(pairSeekers(seekers, t0 + 3_600_000))).toEqual(pairs);
  });
});
