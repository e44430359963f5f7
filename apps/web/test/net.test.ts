// Versioned game events: applied in order, duplicates ignored, a gap asks the server to replay it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameView } from '@chu/protocol';
import { net, receive, setTransport, playMove, mySeat, type OutMessage } from '../src/lib/net.svelte';

const seat = (color: 'black' | 'white', deviceId: string) => ({
  color, kind: 'human' as const, deviceId, name: deviceId, level: null, connected: true, controller: 'human' as const,
});
// cast, not annotated: the view may gain fields (rated, ratings) without breaking this fixture
const view = (over: Partial<GameView> = {}): GameView => ({
  id: 'g1', roomCode: 'ABCDEF', rated: false,
  options: { promotion: 'association', lionTrading: 'protected', bareKing: true, moveLimit: null, turnTime: null, alternateFirst: true, graceSeconds: 60 },
  startSfen: 'start', moves: [], version: 0, ply: 0, turn: 'black', status: 'active', outcome: null, drawOfferBy: null,
  turnTime: null, turnRemainingMs: null, seats: { black: seat('black', 'me'), white: seat('white', 'you') }, ...over,
}) as GameView;
const moveEvent = (version: number, usi: string, ply: number, color: 'black' | 'white') => ({
  type: 'event' as const,
  event: { kind: 'move' as const, gameId: 'g1', version, usi, ply, color, byCpu: false, notation: null, turnRemainingMs: null },
});

let sent: OutMessage[] = [];
beforeEach(() => {
  sent = [];
  setTransport((m) => sent.push(m));
  net.games = {};
  net.pendingMove = {};
  net.device = { id: 'me', name: 'me' };
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

  it('a move is optimistic until the server confirms it; a resync replaces it', () => {
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

  it('an end event finishes the game', () => {
    receive({ type: 'game', game: view(), reason: 'join' });
    receive({ type: 'event', event: { kind: 'end', gameId: 'g1', version: 1, outcome: { winner: 'white', reason: 'resign' } } });
    expect(net.games.g1.status).toBe('finished');
    expect(net.games.g1.outcome).toEqual({ winner: 'white', reason: 'resign' });
  });
});
