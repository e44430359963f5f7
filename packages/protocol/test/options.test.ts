import { DEFAULT_OPTIONS, Game, OUTCOME_REASONS, START_SFENS, setupById } from '@chu/rules';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROOM_OPTIONS, OutcomeSchema, RoomOptionsPatchSchema, RoomOptionsSchema, roomStartSfen, rulesOptions, setupOfRoom, standardStart,
  startSfenProblem, UsiSchema,
} from '../src/index.ts';

describe('room options → the rules’ options', () => {
  it('a default room plays by the default rules', () => {
    expect(rulesOptions(DEFAULT_ROOM_OPTIONS)).toEqual({ ...DEFAULT_OPTIONS, variant: 'chu' });
    expect(DEFAULT_ROOM_OPTIONS).toMatchObject({ variant: 'chu', startSfen: null });
  });

  it('keeps the rules’ four and leaves the room’s own (turn time, first player, grace) behind', () => {
    const room = RoomOptionsSchema.parse({ promotion: 'shogi', lionTrading: 'always', bareKing: false, moveLimit: 300, timeControl: { kind: 'turn', seconds: 30 } });
    expect(rulesOptions(room)).toEqual({ variant: 'chu', promotion: 'shogi', lionTrading: 'always', bareKing: false, moveLimit: 300 });
    expect(Game.start(rulesOptions(room)).options).toEqual(rulesOptions(room));
  });

  it('a dai room plays dai, with no lion trading whatever its lionTrading says (dai-shogi.md §4)', () => {
    const room = RoomOptionsSchema.parse({ variant: 'dai', lionTrading: 'always' });
    expect(rulesOptions(room)).toMatchObject({ variant: 'dai', lionTrading: 'off' });
    const game = Game.start(rulesOptions(room));
    expect([game.variant, game.startSfen]).toEqual(['dai', START_SFENS.dai]);
  });

  it('a heisei room plays Heisei chu with its heiseiDrops, any unless said (heisei-chu.md §4); other rooms pass none on', () => {
    const room = RoomOptionsSchema.parse({ variant: 'heisei' });
    expect(rulesOptions(room)).toMatchObject({ variant: 'heisei', heiseiDrops: 'any' });
    expect(rulesOptions(RoomOptionsSchema.parse({ variant: 'heisei', heiseiDrops: 'once' })).heiseiDrops).toBe('once');
    expect(rulesOptions(RoomOptionsSchema.parse({ heiseiDrops: 'once' }))).not.toHaveProperty('heiseiDrops');
    const game = Game.start(rulesOptions(room));
    expect([game.variant, game.startSfen, setupOfRoom(room)?.id, standardStart(room)]).toEqual(['heisei', START_SFENS.heisei, 'heisei-even', true]);
    expect(RoomOptionsPatchSchema.safeParse({ heiseiDrops: 'twice' }).success).toBe(false);
    // options stored before Heisei have no heiseiDrops: the default
    const { heiseiDrops: _d, ...old } = room;
    expect(RoomOptionsSchema.parse(old)).toEqual(room);
  });

  it('a move may be a drop: the piece’s capital, *, the square (heisei-chu.md §1)', () => {
    for (const usi of ['O*5e', 'L*12c', 'O*5c+']) expect(UsiSchema.safeParse(usi).success).toBe(true);
    for (const usi of ['o*5e', 'O*', '*5e', 'O*5e5d', 'OO*5e']) expect(UsiSchema.safeParse(usi).success).toBe(false);
  });

  it('options stored before variants existed read as chu from the standard start', () => {
    const { variant: _v, startSfen: _s, ...old } = DEFAULT_ROOM_OPTIONS;
    expect(RoomOptionsSchema.parse(old)).toEqual(DEFAULT_ROOM_OPTIONS);
    expect(rulesOptions(old).variant).toBe('chu');
  });
});

