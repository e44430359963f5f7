// The client's state as server messages change it (lib/client/state.ts, a pure reducer): versioned
// game events applied in order, what the server says taken as said (the side to move, the takeback's
// length), a gap answered by a `sync` request rather than a guess, refusals matched to the command
// by its ack id, and the room's seats as the one copy of how the players are.
import { describe, expect, it } from 'vitest';
import type { ClientMessage, GameEvent, ServerMessage } from '@chu/protocol';
import { EMPTY_STATE, reduce, seatOf, seatsOf, takeoverLeft, type ClientState, type Request } from '../src/lib/client/state';
import { gameView, moveEvent, roomView, seat, seatEvent } from './fixtures';

const NOW = 1_000_000;
type Of<E> = E extends unknown ? Omit<E, 'gameId'> : never;
const ev = (e: Of<GameEvent>): ServerMessage => ({ type: 'event', event: { gameId: 'g1', ...e } as GameEvent });
const state = (over: Partial<ClientState> = {}): ClientState => ({ ...EMPTY_STATE, device: { id: 'me', name: 'me' }, ...over });
const withGame = (over: Parameters<typeof gameView>[0] = {}, s: Partial<ClientState> = {}) => state({ games: { g1: gameView(over) }, ...s });
/** Every message in turn, the requests gathered. */
function run(s: ClientState, ...msgs: ServerMessage[]): { state: ClientState; requests: Request[] } {
  const requests: Request[] = [];
  for (const m of msgs) {
    const r = reduce(s, m, NOW);
    s = r.state;
    requests.push(...r.requests);
  }
  return { state: s, requests };
}
const sends = (requests: Request[]): ClientMessage[] => requests.flatMap((r) => (r.kind === 'send' || r.kind === 'command' ? [r.msg] : []));
const played = ['7i7h', '6d6e', '7j6h'];

