import { describe, expect, it } from 'vitest';
import { ClientMessageSchema, RoomCodeSchema, UsiSchema } from '../src/index.ts';

describe('client messages', () => {
  it.each([
    [{ type: 'room.create' }],
    [{ type: 'room.create', options: { timeControl: { kind: 'turn', seconds: 30 }, bareKing: false } }],
    [{ type: 'room.create', options: { timeControl: { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } } }],
    [{ type: 'room.create', options: { timeControl: { kind: 'clock', initialSeconds: 1800, byoyomiSeconds: 0, periods: 1, incrementSeconds: 30 } } }],
    [{ type: 'room.create', options: { timeControl: { kind: 'correspondence', daysPerMove: 3 }, giveTime: false } }],
    [{ type: 'give-time', gameId: 'g1', ack: 'a4' }],
    [{ type: 'room.join', code: 'abcdef' }], // codes are case-insensitive
    [{ type: 'room.join', code: 'ABCDEF', game: { id: 'g1', version: 3 } }],
    [{ type: 'room.cpu', code: 'ABCDEF', color: 'white', level: 3 }],
    [{ type: 'room.cpu', code: 'ABCDEF', color: 'white', level: null }],
    [{ type: 'move', gameId: 'g1', usi: '7i7h', version: 0, ack: 'a1' }],
    [{ type: 'move', gameId: 'g1', usi: '6f6e5d', version: 4, ack: 'a2' }], // lion double move
    [{ type: 'move', gameId: 'g1', usi: '10i10h+', version: 4, ack: 'a3' }],
    [{ type: 'draw', gameId: 'g1', action: 'offer' }],
    [{ type: 'takeback', gameId: 'g1', action: 'accept' }],
    [{ type: 'adjourn', gameId: 'g1', action: 'offer', ack: 'j1' }],
    [{ type: 'seal', gameId: 'g1', usi: '6f6e5d', version: 22, ack: 'j2' }],
    [{ type: 'resume', gameId: 'g1', action: 'decline' }],
    [{ type: 'room.rematch', code: 'ABCDEF', action: 'decline' }],
    [{ type: 'chat.send', code: 'ABCDEF', channel: 'players', text: '  buena partida  ' }], // trimmed
    [{ type: 'chat.mute', code: 'ABCDEF', deviceId: 'd2', muted: true }],
    [{ type: 'lobby.watch' }],
    [{ type: 'room.create', options: { public: true, language: 'ja', cpuTakebacks: true } }],
    [{ type: 'room.create', options: { variant: 'dai', startSfen: null } }],
    [{ type: 'room.options', code: 'ABCDEF', options: { variant: 'dai' } }], // checked by the server on the merged options
    [{ type: 'room.cpuGame', level: 3 }], // the person at black
    [{ type: 'room.cpuGame', level: 8, color: 'white', options: { language: 'en' }, ack: 'c1' }],
    [{ type: 'chat.send', code: 'ABCDEF', channel: 'spectators', text: 'hola', ack: 'chat-1' }], // every command may carry an ack id
    [{ type: 'room.sit', code: 'ABCDEF', ack: 's1' }],
    [{ type: 'ranked.join', control: '30m+30f', ack: 'r1' }],
  ])('accepts %j', (m) => {
    expect(ClientMessageSchema.safeParse(m).success).toBe(true);
  });

  it.each([
    [null],
    ['move'],
    [{ type: 'nope' }],
    [{ type: 'move', gameId: 'g1', usi: '7i7h', version: 0 }], // no ack id
    [{ type: 'move', gameId: 'g1', usi: '16a1a', version: 0, ack: 'x' }], // no file 16 in either game
    [{ type: 'move', gameId: 'g1', usi: '7i7h', version: -1, ack: 'x' }],
    [{ type: 'move', gameId: 'g1', usi: '7i7h', version: 0, ack: 'x', extra: 1 }], // strict
    [{ type: 'room.create', options: { timeControl: { kind: 'turn', seconds: 45 } } }], // only 30 or 60
    [{ type: 'room.create', options: { timeControl: { kind: 'correspondence', daysPerMove: 4 } } }], // 1, 2, 3, 5, 7, 10, 14
    [{ type: 'room.create', options: { timeControl: { kind: 'clock', initialSeconds: 181 * 60, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } } }],
    [{ type: 'room.create', options: { timeControl: { kind: 'clock', initialSeconds: 60, byoyomiSeconds: 30, periods: 6, incrementSeconds: 0 } } }],
    [{ type: 'give-time', gameId: 'g1' }], // no ack id
    [{ type: 'seal', gameId: 'g1', usi: '7i7h', version: 22 }], // a sealed move is a move: its ack id is required
    [{ type: 'adjourn', gameId: 'g1', action: 'seal' }],
    [{ type: 'resume', gameId: 'g1' }], // offer, accept or decline
    [{ type: 'room.join', code: 'ABC' }],
    [{ type: 'room.join', code: 'ABCDE0' }], // 0 is not in the alphabet
    [{ type: 'room.cpu', code: 'ABCDEF', color: 'red', level: 1 }],
    [{ type: 'draw', gameId: 'g1', action: 'maybe' }],
    [{ type: 'chat.send', code: 'ABCDEF', channel: 'all', text: 'hi' }], // players | spectators
    [{ type: 'chat.send', code: 'ABCDEF', channel: 'players', text: 'x'.repeat(301) }],
    [{ type: 'chat.send', code: 'ABCDEF', channel: 'players', text: 'line\nbreak' }], // one line
    [{ type: 'room.create', options: { language: 'fr' } }],
    [{ type: 'room.cpuGame', level: 9 }], // levels 1-8
    [{ type: 'room.cpuGame', level: 3, code: 'ABCDEF' }], // it makes its own room
    [{ type: 'chat.send', code: 'ABCDEF', channel: 'spectators', text: 'hola', ack: 'no spaces' }],
  ])('refuses %j', (m) => {
    expect(ClientMessageSchema.safeParse(m).success).toBe(false);
  });

  it('normalises room codes to upper case', () => {
    expect(RoomCodeSchema.parse('k7qmpx')).toBe('K7QMPX');
  });

  it.each([
    ['7i7h', true], ['12l1a', true], ['6f6e6f', true], ['0a1a', false], ['7i7h++', false], ['7p7h', false], ['16a1a', false],
    ['15o14n', true], ['10n11m10n', true], ['5f4e+', true], // dai squares (docs/dai-shogi.md §1)
  ])(
    'usi %s → %s', (usi, ok) => {
      expect(UsiSchema.safeParse(usi).success).toBe(ok);
    });

  it.each([
    [{ timeControl: { kind: 'clock', initialSeconds: 0, byoyomiSeconds: 0, periods: 1, incrementSeconds: 0 } }, 'a clock needs main time, byoyomi or an increment'],
    [{ turnTime: 30 }, 'turnTime was replaced by timeControl'], // a pre-clock client is told what to send instead
  ])('refuses %j saying why', (options, why) => {
    const r = ClientMessageSchema.safeParse({ type: 'room.create', options });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toContain(why);
  });
});