describe('room options: the start position (docs/handicaps.md)', () => {
  const threeLions = setupById('three-lions')!;

  it('a handicap SFEN of the variant is taken, named, and is no standard start', () => {
    const room = RoomOptionsSchema.parse({ startSfen: threeLions.sfen });
    expect(roomStartSfen(room)).toBe(threeLions.sfen);
    expect(setupOfRoom(room)).toMatchObject({ id: 'three-lions', grade: 11, names: { en: 'Three Lions' } });
    expect(standardStart(room)).toBe(false);
    expect([standardStart(DEFAULT_ROOM_OPTIONS), setupOfRoom(DEFAULT_ROOM_OPTIONS)?.id, roomStartSfen(DEFAULT_ROOM_OPTIONS)]).toEqual([true, 'even', START_SFENS.chu]);
    const dai = RoomOptionsSchema.parse({ variant: 'dai' });
    expect([standardStart(dai), setupOfRoom(dai)?.id, roomStartSfen(dai)]).toEqual([true, 'dai-even', START_SFENS.dai]);
  });

  it('any other legal position is taken too, unnamed', () => {
    const sfen = '6k5/6g5/12/12/12/12/12/12/12/12/5G6/5K6 b - 1';
    const room = RoomOptionsSchema.parse({ startSfen: sfen });
    expect([setupOfRoom(room), standardStart(room)]).toEqual([null, false]);
  });

  it.each([
    ['not a SFEN', { startSfen: 'hello' }, 'startSfen is not a chu shogi position: expected "<board> <b|w> <lion square|-> <move number>", got 1 field(s)'],
    ['a chu SFEN in a dai room', { variant: 'dai', startSfen: START_SFENS.chu },
      'startSfen is not a dai shogi position: board has 12 ranks: that is a chu shogi position, and this game is dai shogi (15 ranks)'],
    ['a dai SFEN in a chu room', { startSfen: START_SFENS.dai },
      'startSfen is not a chu shogi position: board has 15 ranks: that is a dai shogi position, and this game is chu shogi (12 ranks)'],
    ['no White King', { startSfen: '12/12/12/12/12/12/12/12/12/12/12/5K6 b - 1' }, 'startSfen: each side needs a King (or a Prince), White has none'],
    ['a finished game (King against King)', { startSfen: '6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1' },
      'startSfen: the game is already over in this position (bare-king)'],
    ['a control character', { startSfen: `${START_SFENS.chu}\n` }, 'a SFEN is printable ASCII'],
  ])('%s is refused, naming the problem', (_what, options, message) => {
    const r = RoomOptionsSchema.safeParse(options);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['startSfen', message]]);
  });

  it('a patch may change the variant alone; the merged options are what is checked', () => {
    const patch = RoomOptionsPatchSchema.parse({ variant: 'dai' }); // a patch alone is fine
    const chuHandicap = RoomOptionsSchema.parse({ startSfen: threeLions.sfen });
    const merged = RoomOptionsSchema.safeParse({ ...chuHandicap, ...patch });
    expect(merged.success).toBe(false);
    expect(merged.error!.issues[0].message).toMatch(/^startSfen is not a dai shogi position: board has 12 ranks/);
    expect(RoomOptionsSchema.safeParse({ ...chuHandicap, ...patch, startSfen: null }).success).toBe(true);
    expect(startSfenProblem({ variant: 'dai', startSfen: threeLions.sfen })).toBe(merged.error!.issues[0].message);
    expect(startSfenProblem({ variant: 'dai', startSfen: null })).toBeNull();
  });
});

describe('outcome reasons', () => {
  it.each(OUTCOME_REASONS)('%s, recorded by the rules, goes on the wire', (reason) => {
    expect(OutcomeSchema.safeParse({ winner: null, reason }).success).toBe(true);
  });

  it('refuses a reason the rules never give', () => {
    expect(OutcomeSchema.safeParse({ winner: null, reason: 'repetition' }).success).toBe(false);
  });
});
