// The connection as the client keeps it: versioned game events applied in order (moves, seats,
// adjournment, the end with its rating changes), and an outbox that loses no message to a reconnect.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  net, receive, setTransport, playMove, mySeat, send, joinRoom, leaveRoom, takeoverLeft, waiting, type OutMessage,
} from '../src/lib/net.svelte';
import { Outbox } from '../src/lib/link/outbox';
import { freshNet, gameView, roomView, seat, seatEvent } from './fixtures';

const view = gameView;
const moveEvent = (version: number, usi: string, ply: number, color: 'black' | 'white') => ({
  type: 'event' as const,
  event: { kind: 'move' as const, gameId: 'g1', version, usi, ply, color, byCpu: false, notation: null, turnRemainingMs: null },
});
const sent: OutMessage[] = [];
let link: ReturnType<typeof setTransport>;
beforeEach(() => {
  for (const code of ['ABCDEF', 'QWERTY']) leaveRoom(code); // a fresh connection re-joins nothing
  link = freshNet(sent);
});

describe('game events', () => {
  it('applies events in order and ignores duplicates', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    receive(moveEvent(1, '7i7h', 0, 'black'));
    receive(moveEvent(1, '7i7h', 0, 'black'));
    receive(moveEvent(2, '6d6e', 1, 'white'));
    const g = net.games.g1;
    expect(g.moves).toEqual(['7i7h', '6d6e']);
    expect([g.version, g.ply, g.turn]).toEqual([2, 2, 'black']);
    expect(sent).toEqual([]);
  });

  it('asks for the missing events after a gap instead of guessing', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    receive(moveEvent(3, '7j6h', 2, 'black'));
    expect(net.games.g1.moves).toEqual([]);
    expect(sent).toEqual([{ type: 'sync', gameId: 'g1', version: 0 }]);
  });

  it('a move is optimistic until the server confirms it; a refusal drops it', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    expect(mySeat(net.games.g1)).toBe('black');
    playMove(net.games.g1, '7i7h');
    expect(net.pendingMove.g1).toBe('7i7h');
    expect(sent[0]).toMatchObject({ type: 'move', gameId: 'g1', usi: '7i7h', version: 0 });
    receive(moveEvent(1, '7i7h', 0, 'black'));
    expect(net.pendingMove.g1).toBeUndefined();
    playMove(net.games.g1, '6d6e');
    receive({ type: 'error', code: 'not-your-turn', message: 'no', ack: (sent[1] as { ack: string }).ack });
    expect(net.pendingMove.g1).toBeUndefined();
    expect((sent[0] as { ack: string }).ack).not.toBe((sent[1] as { ack: string }).ack);
  });

  it('storage away: the move waits (shown as reconnecting to storage) and the next acknowledgement clears it', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    playMove(net.games.g1, '7i7h');
    const ack = (sent[0] as { ack: string }).ack;
    receive({ type: 'error', code: 'unavailable', message: 'Storage is unreachable', ack, retryAfterMs: 2000 });
    expect(net.storageDown).toBe(true);
    expect(net.pendingMove.g1).toBe('7i7h'); // not refused: it will be sent again
    receive({ type: 'ack', ack, version: 1 });
    expect(net.storageDown).toBe(false);
  });

  it('an end event finishes the game with its rating changes', () => {
    receive({ type: 'game', game: view({ rated: true }), reason: 'join' });
    const ratingChanges = {
      black: { before: 1500, after: 1662.3, provisional: true },
      white: { before: 1500, after: 1337.7, provisional: true },
    };
    receive({ type: 'event', event: { kind: 'end', gameId: 'g1', version: 1, outcome: { winner: 'black', reason: 'resign' }, ratingChanges } });
    expect(net.games.g1.status).toBe('finished');
    expect(net.games.g1.outcome).toEqual({ winner: 'black', reason: 'resign' });
    expect(net.games.g1.ratingChanges).toEqual(ratingChanges);
  });
});

describe('seats (RULES.md §8)', () => {
  it('present → away (a countdown) → cpu → returned, in the game view and the room view alike', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    receive({ type: 'room', room: roomView() });
    receive({ type: 'game', game: view(), reason: 'join' });
    const both = () => [net.games.g1.seats.white, net.rooms.ABCDEF.seats.white];

    receive(seatEvent(1, 'white', 'away', 60_000));
    for (const s of both()) expect([s.status, s.connected, s.controller]).toEqual(['away', false, 'human']);
    vi.setSystemTime(1_020_000);
    expect(takeoverLeft('g1', 'white', Date.now())).toBe(40_000);

    receive(seatEvent(2, 'white', 'cpu', null));
    for (const s of both()) expect([s.status, s.connected, s.controller]).toEqual(['cpu', false, 'cpu']);
    expect(takeoverLeft('g1', 'white', Date.now())).toBeNull();

    receive(seatEvent(3, 'white', 'returned', null));
    for (const s of both()) expect([s.status, s.connected, s.controller]).toEqual(['returned', true, 'human']);
    vi.useRealTimers();
  });

  it('a room update refreshes the game\'s seats, not only the snapshot the game started with', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    const away = seat('white', 'you', { status: 'away', connected: false, takeoverInMs: 5000 });
    receive({ type: 'room', room: roomView({ seats: { black: seat('black', 'me'), white: away } }) });
    expect(net.games.g1.seats.white).toMatchObject({ status: 'away', connected: false });
    expect(takeoverLeft('g1', 'white', Date.now())).toBeGreaterThan(4000);
  });

  it('adjourn stops the game, resume starts it with a full turn', () => {
    receive({ type: 'game', game: view({ turnTime: 30, turnRemainingMs: 12_000 }), reason: 'join' });
    receive({ type: 'event', event: { kind: 'adjourn', gameId: 'g1', version: 1 } });
    expect(net.games.g1.status).toBe('adjourned');
    receive({ type: 'event', event: { kind: 'resume', gameId: 'g1', version: 2, turnRemainingMs: 30_000 } });
    expect([net.games.g1.status, net.games.g1.turnRemainingMs]).toEqual(['active', 30_000]);
  });
});

