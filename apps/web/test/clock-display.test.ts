// A clock as the player reads it (issue 36): tenths under 10 s, hours when there are any; and the
// offset to the server's clock, from the fastest round trip seen.
import { describe, expect, it } from 'vitest';
import { formatClock, formatDeadline } from '../src/lib/clock/format';
import { UNSYNCED, sample, serverNow } from '../src/lib/clock/serverTime';

describe('a clock reads', () => {
  it.each([
    [3_725_000, '1:02:05'],
    [3_600_000, '1:00:00'],
    [299_999, '4:59'],
    [42_000, '0:42'],
    [10_000, '0:10'],
    [9_999, '9.9'],
    [9_700, '9.7'],
    [50, '0.0'],
    [-300, '0.0'],
  ])('%s ms as %s', (ms, text) => expect(formatClock(ms)).toBe(text));
});

describe("the server's clock, seen from the client", () => {
  it('takes the middle of a round trip, and keeps the sample of the fastest one', () => {
    const first = sample(UNSYNCED, 1000, 6050, 1100); // 100 ms round trip: the server was 5000 ahead
    expect(first).toEqual({ offsetMs: 5000, errorMs: 50 });
    const slower = sample(first, 2000, 7300, 2400); // 400 ms: a worse sample, ignored
    expect(slower).toBe(first);
    const faster = sample(first, 3000, 8010, 3020);
    expect(faster).toEqual({ offsetMs: 5000, errorMs: 10 });
    expect(serverNow(faster, 10_000)).toBe(15_000);
  });
});

describe('a correspondence deadline', () => {
  it('is a date and time in the reader’s language', () => {
    const at = Date.UTC(2026, 11, 8, 18, 30);
    expect(formatDeadline(at, 'es')).toMatch(/2026/);
    expect(formatDeadline(at, 'ja')).toMatch(/2026/);
  });
});
