// RULES.md §7: main time, byoyomi periods, Fischer increment, lag credit; the seed's turn limit and
// correspondence as the same clock with one period.
import { describe, expect, it } from 'vitest';
import {
  allowanceMs, checkClock, clockAt, clockConfig, estimatedSeconds, flagGraceMs, flagsAfterMs, spend, startClock,
  type ClockConfig, type SideClock, type TimeControl,
} from '../src/clock.ts';

const clock = (initialSeconds: number, byoyomiSeconds: number, periods: number, incrementSeconds: number) =>
  ({ kind: 'clock', initialSeconds, byoyomiSeconds, periods, incrementSeconds }) as const;
const configOf = (tc: TimeControl): ClockConfig => clockConfig(tc)!;

/** Plays a side's moves, each [elapsed ms, lag ms], and returns its clock after each, or 'flag'. */
function play(tc: TimeControl, moves: [number, number?][]): (SideClock | 'flag')[] {
  const config = configOf(tc);
  let side = startClock(config).black;
  return moves.map(([elapsed, lag]) => {
    const r = spend(config, side, elapsed, lag);
    if (!r.ok) return 'flag';
    side = r.value.side;
    return side;
  });
}

describe('estimated length (lishogi: main + 60 × increment + 25 × periods × byoyomi)', () => {
  it.each([
    [clock(600, 30, 1, 0), 600 + 25 * 30],
    [clock(1800, 0, 1, 30), 1800 + 60 * 30],
    [clock(0, 10, 5, 0), 25 * 5 * 10],
    [{ kind: 'turn', seconds: 30 } as const, 750],
    [{ kind: 'none' } as const, null],
  ])('%j → %s s', (tc, seconds) => expect(estimatedSeconds(tc)).toBe(seconds));
});

describe('a clock must be within its ranges and give a move some time', () => {
  it.each([
    [clock(600, 30, 1, 0), true],
    [clock(0, 0, 1, 5), true],
    [clock(0, 0, 1, 0), false], // no time at all
    [clock(181 * 60, 0, 1, 0), false], // main time over 180 min
    [clock(60, 30, 6, 0), false], // more than 5 periods
    [clock(60, 181, 1, 0), false],
    [clock(60.5, 0, 1, 0), false],
  ])('%j: %s', (tc, good) => expect(checkClock(tc).ok).toBe(good));
});

describe('main time, then byoyomi', () => {
  const tc = clock(10, 5, 2, 0); // 10 s, then two periods of 5 s

  it('main time is spent first, and a move in time keeps the period', () => {
    expect(play(tc, [[4000], [5000], [3000]])).toEqual([
      { mainMs: 6000, periods: 2, lagQuotaMs: 4000 },
      { mainMs: 1000, periods: 2, lagQuotaMs: 5000 },
      { mainMs: 0, periods: 2, lagQuotaMs: 6000 }, // 1 s of main, then 2 s of the first period: kept
    ]);
  });

  it('a period is spent when it runs out, and the flag falls after exactly the last one', () => {
    expect(play(tc, [[10000 + 5000 + 4999]])).toEqual([{ mainMs: 0, periods: 1, lagQuotaMs: 4000 }]);
    expect(play(tc, [[10000 + 5000 + 5000]])).toEqual(['flag']);
    expect(play(tc, [[10000], [5000]])).toEqual([{ mainMs: 0, periods: 2, lagQuotaMs: 4000 }, { mainMs: 0, periods: 1, lagQuotaMs: 5000 }]);
  });

  it('the turn allowance is main time plus the periods left, and the clock shows the current period', () => {
    const config = configOf(tc);
    const side = startClock(config).white;
    expect(allowanceMs(config, side)).toBe(20000);
    expect(clockAt(config, side, 3000)).toEqual({ mainMs: 7000, periods: 2, byoyomiMs: 5000 });
    expect(clockAt(config, side, 12000)).toEqual({ mainMs: 0, periods: 2, byoyomiMs: 3000 });
    expect(clockAt(config, side, 16000)).toEqual({ mainMs: 0, periods: 1, byoyomiMs: 4000 });
    expect(clockAt(config, side, 20000)).toEqual({ mainMs: 0, periods: 0, byoyomiMs: 0 });
  });
});