describe('game events, in order', () => {
  // [what happens, the game before, the messages, the game's fields after, the messages the client asks to send]
  const rows: [string, Parameters<typeof gameView>[0], ServerMessage[], Record<string, unknown>, ClientMessage[]][] = [
    ['moves apply in order; a duplicate is ignored; the side to move is the event\'s',
      {}, [moveEvent(1, '7i7h', 0, 'black'), moveEvent(1, '7i7h', 0, 'black'), moveEvent(2, '6d6e', 1, 'white')],
      { moves: ['7i7h', '6d6e'], version: 2, ply: 2, turn: 'black' }, []],
    ['a gap is not guessed: a sync request from the version the client has',
      {}, [moveEvent(3, '7j6h', 2, 'black')], { moves: [], version: 0 }, [{ type: 'sync', gameId: 'g1', version: 0 }]],
    ['a takeback after a gap is not guessed either',
      { moves: [...played], version: 3, ply: 3, turn: 'white' }, [ev({ kind: 'takeback', version: 6, plies: 2, ply: 1, turn: 'white', turnRemainingMs: null, clock: null })],
      { moves: played, version: 3 }, [{ type: 'sync', gameId: 'g1', version: 3 }]],
    ['two plies undone: the turn is the event\'s, the offers cleared, the clock read anew',
      { moves: [...played], version: 3, ply: 3, turn: 'white', drawOfferBy: 'white', takebackOfferBy: 'white', turnRemainingMs: 12_000 },
      [ev({ kind: 'takeback', version: 4, plies: 2, ply: 1, turn: 'white', turnRemainingMs: 30_000, clock: null })],
      { moves: ['7i7h'], ply: 1, turn: 'white', drawOfferBy: null, takebackOfferBy: null, turnRemainingMs: 30_000 }, []],
    ['one ply undone: the turn is the event\'s',
      { moves: [...played], version: 3, ply: 3, turn: 'white' }, [ev({ kind: 'takeback', version: 4, plies: 1, ply: 2, turn: 'black', turnRemainingMs: null, clock: null })],
      { moves: ['7i7h', '6d6e'], turn: 'black' }, []],
    ['a takeback offer, declined; a move clears an offer too',
      { moves: [...played], version: 3, ply: 3, turn: 'white' },
      [ev({ kind: 'takeback-offer', version: 4, by: 'black' }), ev({ kind: 'takeback-decline', version: 5, by: 'white' }), ev({ kind: 'takeback-offer', version: 6, by: 'white' }), { ...moveEvent(7, '6e6f', 3, 'white') }],
      { takebackOfferBy: null, moves: [...played, '6e6f'] }, []],
    ['a draw offer stands until declined',
      {}, [ev({ kind: 'draw-offer', version: 1, by: 'white' })], { drawOfferBy: 'white' }, []],
    ['adjourned, then resumed with a full turn',
      { turnRemainingMs: 12_000 }, [ev({ kind: 'adjourn', version: 1, why: 'absence', clock: null }), ev({ kind: 'resume', version: 2, turnRemainingMs: 30_000, clock: null })],
      { status: 'active', adjourned: null, turnRemainingMs: 30_000, version: 2 }, []],
    // RULES.md §7: adjournment by agreement, each step the server's; no event carries the sealed move
    ['an offer to adjourn, declined; another lapses with a move',
      { moves: [...played], version: 3, ply: 3, turn: 'white' },
      [ev({ kind: 'adjourn-offer', version: 4, by: 'black' }), ev({ kind: 'adjourn-decline', version: 5, by: 'white' }), ev({ kind: 'adjourn-offer', version: 6, by: 'black' }), moveEvent(7, '6e6f', 3, 'white')],
      { adjournment: { offerBy: null, sealer: null, sealed: false, resumeOfferBy: null }, moves: [...played, '6e6f'] }, []],
    ['agreed: White, to move, seals; sealed, the game is adjourned by agreement with the clocks stopped',
      { moves: [...played], version: 3, ply: 3, turn: 'white' },
      [ev({ kind: 'adjourn-offer', version: 4, by: 'black' }), ev({ kind: 'adjourn-accept', version: 5, by: 'white', sealer: 'white' }), ev({ kind: 'adjourn', version: 6, why: 'agreement', clock: null })],
      { status: 'adjourned', adjourned: 'agreement', moves: played, ply: 3, adjournment: { offerBy: null, sealer: 'white', sealed: true, resumeOfferBy: null } }, []],
    ['adjourned by absence while sealing: resumed, the sealer still seals',
      { moves: [...played], version: 3, ply: 3, turn: 'white', adjournment: { offerBy: null, sealer: 'white', sealed: false, resumeOfferBy: null } },
      [ev({ kind: 'adjourn', version: 4, why: 'absence', clock: null }), ev({ kind: 'resume', version: 5, turnRemainingMs: 30_000, clock: null })],
      { status: 'active', adjourned: null, adjournment: { offerBy: null, sealer: 'white', sealed: false, resumeOfferBy: null } }, []],
    ['resume offered, declined, offered, accepted: the sealed move comes as a move, and the adjournment is over',
      { moves: [...played], version: 3, ply: 3, turn: 'white', status: 'adjourned', adjourned: 'agreement', adjournment: { offerBy: null, sealer: 'white', sealed: true, resumeOfferBy: null } },
      [ev({ kind: 'resume-offer', version: 4, by: 'black' }), ev({ kind: 'resume-decline', version: 5, by: 'white' }), ev({ kind: 'resume-offer', version: 6, by: 'white' }),
        ev({ kind: 'resume', version: 7, turnRemainingMs: null, clock: null }), moveEvent(8, '6e6f', 3, 'white')],
      { status: 'active', adjourned: null, moves: [...played, '6e6f'], adjournment: { offerBy: null, sealer: null, sealed: false, resumeOfferBy: null } }, []],
    ['the end, with its rating changes',
      { rated: true },
      [ev({ kind: 'end', version: 1, outcome: { winner: 'black', reason: 'resign' }, ratingChanges: { black: { before: 1500, after: 1662.3, provisional: true }, white: { before: 1500, after: 1337.7, provisional: true } } })],
      { status: 'finished', outcome: { winner: 'black', reason: 'resign' }, ratingChanges: { black: { before: 1500, after: 1662.3, provisional: true }, white: { before: 1500, after: 1337.7, provisional: true } } }, []],
    ['a seat event changes no game field (the room view that follows it carries the seat)',
      {}, [seatEvent(1, 'white', 'away', 60_000)], { version: 1, seats: gameView().seats }, []],
  ];
  it.each(rows)('%s', (_, before, msgs, after, asked) => {
    const r = run(withGame(before), ...msgs);
    expect(r.state.games.g1).toMatchObject(after);
    expect(sends(r.requests)).toEqual(asked);
  });

  it('an event of a game this tab has never seen asks for all of it', () => {
    expect(run(state(), moveEvent(1, '7i7h', 0, 'black')).requests).toEqual([{ kind: 'send', msg: { type: 'sync', gameId: 'g1', version: 0 } }]);
  });

  it('a move asks for its sound, with what the server says of it', () => {
    expect(run(withGame(), moveEvent(1, '7i7h', 0, 'black', { notation: 'P-7h' })).requests).toEqual([{ kind: 'moved', usi: '7i7h', notation: 'P-7h' }]);
  });

  it('the reducer changes nothing it is given', () => {
    const before = withGame();
    const frozen = structuredClone(before);
    run(before, moveEvent(1, '7i7h', 0, 'black'), seatEvent(2, 'white', 'away', 5000), { type: 'room', room: roomView() });
    expect(before).toEqual(frozen);
  });
});

