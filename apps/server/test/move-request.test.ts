import { describe, expect, it } from 'vitest';
import {
  FALLBACK_MS, planQueued, priorityOf, queueRank, stillWorthSearching, TRANSIT_MS, type MovePriority,
} from '../src/cpu/MoveRequest.ts';

// Which CPU move the site's queue serves first, and how long a room's owner waits for an engine process
// before searching itself (issue 39). Times are Date.now() ms; `now` is 1_000_000 throughout.
const now = 1_000_000;
const MIN_THINK = 30;

describe('priority: who waits on the move', () => {
  it.each([
    // standIn, onClock → class
    [true, true, 'stand-in-on-clock'], //  an absent person's clock runs: RULES.md §8 promises no loss on time
    [false, true, 'cpu-on-clock'], //      a CPU seat in a timed game
    [true, false, 'untimed'], //           standing in, but no clock to lose on (untimed, or correspondence's days)
    [false, false, 'untimed'], //          a CPU seat in an untimed room
  ] as const)('standIn %s, on a clock %s → %s', (standIn, onClock, expected) => {
    expect(priorityOf({ standIn, onClock })).toBe(expected);
  });
});

describe('queue rank: the class first, then the earlier deadline (BullMQ runs the lowest number first)', () => {
  const rank = (priority: MovePriority, inMs: number) => queueRank({ priority, deadline: now + inMs }, now);

  it.each([
    // first served                        before
    [['stand-in-on-clock', 2500], ['cpu-on-clock', 100]], //    a stand-in beats a CPU seat whatever the deadlines
    [['cpu-on-clock', 2500], ['untimed', 100]], //             a clock beats no clock
    [['stand-in-on-clock', 2500], ['untimed', 0]],
    [['cpu-on-clock', 800], ['cpu-on-clock', 2500]], //        same class: the earlier deadline
    [['untimed', 1000], ['untimed', 2000]],
    [['cpu-on-clock', 60 * 60_000], ['cpu-on-clock', 80 * 60_000]], // an hour away still ordered (10 ms steps, up to ~87 min)
  ] as const)('%j before %j', ([p1, in1], [p2, in2]) => {
    expect(rank(p1, in1)).toBeLessThan(rank(p2, in2));
  });

  it.each([
    ['stand-in-on-clock', -500], // already past its deadline: still the front of its class, never 0 (BullMQ's "no priority")
    ['untimed', 365 * 24 * 3600_000], // a year away: capped inside its band, and BullMQ's limit (2^21)
  ] as const)('%s due in %s ms stays within 1…2^21', (priority, inMs) => {
    const r = rank(priority, inMs);
    expect(r).toBeGreaterThanOrEqual(1);
    expect(r).toBeLessThanOrEqual(2 ** 21);
  });
});

describe('the owner\'s plan: wait for an engine process, then fall back with the time left', () => {
  it.each([
    // ms until the move is due → plan
    [2500, { kind: 'queue', giveUpAt: now + 2500 - FALLBACK_MS, engineDeadline: now + 2500 - FALLBACK_MS - TRANSIT_MS }], // untimed reply period
    [29_000, { kind: 'queue', giveUpAt: now + 29_000 - FALLBACK_MS, engineDeadline: now + 29_000 - FALLBACK_MS - TRANSIT_MS }], // a 30 s turn less its margin
    [FALLBACK_MS + TRANSIT_MS + MIN_THINK, { kind: 'queue', giveUpAt: now + TRANSIT_MS + MIN_THINK, engineDeadline: now + MIN_THINK }], // just enough for the shortest search
    [FALLBACK_MS + TRANSIT_MS + MIN_THINK - 1, { kind: 'local' }], // too little for an engine process and a fallback: search here at once
    [0, { kind: 'local' }], //             a flag about to fall
  ] as const)('due in %s ms → %j', (inMs, plan) => {
    expect(planQueued({ deadline: now + inMs }, now, MIN_THINK)).toEqual(plan);
  });
});

describe('an engine process taking a job', () => {
  it.each([
    // ms until the engine deadline → still searched
    [1900, true],
    [MIN_THINK, true], //  the shortest search still fits
    [MIN_THINK - 1, false], // dropped: the owner is about to fall back anyway
    [-3000, false], //      re-delivered after its searcher died, too late
  ] as const)('%s ms before its engine deadline → %s', (inMs, expected) => {
    expect(stillWorthSearching(now + inMs, now, MIN_THINK)).toBe(expected);
  });
});
