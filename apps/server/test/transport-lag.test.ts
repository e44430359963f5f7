import { describe, expect, it } from 'vitest';
import { TransportLag } from '../src/realtime/TransportLag.ts';

// RULES.md §7, lag credit: a socket's one-way lag is half a ping's round trip, the lowest of the last six.
// A client can delay a pong but never hurry one, so holding pongs back cannot talk the estimate up while a
// quick round trip is recent; what a long estimate earns is bounded by the rules (MAX_LAG_CREDIT_MS, the quota).

/** A socket whose pings came back after each of these round trips (ms), one after another. */
function measured(roundTrips: number[]): TransportLag {
  const lag = new TransportLag();
  let t = 0;
  for (const rtt of roundTrips) {
    lag.pinged(t);
    lag.ponged(t + rtt);
    t += rtt + 10_000;
  }
  return lag;
}

describe('the lag estimate: the lowest of the last six round trips, halved', () => {
  it.each([
    [[], 0], // nothing measured: nothing is credited on a guess
    [[40], 20],
    [[40, 3500, 3500, 3500], 20], // pongs held back after a quick one: still the quick one
    [[3500, 3500, 3500, 3500, 3500, 3500], 1750], // every pong held: long (the rules give it 0.5 s a move at most)
    [[40, 3500, 3500, 3500, 3500, 3500, 3500], 1750], // the quick one is more than six round trips old
    [[3500, 3500, 60], 30], // a quick round trip counts at once
    [[61, 62, 63], 31], // whole ms
  ] as [number[], number][])('round trips %j → %i ms', (roundTrips, estimate) => {
    expect(measured(roundTrips).estimateMs).toBe(estimate);
  });

  it('a pong with no ping before it measures nothing', () => {
    const lag = new TransportLag();
    lag.ponged(5000);
    expect([lag.estimateMs, lag.measured]).toEqual([0, 0]);
  });
});
