import { DEFAULT_OPTIONS, Game, OUTCOME_REASONS } from '@chu/rules';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_OPTIONS, OutcomeSchema, RoomOptionsSchema, rulesOptions } from '../src/index.ts';

describe('room options → the rules’ options', () => {
  it('a default room plays by the default rules', () => {
    expect(rulesOptions(DEFAULT_ROOM_OPTIONS)).toEqual(DEFAULT_OPTIONS);
  });

  it('keeps the rules’ four and leaves the room’s own (turn time, first player, grace) behind', () => {
    const room = RoomOptionsSchema.parse({ promotion: 'shogi', lionTrading: 'always', bareKing: false, moveLimit: 300, turnTime: 30 });
    expect(rulesOptions(room)).toEqual({ promotion: 'shogi', lionTrading: 'always', bareKing: false, moveLimit: 300 });
    expect(Game.start(rulesOptions(room)).options).toEqual(rulesOptions(room));
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
