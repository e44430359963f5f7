// KIF's 持ち時間 and per-move times, written so lishogi's reader (main [+|] byoyomi (periods) [+|] increment) reads them back.
import { parseKifMovesOrDrops } from 'shogiops/notation/kif';
import { makeUsi as shogiopsUsi } from 'shogiops/util';
import { describe, expect, it } from 'vitest';
import { kifMoveTime, kifTimeControl, parseKifTimeControl } from '../src/notation/kif-clock.ts';
import { Game, parseKif, toKif, unwrap } from '../src/index.ts';
import type { TimeControl } from '../src/clock.ts';
import { gameOf, KINGS, playAll } from './helpers.ts';

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

describe('a timed game as KIF, and back', () => {
  // Black's Lion eats twice (a double move), White replies; the times are each move's, in ms
  const scene = () => playAll(gameOf({ ...KINGS, '6f': 'N', '6e': 'p', '5d': 'p', '4c': 's' }), '6f6e5d', '4c5d', '12k12j');
  const times = [7_400, 65_000, 3_000];

  it('writes each move\'s time after it (a double move\'s on its second line), its side\'s total after the slash', () => {
    const kif = toKif(scene(), { timeControl: '10分|30秒(3)' }, times);
    expect(kif).toContain('持ち時間：10分|30秒(3)\n');
    expect(kif.split('\n').filter((l) => /手目/.test(l))).toEqual([
      '   1手目一歩目 6五獅子 （←6六）',
      '   1手目二歩目 5四獅子 （←6五）   ( 0:07/00:00:07)',
      '   2手目   仝銀将 （←4三）   ( 1:05/00:01:05)',
      '   3手目   12十歩兵 （←12十一）   ( 0:03/00:00:10)',
    ]);
  });

  it('our import reads it back: the same moves, the same control', () => {
    const back = unwrap(parseKif(toKif(scene(), { timeControl: '10分|30秒(3)' }, times)));
    expect(back.moves).toEqual(scene().moves);
    expect(parseKifTimeControl(back.header.timeControl!)).toEqual(clock(600, 30, 3, 0));
  });

  it('shogiops (lishogi\'s reader in the browser) reads the timed move lines to the same moves', () => {
    const lines = toKif(scene(), {}, times).split('\n').filter((l) => /手目/.test(l));
    expect(parseKifMovesOrDrops(lines).map(shogiopsUsi)).toEqual(scene().moves);
  });

  it('without times the record is as it always was', () => {
    expect(toKif(Game.start())).toBe(toKif(Game.start(), {}, undefined));
    expect(toKif(scene())).not.toMatch(/\(\s*\d+:\d\d\//);
  });
});
