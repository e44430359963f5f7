import { describe, expect, it } from 'vitest';
import {
  abortDenial, adjournDenial, cpuName, DEFAULT_ROOM_OPTIONS, giveTimeDenial, nextSeats, ratedAccounts, ratedDenial, RANKED_CONTROLS, resultIsRated,
  sameOccupant, seatLabel, swapsFirst, takebackDenial, takebackPlies, type GameFacts, type Seats,
} from '../src/index.ts';

const ana = { kind: 'human', deviceId: 'd-ana', name: 'Ana' } as const;
const beto = { kind: 'human', deviceId: 'd-beto', name: 'Beto' } as const;
const cpu3 = { kind: 'cpu', level: 3 } as const;
const cpu5 = { kind: 'cpu', level: 5 } as const;
const empty = { kind: 'empty' } as const;
const clock = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } as const;

describe('seats', () => {
  it.each([
    [ana, 'Ana'], [cpu3, 'CPU 3'], [empty, null],
  ] as const)('%o is called %s', (seat, label) => expect(seatLabel(seat)).toBe(label));

  it('names the CPU by its level', () => expect(cpuName(8)).toBe('CPU 8'));

  it.each([
    [ana, ana, true], [ana, beto, false], [cpu3, cpu5, true], // a level is how the CPU plays, not who sits
    [cpu3, ana, false], [empty, empty, true],
  ] as const)('%o and %o: same occupant %s', (a, b, same) => expect(sameOccupant(a, b)).toBe(same));

  it('swaps who moves first when the same pair sits again (RULES.md §8)', () => {
    const seats: Seats = { black: ana, white: beto };
    expect(nextSeats(DEFAULT_ROOM_OPTIONS, seats, seats)).toEqual({ black: beto, white: ana });
    expect(nextSeats(DEFAULT_ROOM_OPTIONS, null, seats)).toEqual(seats); // the first game
    expect(nextSeats({ ...DEFAULT_ROOM_OPTIONS, alternateFirst: false }, seats, seats)).toEqual(seats);
    expect(swapsFirst(DEFAULT_ROOM_OPTIONS, { black: beto, white: ana }, seats)).toBe(false); // they changed seats themselves
    expect(swapsFirst({ ...DEFAULT_ROOM_OPTIONS, startSfen: 'x' }, seats, seats)).toBe(false); // a handicap is never swapped
  });
});

describe('rated or not', () => {
  it('rates chu from the standard start on a long enough clock only', () => {
    expect(ratedDenial({ ...DEFAULT_ROOM_OPTIONS, timeControl: { ...RANKED_CONTROLS['10m+30b'] } })).toBeNull();
    expect(ratedDenial({ ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'none' } })?.code).toBe('malformed');
    expect(ratedDenial({ ...DEFAULT_ROOM_OPTIONS, variant: 'dai', timeControl: clock })?.message).toMatch(/standard start/);
  });
  it('rates two accounts, never a CPU or a guest', () => {
    expect(ratedAccounts({ black: 'a', white: 'b' }, clock)).toEqual({ black: 'a', white: 'b' });
    expect(ratedAccounts({ black: 'a', white: null }, clock)).toBeNull();
    expect(ratedAccounts({ black: 'a', white: 'b' }, { kind: 'none' })).toBeNull();
  });
  it('an aborted game moves no rating', () => {
    expect(resultIsRated(true, { reason: 'abort' })).toBe(false);
    expect(resultIsRated(true, { reason: 'resign' })).toBe(true);
    expect(resultIsRated(false, { reason: 'resign' })).toBe(false);
  });
});

const game = (over: Partial<GameFacts> = {}): GameFacts => ({
  status: 'active', rated: false, options: { ...DEFAULT_ROOM_OPTIONS, timeControl: clock }, ply: 30, turn: 'black',
  seats: { black: ana, white: beto }, sealer: null, ...over,
});

describe('what a game allows', () => {
  it.each([
    [game(), null],
    [game({ rated: true }), 'no-give-time'],
    [game({ ply: 0 }), 'no-give-time'],
    [game({ options: { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'turn', seconds: 30 } } }), 'no-give-time'],
    [game({ status: 'finished' }), 'game-over'],
  ] as const)('give time: %#', (g, code) => expect(giveTimeDenial(g)?.code ?? null).toBe(code));

  it.each([
    [game({ ply: 0 }), null], // before Black's first move
    [game({ ply: 1, rated: true }), null], // before White's: ranked too (an abort is unrated)
    [game({ ply: 2 }), 'cannot-abort'], // both have moved: resign or offer a draw
    [game({ ply: 0, status: 'finished' }), 'game-over'],
  ] as const)('abort (lishogi: until both have moved): %#', (g, code) => expect(abortDenial(g)?.code ?? null).toBe(code));

  it.each([
    [game(), 'black', null],
    [game({ rated: true }), 'black', 'no-takebacks'],
    [game({ seats: { black: ana, white: cpu3 } }), 'black', 'no-takebacks'],
    [game({ seats: { black: ana, white: cpu3 }, options: { ...DEFAULT_ROOM_OPTIONS, cpuTakebacks: true } }), 'black', null],
    [game({ sealer: 'black' }), 'white', 'must-seal'],
  ] as const)('takeback: %#', (g, asker, code) => expect(takebackDenial(g, asker)?.code ?? null).toBe(code));

  it('a takeback undoes the asker\'s move and the reply to it', () => {
    expect(takebackPlies({ ply: 4, turn: 'black' }, 'black')).toBe(2);
    expect(takebackPlies({ ply: 4, turn: 'black' }, 'white')).toBe(1);
    expect(takebackPlies({ ply: 1, turn: 'white' }, 'white')).toBe(0);
  });

  it.each([
    [game(), null],
    [game({ ply: 19 }), 'cannot-adjourn'],
    [game({ seats: { black: ana, white: cpu3 } }), 'cannot-adjourn'],
    [game({ options: { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'correspondence', daysPerMove: 3 } } }), 'cannot-adjourn'],
    [game({ sealer: 'white' }), 'must-seal'],
  ] as const)('adjourn: %#', (g, code) => expect(adjournDenial(g)?.code ?? null).toBe(code));
});
