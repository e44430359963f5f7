// A clock as the player reads it (issue 36, RULES.md §7): tenths under 10 s, hours when there are any,
// days for correspondence, the byoyomi periods after it; the offset to the server's clock, from the
// fastest round trip seen; the low-time alarm on every kind of clock; a replay's clocks at each ply.
import { describe, expect, it } from 'vitest';
import type { ClockView, RoomOptions, ServerMessage } from '@chu/protocol';
import { formatClock, formatPeriods } from '../src/lib/clock/format';
import { formatDateTime } from '../src/lib/dates';
import { UNSYNCED, oneWay, sample, serverNow } from '../src/lib/clock/serverTime';
import { clockReading, type ClockReading } from '../src/lib/clock/controls';
import { lowTimeStage } from '../src/lib/clock/lowTime';
import { clocksAt } from '../src/lib/clock/history';
import { EMPTY_STATE, reduce } from '../src/lib/client/state';
import { gameView } from './fixtures';

type TimeControl = RoomOptions['timeControl'];

describe('a clock reads', () => {
  it.each([
    [3 * 86_400_000 - 1, '2d 23h'], // correspondence
    [86_400_000, '1d 0h'],
    [3_725_000, '1:02:05'],
    [3_600_000, '1:00:00'],
    [299_999, '4:59'],
    [42_000, '0:42'],
    [10_000, '0:10'],
    [9_999, '0:09.9'], // tenths under ten seconds, rounded down
    [8_400, '0:08.4'],
    [50, '0:00.0'],
    [-300, '0:00.0'],
  ])('%s ms as %s', (ms, text) => expect(formatClock(ms)).toBe(text));

  it.each([
    [2, 30_000, '2×30s'],
    [1, 60_000, '1×60s'],
    [5, 1_000, '5×1s'],
    [3, 100, '3×0.1s'], // the fast test clock's seconds
  ])('%s periods of %s ms as %s', (periods, byoyomiMs, text) => expect(formatPeriods(periods, byoyomiMs)).toBe(text));
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

  it('a one-way reading serves only until a round trip is measured', () => {
    const guess = oneWay(UNSYNCED, 6000, 1000);
    expect(guess).toEqual({ offsetMs: 5000, errorMs: Infinity });
    const measured = sample(guess, 2000, 7060, 2100);
    expect(measured).toEqual({ offsetMs: 5010, errorMs: 50 });
    expect(oneWay(measured, 9000, 3000)).toBe(measured);
  });

  it("an ack of a command stamped by the server is a round trip: the tab's estimate improves", () => {
    const state = { ...EMPTY_STATE, sent: { 'a.1': { kind: 'command' as const, at: 1000 } } };
    const ack: ServerMessage = { type: 'ack', ack: 'a.1', version: 3, serverNow: 61_040 };
    expect(reduce(state, ack, 1080).state.serverTime).toEqual({ offsetMs: 60_000, errorMs: 40 });
    const bare: ServerMessage = { type: 'ack', ack: 'a.1', version: 3 };
    expect(reduce(state, bare, 1080).state.serverTime).toBe(EMPTY_STATE.serverTime);
  });

  it('a game view from a server whose clock is a minute ahead ticks right on the client: the offset does not show', () => {
    // the server's turn started at 600_000 (its clock) with 10 s of main time; the client's clock reads 60 s less
    const clock: ClockView = {
      black: { mainMs: 10_000, periods: 2 }, white: { mainMs: 10_000, periods: 2 }, byoyomiMs: 30_000, incrementMs: 0,
      running: 'black', turnStartedAt: 600_000, deadline: 670_000, serverNow: 601_000, firstMoveDeadline: null,
    };
    const game = gameView({ clock });
    const state = reduce(EMPTY_STATE, { type: 'game', game, reason: 'join' }, 541_000).state;
    const at = (clientNow: number) => clockReading(clock, 'black', serverNow(state.serverTime, clientNow));
    expect(at(541_000)).toEqual({ ms: 9_000, periods: 2, byoyomi: false });
    expect(at(542_600)).toEqual({ ms: 7_400, periods: 2, byoyomi: false });
    expect(formatClock(at(542_600).ms)).toBe('0:07.4');
    expect(at(550_000 + 12_000)).toEqual({ ms: 18_000, periods: 2, byoyomi: true }); // 12 s into the first period
    expect(at(550_000 + 31_000)).toEqual({ ms: 29_000, periods: 1, byoyomi: true }); // the first period spent
    expect(clockReading(clock, 'white', serverNow(state.serverTime, 560_000))).toEqual({ ms: 10_000, periods: 2, byoyomi: false }); // not running
  });
});

