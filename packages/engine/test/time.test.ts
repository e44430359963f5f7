import { clockConfig, Game, spend, startClock, unwrap, type ClockConfig, type SideClock, type TimeControl } from '@chu/rules';
import { describe, expect, it, vi } from 'vitest';
import { bestMove } from '../src/engine.ts';
import { allotTime, HORIZON_MOVES, moveClockOf, USI_MARGIN_MS, type Allotment } from '../src/time.ts';

// The engine's time management (USI `go btime wtime byoyomi binc winc`), played out on a virtual
// clock: the rules' own clock (RULES.md §7: spend, periods, increment) charges each move what it
// thought, so what is checked is the arithmetic, never how fast this machine is today.

const clock = (initialSeconds: number, byoyomiSeconds: number, periods: number, incrementSeconds: number): TimeControl =>
  ({ kind: 'clock', initialSeconds, byoyomiSeconds, periods, incrementSeconds });

// lishogi's chu ranges at their corners and its common controls, and the seed's per-move limits
const CONTROLS: [string, TimeControl][] = [
  ['10 min + 30 s byoyomi', clock(600, 30, 1, 0)],
  ['30 min + 30 s Fischer', clock(1800, 0, 1, 30)],
  ['3 min sudden death', clock(180, 0, 1, 0)],
  ['1 s + 1 s × 2 byoyomi', clock(1, 1, 2, 0)],
  ['byoyomi only, 10 s × 5', clock(0, 10, 5, 0)],
  ['5 s + 3 s × 3 byoyomi + 2 s Fischer', clock(5, 3, 3, 2)],
  ['180 min + 180 s × 5 byoyomi + 180 s Fischer', clock(10_800, 180, 5, 180)],
  ['30 s a move', { kind: 'turn', seconds: 30 }],
  ['60 s a move', { kind: 'turn', seconds: 60 }],
];

interface Step { allot: Allotment; thought: number; before: SideClock; after: SideClock }

/**
 * One side plays `moves` moves on the rules' clock, each thinking `think(allotted)` ms: the virtual
 * clock. Returns every move's allotment and clocks, or the move at which the flag fell.
 */
function playOut(config: ClockConfig, moves: number, think: (a: Allotment) => number): Step[] | { flagAt: number } {
  let side = startClock(config).black;
  const steps: Step[] = [];
  for (let i = 0; i < moves; i++) {
    const allot = allotTime(moveClockOf(config, side));
    const thought = think(allot);
    const spent = spend(config, side, thought);
    if (!spent.ok) return { flagAt: i };
    steps.push({ allot, thought, before: side, after: spent.value.side });
    side = spent.value.side;
  }
  return steps;
}

const ALL = (a: Allotment) => a.timeMs; // the search runs to its hard limit every move
const TYPICAL = (a: Allotment) => (a.fixedTime ? a.timeMs : Math.ceil(a.timeMs * 0.45)); // no iteration starts past 45 %