describe('acks and refusals, matched by ack id', () => {
  const moveSent = withGame({}, { pendingMove: { g1: '7i7h' }, sent: { 'a.1': { kind: 'move', gameId: 'g1' } } });
  const chatSent = state({ sent: { 'a.2': { kind: 'chat', code: 'ABCDEF' } } });
  // [what happens, the state, the message, what the state says after, the requests]
  const rows: [string, ClientState, ServerMessage, Record<string, unknown>, Request[]][] = [
    ['a refused move is dropped, and its refusal shown as the move\'s',
      moveSent, { type: 'error', code: 'illegal', message: 'no', reason: 'counter-strike', ack: 'a.1' },
      { pendingMove: { g1: undefined }, sent: {}, error: { code: 'illegal', message: 'no', reason: 'counter-strike', move: true, at: NOW } },
      [{ kind: 'answered', ack: 'a.1' }]],
    ['storage away: the move waits, to be sent again when the server says',
      moveSent, { type: 'error', code: 'unavailable', message: 'Storage is unreachable', ack: 'a.1', retryAfterMs: 2000 },
      { pendingMove: { g1: '7i7h' }, storageDown: true, error: null }, [{ kind: 'retry', ack: 'a.1', afterMs: 2000 }]],
    ['an ack clears the storage warning and the command',
      { ...moveSent, storageDown: true }, { type: 'ack', ack: 'a.1', version: 1 }, { storageDown: false, sent: {} }, [{ kind: 'answered', ack: 'a.1' }]],
    ['a refused chat message goes back to the chat, not to a game banner',
      chatSent, { type: 'error', code: 'rate-limited', message: 'At most 5 messages every 10 s.', ack: 'a.2' },
      { error: null, sent: {} },
      [{ kind: 'answered', ack: 'a.2' }, { kind: 'chat-refused', ack: 'a.2', code: 'rate-limited', message: 'At most 5 messages every 10 s.' }]],
    ['an error with no ack is the room\'s answer: a banner (a chat waiting is not guessed at)',
      chatSent, { type: 'error', code: 'not-seated', message: 'You are not seated.' },
      { error: { code: 'not-seated', message: 'You are not seated.', reason: undefined, move: false, at: NOW }, sent: chatSent.sent }, []],
    ['account-required is the ranked queue\'s, not a banner',
      state({ ranked: { state: 'joining', control: 'turn30' } }), { type: 'error', code: 'account-required' as 'internal', message: 'Log in.' },
      { ranked: { state: 'idle', error: 'account-required' }, error: null }, []],
    ['an error naming the queue\'s join is its refusal',
      state({ ranked: { state: 'joining', control: 'turn30' }, sent: { 'a.4': { kind: 'ranked' } } }), { type: 'error', code: 'malformed', message: 'Malformed message.', ack: 'a.4' },
      { ranked: { state: 'idle', error: 'refused' }, error: null, sent: {} }, [{ kind: 'answered', ack: 'a.4' }]],
    ['an error naming another command is a banner, and does not touch the queue',
      state({ ranked: { state: 'joining', control: 'turn30' }, sent: { 'a.5': { kind: 'command' } } }), { type: 'error', code: 'not-seated', message: 'You are not seated.', ack: 'a.5' },
      { ranked: { state: 'joining', control: 'turn30' }, error: { code: 'not-seated', move: false }, sent: {} }, [{ kind: 'answered', ack: 'a.5' }]],
  ];
  it.each(rows)('%s', (_, before, msg, after, requests) => {
    const r = run(before, msg);
    expect(r.state).toMatchObject(after);
    expect(r.requests).toEqual(requests);
  });
});

