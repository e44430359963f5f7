// KIF's 持ち時間 and per-move times, written so lishogi's reader (main [+|] byoyomi (periods) [+|] increment) reads them back.
import { describe, expect, it } from 'vitest';
import { kifMoveTime, kifTimeControl, parseKifTimeControl } from '../src/notation/kif-clock.ts';
import type { TimeControl } from '../src/clock.ts';

const clock = (initialSeconds: number, byoyomiSeconds: number, periods: number, incrementSeconds: number) =>
  ({ kind: 'clock', initialSeconds, byoyomiSeconds, periods, incrementSeconds }) as const;

describe('持ち時間', () => {
  it.each<[TimeControl, string | null]>([
    [clock(600, 30, 1, 0), '10分|30秒'],
    [clock(1800, 0, 1, 30), '30分|0秒+30秒'], // lishogi reads a lone `+30秒` as byoyomi, so the empty byoyomi is written
    [clock(3600, 60, 3, 10), '1時間|1分(3)+10秒'],
    [clock(90, 10, 5, 0), '90秒|10秒(5)'],
    [clock(0, 10, 1, 0), '0秒|10秒'],
    [{ kind: 'turn', seconds: 30 }, '0秒|30秒'], // the seed's turn limit is byoyomi alone
    [{ kind: 'correspondence', daysPerMove: 3 }, null],
    [{ kind: 'none' }, null],
  ])('%j → %s, and back', (tc, text) => {
    expect(kifTimeControl(tc)).toBe(text);
    if (text && tc.kind === 'clock') expect(parseKifTimeControl(text)).toEqual(tc);
  });

  it.each([
    ['5分+30秒', clock(300, 30, 1, 0)], // 81Dojo and lishogi's own records
    ['10分|20秒(1)+10', clock(600, 20, 1, 10)],
    ['1時間', clock(3600, 0, 1, 0)],
    ['10分', clock(600, 0, 1, 0)],
    ['ten minutes', null],
  ])('reads %s', (text, tc) => expect(parseKifTimeControl(text)).toEqual(tc));
});

describe("a move's time", () => {
  it.each([
    [7000, 7000, '( 0:07/00:00:07)'],
    [65400, 3725000, '( 1:05/01:02:05)'],
    [0, 0, '( 0:00/00:00:00)'],
    [754000, 754000, '(12:34/00:12:34)'],
  ])('%s ms of %s → %s', (spent, total, text) => expect(kifMoveTime(spent, total)).toBe(text));
});