describe('the time manager on a virtual clock', () => {
  it.each(CONTROLS)('%s: 300 moves that each think all they are given never flag, and never lose a period', (_, tc) => {
    const config = clockConfig(tc)!;
    for (const think of [ALL, TYPICAL]) {
      const steps = playOut(config, 300, think);
      expect(steps).toHaveLength(300);
      for (const { allot, before, after } of steps as Step[]) {
        // never past the main time and one period, and the margin is kept back
        const flagMs = before.mainMs + (before.periods > 0 ? config.byoyomiMs : 0);
        expect(allot.timeMs).toBeGreaterThanOrEqual(1);
        expect(allot.timeMs).toBeLessThanOrEqual(Math.max(1, flagMs - Math.min(USI_MARGIN_MS, flagMs / 4)));
        expect(after.periods).toBe(before.periods); // the later periods are a reserve, never planned on
      }
    }
  });

  it('spends more when the main time is plentiful', () => {
    const mains = [0, 10_000, 60_000, 600_000, 3_600_000, 10_800_000];
    for (const [byoyomiMs, incrementMs] of [[0, 0], [30_000, 0], [0, 30_000], [10_000, 5_000]]) {
      const times = mains.map((mainMs) => allotTime({ mainMs, byoyomiMs, incrementMs }).timeMs);
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
      expect(times[3]).toBeGreaterThan(times[2]); // 10 min thinks longer than 1 min
    }
    // by a 40th of the difference (sudden death)
    const suddenDeath = (mainMs: number) => allotTime({ mainMs, byoyomiMs: 0, incrementMs: 0 }).timeMs;
    expect(suddenDeath(600_000) - suddenDeath(60_000)).toBe((600_000 - 60_000) / HORIZON_MOVES);
    // the GUI's movestogo: fewer moves to go, a bigger share
    expect(allotTime({ mainMs: 60_000, byoyomiMs: 0, incrementMs: 0, movesToGo: 10 }).timeMs).toBe(6_000);
  });

  it('uses the increment every move, and goes on thinking about that much once the main time has run low', () => {
    expect(allotTime({ mainMs: 600_000, byoyomiMs: 0, incrementMs: 30_000 }).timeMs)
      .toBe(allotTime({ mainMs: 600_000, byoyomiMs: 0, incrementMs: 0 }).timeMs + 30_000);
    // 3 min + 2 s against 3 min sudden death, each thinking all it is given for 300 moves
    const fischer = playOut(clockConfig(clock(180, 0, 1, 2))!, 300, ALL) as Step[];
    const sudden = playOut(clockConfig(clock(180, 0, 1, 0))!, 300, ALL) as Step[];
    for (const s of fischer.slice(200)) expect(s.thought).toBeGreaterThanOrEqual(1_800); // at least 90 % of the increment
    expect(sudden.at(-1)!.thought).toBeLessThan(100); // without one, the share shrinks with the main time
    expect(sudden.at(-1)!.after.mainMs).toBeGreaterThan(0);
  });

  it('in byoyomi, each move has its period but the margin, all of it its own', () => {
    expect(allotTime({ mainMs: 0, byoyomiMs: 30_000, incrementMs: 0 })).toEqual({ timeMs: 30_000 - USI_MARGIN_MS, fixedTime: true });
    // mid-period (the CPU standing in late in a turn): what is left of the period
    const config = clockConfig(clock(10, 30, 2, 0))!;
    const side = startClock(config).black;
    expect(moveClockOf(config, side, 25_000)).toEqual({ mainMs: 0, byoyomiMs: 15_000, incrementMs: 0 });
    expect(allotTime(moveClockOf(config, side, 25_000))).toEqual({ timeMs: 15_000 - USI_MARGIN_MS, fixedTime: true });
    // with main time left, the byoyomi comes on top of its share, and the main time is spent first
    expect(allotTime({ mainMs: 40_000, byoyomiMs: 30_000, incrementMs: 0 })).toEqual({ timeMs: 31_000, fixedTime: false });
    // a sliver of main time: never past it and the period
    expect(allotTime({ mainMs: 100, byoyomiMs: 1_000, incrementMs: 0 }).timeMs).toBeLessThanOrEqual(1_100 - USI_MARGIN_MS);
  });

  it('a sliver of main time with a big increment: the increment comes after the move, so the move keeps to the sliver', () => {
    expect(allotTime({ mainMs: 100, byoyomiMs: 0, incrementMs: 5_000 }).timeMs).toBe(50);
    expect(allotTime({ mainMs: 0, byoyomiMs: 0, incrementMs: 5_000 }).timeMs).toBe(1); // flag about to fall: the first move found
  });
});

describe("a game on the engine's test clock", () => {
  // The clock is the test's, as in control.test.ts: each reading advances it 1 ms, and the search reads
  // it every 256 nodes (about this engine's real speed). Both sides play bestMove with what the time
  // manager allots, and the rules' clock charges what the search took on that clock.
  it('the search keeps to the allotment: neither side flags or loses a period, and both go from main time into byoyomi', () => {
    const config: ClockConfig = { initialMs: 200, byoyomiMs: 80, periods: 2, incrementMs: 0, lag: null };
    let now = 0;
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => ++now);
    try {
      const game = Game.start();
      const clocks = startClock(config);
      for (let ply = 0; ply < 12 && !game.outcome(); ply++) {
        const side = clocks[game.turn];
        const allot = allotTime(moveClockOf(config, side));
        const started = performance.now();
        const r = bestMove(game, { ...allot, seed: ply });
        const spent = spend(config, side, performance.now() - started);
        expect(spent.ok, `ply ${ply}: ${allot.timeMs} ms allotted`).toBe(true);
        if (!spent.ok) return;
        expect(spent.value.side.periods).toBe(2);
        clocks[game.turn] = spent.value.side;
        unwrap(game.play(r.move));
      }
      expect(game.ply).toBe(12);
      expect([clocks.black.mainMs, clocks.white.mainMs]).toEqual([0, 0]);
    } finally {
      spy.mockRestore();
    }
  });
});