describe('Fischer increment', () => {
  it('is added after every move, in main time or in byoyomi', () => {
    expect(play(clock(10, 0, 1, 2), [[3000], [8000]]).map((s) => s !== 'flag' && s.mainMs)).toEqual([9000, 3000]);
    expect(play(clock(1, 5, 1, 2), [[3000], [1000]]).map((s) => s !== 'flag' && s.mainMs)).toEqual([2000, 3000]);
  });

  it('without byoyomi, main time running out is the flag', () => {
    expect(play(clock(10, 0, 1, 2), [[10000]])).toEqual(['flag']);
  });
});

describe('lag credit (lishogi: +1 s of quota a move from an estimated 180 s, capped at 7 s; at most 0.5 s a move)', () => {
  const tc = clock(600, 30, 1, 0);

  it('credits measured lag back up to the quota, which grows with every move, and never more than 0.5 s a move', () => {
    const config = configOf(tc);
    let side = startClock(config).black;
    const credits: number[] = [];
    for (const lag of [300, 5000, 5000, 5000, 5000, 5000, 5000, 5000]) {
      const r = spend(config, side, 10000, lag);
      if (!r.ok) throw new Error('flag');
      credits.push(r.value.creditMs);
      side = r.value.side;
    }
    // a slow link (or delayed pongs) earns 0.5 s a move whatever it claims; the unspent quota banks up to 7 s
    expect(credits).toEqual([300, 500, 500, 500, 500, 500, 500, 500]);
    expect(side.lagQuotaMs).toBe(7000);
    expect(side.mainMs).toBe(600000 - 8 * 10000 + 300 + 7 * 500);
  });

  it('the quota never passes 7 gains, and a short game gains less', () => {
    expect(play(tc, Array.from({ length: 10 }, () => [100, 0] as [number, number])).at(-1)).toMatchObject({ lagQuotaMs: 7000 });
    expect(configOf(clock(60, 0, 1, 0)).lag).toEqual({ gainMs: 333, maxMs: 2331 });
  });

  it('a flag waits for a move in flight at most min(quota, 0.5 s): what one move may be credited', () => {
    const config = configOf(tc);
    const side = startClock(config).black;
    expect(flagGraceMs(config, side)).toBe(500);
    expect(flagsAfterMs(config, side)).toBe(600000 + 30000 + 500);
    expect(flagGraceMs(config, { ...side, lagQuotaMs: 300 })).toBe(300);
    // a move 1.2 s past its time is lost however much lag is claimed; 0.4 s past, with 0.5 s measured, is in time
    expect(spend(config, { ...side, mainMs: 0 }, 30000 + 1200, 3500).ok).toBe(false);
    expect(spend(config, { ...side, mainMs: 0 }, 30000 + 400, 500).ok).toBe(true);
  });

  it('negative lag is no credit', () => {
    expect(play(tc, [[1000, -300]])).toEqual([{ mainMs: 599000, periods: 1, lagQuotaMs: 4000 }]);
  });
});

describe("the seed's turn limit and correspondence are one period, with no lag credit", () => {
  it.each([
    [{ kind: 'turn', seconds: 30 } as const, 30000],
    [{ kind: 'correspondence', daysPerMove: 3 } as const, 3 * 24 * 3600 * 1000],
  ])('%j: every move within %s ms, nothing banked', (tc, limit) => {
    const config = configOf(tc);
    expect(config.lag).toBeNull();
    expect(play(tc, [[limit - 1], [limit - 1], [1]])).toEqual([
      { mainMs: 0, periods: 1, lagQuotaMs: 0 },
      { mainMs: 0, periods: 1, lagQuotaMs: 0 },
      { mainMs: 0, periods: 1, lagQuotaMs: 0 },
    ]);
    expect(play(tc, [[limit, 5000]])).toEqual(['flag']);
    expect(flagsAfterMs(config, startClock(config).white)).toBe(limit);
  });

  it.each([
    [clock(0, 0, 1, 5), 5000],
    [clock(0, 0, 1, 1), 3000],
    [clock(0, 10, 1, 5), 0],
    [clock(60, 0, 1, 5), 60_000],
  ])('an increment-only clock starts with its increment as main time, at least 3 s: %j → %d ms', (tc, initialMs) =>
    expect(configOf(tc).initialMs).toBe(initialMs));
  it('an increment-only clock lets the first mover move', () => {
    const [first] = play(clock(0, 0, 1, 5), [[1000]]);
    expect(first).toMatchObject({ mainMs: 9000 });
  });
  it('untimed has no clock', () => expect(clockConfig({ kind: 'none' })).toBeNull());
});