describe('rooms', () => {
  const away = seat('white', 'you', { status: 'away', connected: false, takeoverInMs: 5000 });

  it('the room\'s seats are how the game\'s players are now, while the same people sit there', () => {
    const s = run(withGame(), { type: 'room', room: roomView({ seats: { black: seat('black', 'me'), white: away } }) }).state;
    expect(seatsOf(s, s.games.g1).white).toMatchObject({ status: 'away', connected: false });
    expect(s.games.g1.seats.white.status).toBe('present'); // who played, as the game came: not kept in step
    expect(takeoverLeft(s, 'g1', 'white', NOW + 1000)).toBe(4000);
    expect(takeoverLeft(s, 'g1', 'white', NOW - 1000)).toBe(5000); // never above the reading
  });

  it('after the game, other people in the seats: the game keeps who played it', () => {
    const s = run(withGame({ status: 'finished' }), { type: 'room', room: roomView({ seats: { black: seat('black', 'me'), white: seat('white', 'eva') } }) }).state;
    expect(seatsOf(s, s.games.g1).white.deviceId).toBe('you');
  });

  it('the room this tab made (room.create, or room.cpuGame with its seats and game) is opened and joined', () => {
    const made = run(state({ creating: { id: 1, known: ['QWERTY'] } }), { type: 'room', room: roomView() });
    expect(made.state).toMatchObject({ creating: null, joined: ['ABCDEF'] });
    expect(made.requests).toEqual([{ kind: 'open', code: 'ABCDEF' }]);
    // a room this tab already knew, or another host's, is not the one it asked for
    expect(run(state({ creating: { id: 1, known: ['ABCDEF'] } }), { type: 'room', room: roomView() }).requests).toEqual([]);
    expect(run(state({ creating: { id: 1, known: [] } }), { type: 'room', room: roomView({ hostDeviceId: 'ana' }) }).requests).toEqual([]);
  });

  it('a refused room.create or room.cpuGame lets the person try again at once, with the reason shown', () => {
    const r = run(state({ creating: { id: 1, known: [] }, sent: { 'a.3': { kind: 'create' } } }), { type: 'error', code: 'rate-limited', message: 'Slow down.', ack: 'a.3' });
    expect(r.state).toMatchObject({ creating: null, sent: {}, error: { code: 'rate-limited', move: false } });
    expect(r.requests).toEqual([{ kind: 'answered', ack: 'a.3' }]); // not sent again by itself: only moves are
  });

  it('a room joined from the lobby: sit in its free seat, or watch when someone was quicker', () => {
    const free = roomView({ gameId: null, seats: { black: seat('black', 'ana'), white: seat('white', '', { kind: 'empty', deviceId: null }) } });
    expect(sends(run(state({ sitting: 'ABCDEF' }), { type: 'room', room: free }).requests)).toEqual([{ type: 'room.sit', code: 'ABCDEF' }]);
    const taken = run(state({ sitting: 'ABCDEF' }), { type: 'room', room: roomView({ gameId: null, seats: { black: seat('black', 'ana'), white: seat('white', 'eva') } }) });
    expect([sends(taken.requests), taken.state.full, taken.state.sitting]).toEqual([[], 'ABCDEF', null]);
  });

  it('a ranked match leaves the casual rooms and opens its own', () => {
    const r = run(state({ joined: ['QWERTY', 'K7QMPX'] }), { type: 'ranked.match', roomCode: 'K7QMPX', gameId: 'g9', color: 'white' });
    expect(r.requests).toEqual([{ kind: 'send', msg: { type: 'room.leave', code: 'QWERTY' } }, { kind: 'open', code: 'K7QMPX' }]);
    expect(r.state.joined).toEqual(['K7QMPX']);
  });

  it('the seat this device holds', () => {
    expect(seatOf('me', roomView())).toBe('black');
    expect(seatOf('eva', roomView())).toBeNull();
    expect(seatOf(undefined, roomView())).toBeNull();
  });
});
