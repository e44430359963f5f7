// The link: an outbox that loses no message to a reconnect, the rooms re-joined first (handed to it by
// the store), moves sent again with their ack ids; and the commands that go through it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '@chu/protocol';
import { connection, setTransport, waiting } from '../src/lib/link/link.svelte';
import { client, receive } from '../src/lib/client/store.svelte';
import { joinRoom, offerDraw, playMove, setRoomOptions } from '../src/lib/client/commands';
import { Outbox } from '../src/lib/link/outbox';
import { freshNet, gameView, roomView } from './fixtures';

const view = gameView;
type OutMessage = ClientMessage;
const sent: OutMessage[] = [];
let link: ReturnType<typeof setTransport>;
beforeEach(() => {
  link = freshNet(sent); // a fresh connection re-joins nothing
});

describe('the outbox: nothing sent is lost to a reconnect', () => {
  it('messages sent while disconnected go out once back, after the room re-joins, in order', () => {
    receive({ type: 'room', room: roomView() });
    receive({ type: 'game', game: view({ version: 4 }), reason: 'join' });
    joinRoom('ABCDEF');
    sent.length = 0;
    link.down();
    expect(connection.status).toBe('offline');
    setRoomOptions('ABCDEF', { timeControl: { kind: 'turn', seconds: 30 } });
    offerDraw('g1');
    expect(sent).toEqual([]);
    link.up();
    // the server takes room commands only once the socket is in the room again: its view says so
    expect(sent).toEqual([{ type: 'room.join', code: 'ABCDEF', game: { id: 'g1', version: 4 } }]);
    receive({ type: 'room', room: roomView() });
    expect(sent).toEqual([
      { type: 'room.join', code: 'ABCDEF', game: { id: 'g1', version: 4 } },
      { type: 'room.options', code: 'ABCDEF', options: { timeControl: { kind: 'turn', seconds: 30 } }, ack: expect.any(String) },
      { type: 'draw', gameId: 'g1', action: 'offer', ack: expect.any(String) },
    ]);
  });

  it('a move the old socket may have lost is sent again with its ack id; once answered, never again', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    joinRoom('ABCDEF');
    playMove(client.games.g1, '7i7h');
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
    playMove(client.games.g1, '7i7h');
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
