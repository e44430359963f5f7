// Takebacks as the client keeps them (versioned events applied to the game view) and offers them (only in
// casual games that allow them; against a CPU seat only when the room says so); the lobby watched while a
// screen shows it, again after a reconnect; a new room carries the host's language.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { DEFAULT_ROOM_OPTIONS, type GameEvent } from '@chu/protocol';
import TakebackControls from '../src/lib/TakebackControls.svelte';
import type { ClientMessage } from '@chu/protocol';
import { client, receive } from '../src/lib/client/store.svelte';
import { setTransport } from '../src/lib/link/link.svelte';
import { watchLobby } from '../src/lib/client/commands';
import { createRoom } from '../src/lib/client/creation';
import { settings } from '../src/lib/settings.svelte';
import { moveSound } from '../src/lib/move-sound';
import { freshNet, gameView, seat } from './fixtures';

const sent: ClientMessage[] = [];
let link: ReturnType<typeof setTransport>;
beforeEach(() => {
  link = freshNet(sent);
  settings.lang = 'en';
});
type Of<E> = E extends unknown ? Omit<E, 'gameId'> : never; // each kind of event, without its game
const event = (e: Of<GameEvent>) => receive({ type: 'event', event: { gameId: 'g1', ...e } as GameEvent });
const played = ['7i7h', '6d6e', '7j6h'];
const withMoves = (over = {}) =>
  receive({ type: 'game', game: gameView({ moves: [...played], version: 3, ply: 3, turn: 'white', ...over }), reason: 'join' });

describe('takeback events', () => {
  it('an offer, then a decline; a move clears an offer too', () => {
    withMoves();
    event({ kind: 'takeback-offer', version: 4, by: 'black' });
    expect(client.games.g1.takebackOfferBy).toBe('black');
    event({ kind: 'takeback-decline', version: 5, by: 'white' });
    expect(client.games.g1.takebackOfferBy).toBeNull();
    event({ kind: 'takeback-offer', version: 6, by: 'white' });
    event({ kind: 'move', version: 7, usi: '6e6f', ply: 3, color: 'white', byCpu: false, notation: 'P-6f', turnRemainingMs: null, turn: 'black', clock: null, lagCreditMs: 0 });
    expect(client.games.g1.takebackOfferBy).toBeNull();
  });

  it('two plies undone: the same side moves again, with the new clock reading', () => {
    withMoves({ turnRemainingMs: 12_000, drawOfferBy: 'white' });
    event({ kind: 'takeback-offer', version: 4, by: 'white' });
    event({ kind: 'takeback', version: 5, plies: 2, ply: 1, turn: 'white', turnRemainingMs: 30_000, clock: null });
    const g = client.games.g1;
    expect([g.moves, g.ply, g.turn, g.version]).toEqual([['7i7h'], 1, 'white', 5]);
    expect([g.takebackOfferBy, g.drawOfferBy, g.turnRemainingMs]).toEqual([null, null, 30_000]);
  });

  it('one ply undone: the turn goes back to its mover; an optimistic move is dropped', () => {
    withMoves();
    client.pendingMove.g1 = '6e6f';
    event({ kind: 'takeback', version: 4, plies: 1, ply: 2, turn: 'black', turnRemainingMs: null, clock: null });
    expect([client.games.g1.moves, client.games.g1.turn]).toEqual([['7i7h', '6d6e'], 'black']);
    expect(client.pendingMove.g1).toBeUndefined();
  });

  it('a takeback after a gap is not guessed: the client asks for the events it missed', () => {
    withMoves();
    event({ kind: 'takeback', version: 6, plies: 2, ply: 1, turn: 'white', turnRemainingMs: null, clock: null });
    expect(client.games.g1.moves).toEqual(played);
    expect(sent).toEqual([{ type: 'sync', gameId: 'g1', version: 3 }]);
  });
});

describe('takeback controls', () => {
  const show = (over = {}) => {
    withMoves(over);
    return render(TakebackControls, { game: client.games.g1 });
  };

  it('ask, then answer the other side\'s request', async () => {
    const { container } = show();
    await fireEvent.click(container.querySelector('[data-action="takeback"]')!);
    expect(sent.at(-1)).toEqual({ type: 'takeback', gameId: 'g1', action: 'offer', ack: expect.any(String) });
    event({ kind: 'takeback-offer', version: 4, by: 'black' });
    await tick();
    expect(container.querySelector('[data-takeback-waiting]')).not.toBeNull();
    event({ kind: 'takeback-decline', version: 5, by: 'white' });
    await tick();
    expect(container.querySelector('[data-takeback-declined]')!.textContent).toBe('Your opponent declined the takeback.');

    event({ kind: 'takeback-offer', version: 6, by: 'white' });
    await tick();
    await fireEvent.click(container.querySelector('[data-action="accept-takeback"]')!);
    expect(sent.at(-1)).toEqual({ type: 'takeback', gameId: 'g1', action: 'accept', ack: expect.any(String) });
  });

  it('never in ranked games nor in rooms that turned them off', () => {
    expect(show({ rated: true }).container.querySelector('[data-action="takeback"]')).toBeNull();
    const off = { ...DEFAULT_ROOM_OPTIONS, takebacks: false };
    expect(show({ options: off }).container.querySelector('[data-action="takeback"]')).toBeNull();
  });

  it('against a CPU seat only when the room allows it', () => {
    const cpu = seat('white', 'x', { kind: 'cpu', deviceId: null, name: 'CPU 3', level: 3, controller: 'cpu' });
    const seats = { black: seat('black', 'me'), white: cpu };
    expect(show({ seats }).container.querySelector('[data-action="takeback"]')).toBeNull();
    const allowed = show({ seats, options: { ...DEFAULT_ROOM_OPTIONS, cpuTakebacks: true } });
    expect(allowed.container.querySelector('[data-action="takeback"]')).not.toBeNull();
  });

  it('nothing to take back yet: the button waits', () => {
    const { container } = show({ moves: [], version: 0, ply: 0, turn: 'black' });
    expect((container.querySelector('[data-action="takeback"]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('move sounds', () => {
  it('a promotion, a Lion double move, a capture, a move', () => {
    expect(moveSound('7e7c+', 'Kyx7c+')).toBe('promotion');
    expect(moveSound('6h6g6h', 'Lnx!6g')).toBe('lion');
    expect(moveSound('8h8g', 'Px8g')).toBe('capture');
    expect(moveSound('7i7h', 'P-7h')).toBe('move');
  });
});

describe('lobby and new rooms', () => {
  it('watched once while any screen shows it, again on a new connection, unwatched when the last goes', () => {
    const stop = watchLobby();
    const stop2 = watchLobby();
    expect(sent).toEqual([{ type: 'lobby.watch' }]);
    receive({ type: 'lobby', lobby: { rooms: [], live: [] } });
    expect(client.lobby).toEqual({ rooms: [], live: [] });
    link.down();
    link.up();
    expect(sent.at(-1)).toEqual({ type: 'lobby.watch' });
    stop();
    expect(sent.at(-1)).toEqual({ type: 'lobby.watch' });
    stop2();
    stop2();
    expect(sent.filter((m) => m.type === 'lobby.unwatch')).toHaveLength(1);
  });

  it('a room is created in the host\'s language', () => {
    settings.lang = 'ja';
    createRoom({ public: true });
    expect(sent.at(-1)).toEqual({ type: 'room.create', options: { public: true, language: 'ja' }, ack: expect.any(String) });
  });
});
