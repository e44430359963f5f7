import { START_SFENS } from '@chu/rules';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_OPTIONS, RoomOptionsSchema, ServerMessageSchema } from '../src/index.ts';

const EVEN = { id: 'even', variant: 'chu', grade: 0, sfen: START_SFENS.chu, names: { es: 'Sin hándicap', en: 'Even game', ja: '平手' } };
const seat = (color: 'black' | 'white') => ({
  color, kind: 'human', deviceId: 'd1', name: 'Ana', level: null, connected: true, controller: 'human',
  status: 'away', takeoverInMs: 41_000, account: true, rating: { rating: 1500, provisional: true },
});

// 10 min + 30 s byoyomi, Black's main time down to 9:48, White to move since serverNow − 1.5 s
const CLOCK = {
  black: { mainMs: 588_000, periods: 1 }, white: { mainMs: 600_000, periods: 1 }, byoyomiMs: 30_000, incrementMs: 0,
  running: 'white', turnStartedAt: 1_764_000_000_000, deadline: 1_764_000_630_000, serverNow: 1_764_000_001_500, firstMoveDeadline: null,
};

describe('server messages', () => {
  it('room options default to RULES.md §7', () => {
    expect(DEFAULT_ROOM_OPTIONS).toEqual({
      variant: 'chu', startSfen: null, promotion: 'association', lionTrading: 'protected', bareKing: true, moveLimit: null, heiseiDrops: 'any',
      timeControl: { kind: 'none' }, giveTime: true, alternateFirst: true, graceSeconds: 60, public: false, takebacks: true, cpuTakebacks: false, language: 'es',
    });
    expect(RoomOptionsSchema.safeParse({ graceSeconds: 0 }).success).toBe(false);
  });

  it.each([
    [{ type: 'ack', ack: 'a1', version: 3 }],
    [{ type: 'error', code: 'illegal', message: 'That move is not legal.', reason: 'unreachable', ack: 'a1' }],
    [{ type: 'event', event: { kind: 'move', gameId: 'g', version: 1, usi: '7i7h', ply: 1, color: 'black', byCpu: false, notation: null, turn: 'white', turnRemainingMs: null, clock: null, lagCreditMs: 0 } }],
    [{ type: 'event', event: { kind: 'end', gameId: 'g', version: 9, outcome: { winner: null, reason: 'agreement' }, ratingChanges: null } }],
    [{
      type: 'event',
      event: {
        kind: 'end', gameId: 'g', version: 9, outcome: { winner: 'black', reason: 'resign' },
        ratingChanges: { black: { before: 1500, after: 1662.3, provisional: true }, white: { before: 1500, after: 1337.7, provisional: true } },
      },
    }],
    [{ type: 'event', event: { kind: 'seat', gameId: 'g', version: 3, color: 'white', status: 'away', takeoverInMs: 60_000 } }],
    [{ type: 'event', event: { kind: 'adjourn', gameId: 'g', version: 4, why: 'absence', clock: null } }],
    // adjournment by agreement (RULES.md §7): the sealed move is in none of these
    [{ type: 'event', event: { kind: 'adjourn-offer', gameId: 'g', version: 21, by: 'white' } }],
    [{ type: 'event', event: { kind: 'adjourn-accept', gameId: 'g', version: 22, by: 'black', sealer: 'white' } }],
    [{ type: 'event', event: { kind: 'adjourn', gameId: 'g', version: 23, why: 'agreement', clock: { ...CLOCK, running: null, turnStartedAt: null, deadline: null } } }],
    [{ type: 'event', event: { kind: 'resume-offer', gameId: 'g', version: 24, by: 'black' } }],
    [{ type: 'event', event: { kind: 'resume-decline', gameId: 'g', version: 25, by: 'white' } }],
    [{ type: 'event', event: { kind: 'resume', gameId: 'g', version: 5, turnRemainingMs: 30_000, clock: null } }],
    [{ type: 'event', event: { kind: 'move', gameId: 'g', version: 2, usi: '7i7h', ply: 1, color: 'black', byCpu: false, notation: null, turn: 'white', turnRemainingMs: 630_000, clock: CLOCK, lagCreditMs: 12 } }],
    [{ type: 'event', event: { kind: 'time-given', gameId: 'g', version: 3, by: 'black', ms: 15_000, clock: CLOCK } }],
    [{ type: 'ranked', queue: { control: 'turn30', since: 1_764_000_000_000, rating: 1500 } }],
    [{ type: 'event', event: { kind: 'takeback', gameId: 'g', version: 7, plies: 2, ply: 4, turn: 'black', turnRemainingMs: null, clock: null } }],
    [{ type: 'chat', code: 'ABCDEF', message: { id: 1, channel: 'players', gameId: 'g1', deviceId: 'd1', name: 'Ana', text: '<b>hola</b>', at: '2026-12-01T10:00:00.000Z' } }],
    [{ type: 'lobby', lobby: { rooms: [], live: [{ code: 'ABCDEF', gameId: 'g', black: 'Ana', white: 'CPU 3', accounts: { black: false, white: false }, ply: 12, variant: 'dai', setup: null, rated: false, language: 'ja', spectators: 2 }] } }],
    [{
      type: 'room',
      room: {
        code: 'ABCDEF', invitePath: '/r/ABCDEF', hostDeviceId: 'd1', options: DEFAULT_ROOM_OPTIONS, setup: EVEN,
        seats: { black: seat('black'), white: seat('white') }, present: [], gameId: null, gameNumber: 0, rematchOfferBy: 'white', muted: [],
      },
    }],
  ])('parses %j', (m) => {
    expect(ServerMessageSchema.safeParse(m).success).toBe(true);
  });

  it('an adjournment is by absence (RULES.md §8) or by agreement (§7), nothing else', () => {
    expect(ServerMessageSchema.safeParse({ type: 'event', event: { kind: 'adjourn', gameId: 'g', version: 4, why: 'rain', clock: null } }).success).toBe(false);
  });

  it('refuses a seat status outside the lifecycle of RULES.md §8', () => {
    expect(ServerMessageSchema.safeParse({ type: 'event', event: { kind: 'seat', gameId: 'g', version: 3, color: 'white', status: 'gone', takeoverInMs: null } }).success).toBe(false);
  });

  it('refuses an unknown error code', () => {
    expect(ServerMessageSchema.safeParse({ type: 'error', code: 'oops', message: '' }).success).toBe(false);
  });
});