describe('a correspondence deadline', () => {
  it.each(['es', 'en', 'ja'])('is a date and time in the reader’s language (%s)', (lang) => {
    const at = Date.UTC(2026, 11, 8, 18, 30);
    expect(formatDateTime(at, lang)).toMatch(/2026/);
    expect(formatDateTime(at, lang)).toBe(new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(at));
  });
});

describe('the low-time alarm, on every kind of clock', () => {
  const clock = (initialSeconds: number, byoyomiSeconds: number, periods: number, incrementSeconds = 0): TimeControl =>
    ({ kind: 'clock', initialSeconds, byoyomiSeconds, periods, incrementSeconds });
  const main = (ms: number, periods = 1): ClockReading => ({ ms, periods, byoyomi: false });
  const period = (ms: number, periods: number): ClockReading => ({ ms, periods, byoyomi: true });
  it.each<[string, TimeControl, ClockReading, number, string | null]>([
    ['untimed', { kind: 'none' }, main(1_000), 0, null],
    ['a turn limit, 12 s left', { kind: 'turn', seconds: 30 }, period(12_000, 1), 30_000, null],
    ['a turn limit, 9 s left', { kind: 'turn', seconds: 30 }, period(9_000, 1), 30_000, 'turn'],
    ['main time, 11 s left', clock(600, 30, 3), main(11_000, 3), 30_000, null],
    ['main time, 9.9 s left', clock(600, 30, 3), main(9_900, 3), 30_000, 'main'],
    ['Fischer alone, 5 s left', clock(1800, 0, 1, 30), main(5_000, 0), 0, 'main'],
    ['byoyomi, 3 periods, 20 s of the first left', clock(600, 30, 3), period(20_000, 3), 30_000, null],
    ['byoyomi, 3 periods, 9 s of the first left', clock(600, 30, 3), period(9_000, 3), 30_000, 'period 3'],
    ['byoyomi, the last period, 9 s left: another stage, another alarm', clock(600, 30, 3), period(9_000, 1), 30_000, 'period 1'],
    ['a 1 s period warns in its second half', clock(1, 1, 2), period(400, 2), 1_000, 'period 2'],
    ['a 1 s period, 0.6 s left', clock(1, 1, 2), period(600, 2), 1_000, null],
    ['correspondence, 2 hours left', { kind: 'correspondence', daysPerMove: 3 }, period(7_200_000, 1), 259_200_000, null],
    ['correspondence, the last hour', { kind: 'correspondence', daysPerMove: 3 }, period(3_500_000, 1), 259_200_000, 'last hour'],
    ['a flag already fallen', clock(600, 30, 3), period(0, 0), 30_000, null],
  ])('%s', (_, tc, reading, byoyomiMs, stage) => expect(lowTimeStage(tc, reading, byoyomiMs)).toBe(stage));
});

describe("a replay's clocks at each ply", () => {
  const tc: TimeControl = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 3, incrementSeconds: 0 };
  const after = (black: [number, number], white: [number, number]) => ({
    black: { mainMs: black[0], periods: black[1] }, white: { mainMs: white[0], periods: white[1] }, lagCreditMs: 0,
  });
  const clocks = [after([595_000, 3], [600_000, 3]), after([595_000, 3], [0, 2])];
  it.each<[string, TimeControl, number, unknown]>([
    ['the start: main time whole', tc, 0, { black: { ms: 600_000, periods: 3, byoyomi: false }, white: { ms: 600_000, periods: 3, byoyomi: false } }],
    ['after Black\'s first move', tc, 1, { black: { ms: 595_000, periods: 3, byoyomi: false }, white: { ms: 600_000, periods: 3, byoyomi: false } }],
    ['White in byoyomi, a period spent: a whole period for its next move', tc, 2, { black: { ms: 595_000, periods: 3, byoyomi: false }, white: { ms: 30_000, periods: 2, byoyomi: true } }],
    ['a move stored without clocks', tc, 3, null],
    ['a turn limit has nothing to step through', { kind: 'turn', seconds: 30 }, 1, null],
    ['nor has correspondence', { kind: 'correspondence', daysPerMove: 3 }, 1, null],
  ])('%s', (_, control, ply, expected) => expect(clocksAt(control, clocks, ply)).toEqual(expected));
});