describe('the outbox: nothing sent is lost to a reconnect', () => {
  it('messages sent while disconnected go out once back, after the room re-joins, in order', () => {
    receive({ type: 'room', room: roomView() });
    receive({ type: 'game', game: view({ version: 4 }), reason: 'join' });
    joinRoom('ABCDEF');
    sent.length = 0;
    link.down();
    expect(net.status).toBe('offline');
    send({ type: 'room.options', code: 'ABCDEF', options: { turnTime: 30 } });
    send({ type: 'draw', gameId: 'g1', action: 'offer' });
    expect(sent).toEqual([]);
    link.up();
    // the server takes room commands only once the socket is in the room again: its view says so
    expect(sent).toEqual([{ type: 'room.join', code: 'ABCDEF', game: { id: 'g1', version: 4 } }]);
    receive({ type: 'room', room: roomView() });
    expect(sent).toEqual([
      { type: 'room.join', code: 'ABCDEF', game: { id: 'g1', version: 4 } },
      { type: 'room.options', code: 'ABCDEF', options: { turnTime: 30 } },
      { type: 'draw', gameId: 'g1', action: 'offer' },
    ]);
  });

  it('a move the old socket may have lost is sent again with its ack id; once answered, never again', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    joinRoom('ABCDEF');
    playMove(net.games.g1, '7i7h');
    const move = sent.at(-1) as Extract<OutMessage, { type: 'move' }>;
    link.down();
    link.up();
    expect(sent.slice(-1)).toEqual([move]); // same usi, version and ack id: the server applies it once
    receive({ type: 'room', room: roomView({ gameId: null }) });
    receive({ type: 'ack', ack: move.ack, version: 1 });
    sent.length = 0;
    link.down();
    link.up();
    expect(sent).toEqual([{ type: 'room.join', code: 'ABCDEF' }]);
  });

  it('a move made while offline keeps its ack id when it finally goes out', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    link.down();
    playMove(net.games.g1, '7i7h');
    const [queued] = waiting() as Extract<OutMessage, { type: 'move' }>[];
    expect(queued).toMatchObject({ type: 'move', usi: '7i7h', version: 0 });
    link.up();
    expect(sent).toEqual([queued]);
  });

  it('a room joined while offline is joined once, by the reconnect', () => {
    link.down();
    joinRoom('QWERTY');
    link.up();
    expect(sent).toEqual([{ type: 'room.join', code: 'QWERTY' }]);
  });
});

describe('a ranked match while a casual CPU game is open', () => {
  it('leaves the casual room (it adjourns, listed in games in progress) and opens the ranked one', async () => {
    const { router } = await import('../src/lib/router.svelte');
    joinRoom('QWERTY');
    sent.length = 0;
    receive({ type: 'ranked.match', roomCode: 'ABCDEF', gameId: 'g9', color: 'white' });
    expect(sent).toEqual([{ type: 'room.leave', code: 'QWERTY' }]);
    await vi.waitFor(() => expect(router.route).toEqual({ name: 'room', code: 'ABCDEF' }));
  });
});

describe('Outbox', () => {
  it('holds messages back while the identity changes, then lets them out in order', () => {
    const out: string[] = [];
    const box = new Outbox<{ type: string }>((m) => out.push(m.type));
    box.connected([]);
    const release = box.hold();
    box.send({ type: 'room.create' });
    box.send({ type: 'room.sit' });
    expect(out).toEqual([]);
    release();
    release(); // twice is once
    expect(out).toEqual(['room.create', 'room.sit']);
    box.send({ type: 'room.start' });
    expect(out).toEqual(['room.create', 'room.sit', 'room.start']);
  });

  it('a hold that ends with a new socket: the re-joins first, what was superseded dropped', () => {
    const out: string[] = [];
    const box = new Outbox<{ type: string }>((m) => out.push(m.type), (m) => m.type === 'room.join');
    box.connected([]);
    const release = box.hold();
    box.send({ type: 'room.join' });
    box.send({ type: 'room.create' });
    box.down(); // the name was saved: a fresh handshake
    release();
    expect(out).toEqual([]);
    box.connected([{ type: 'room.join' }, { type: 'ranked.join' }]);
    expect(out).toEqual(['room.join', 'ranked.join', 'room.create']);
  });

  it('a retryable refusal sends the same move again after the time the server asked for', () => {
    vi.useFakeTimers();
    const out: { type: string; ack?: string }[] = [];
    const box = new Outbox<{ type: string; ack?: string }>((m) => out.push(m));
    box.connected([]);
    box.send({ type: 'move', ack: 'a.1' });
    box.retry('a.1', 500);
    vi.advanceTimersByTime(499);
    expect(out).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(out).toEqual([{ type: 'move', ack: 'a.1' }, { type: 'move', ack: 'a.1' }]);
    box.answered('a.1');
    box.retry('a.1', 500);
    vi.advanceTimersByTime(1000);
    expect(out).toHaveLength(2);
    vi.useRealTimers();
  });
});
