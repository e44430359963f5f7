// The next game in a room: a rematch is an offer the other player accepts or declines, the host may
// start, and with alternateFirst the player who was White moves first next (RULES.md §8). And a
// guest's name: the field shows the name the server knows, and a click while it saves is not lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import NextGame from '../src/lib/NextGame.svelte';
import NameField from '../src/lib/NameField.svelte';
import type { ClientMessage } from '@chu/protocol';
import { client, receive } from '../src/lib/client/store.svelte';
import { connection } from '../src/lib/link/link.svelte';
import { createRoom } from '../src/lib/client/creation';
import { settings } from '../src/lib/settings.svelte';
import { nextColor } from '../src/lib/seats';
import { DEFAULT_ROOM_OPTIONS } from '@chu/protocol';
import { setupById } from '@chu/rules';
import { freshNet, gameView, roomView, seat } from './fixtures';

const sent: ClientMessage[] = [];
beforeEach(() => {
  freshNet(sent);
  settings.lang = 'en';
  settings.name = '';
});
afterEach(() => vi.unstubAllGlobals());

const finished = gameView({ status: 'finished', outcome: { winner: 'white', reason: 'resign' } });
const seats = { black: seat('black', 'me', { name: 'Ana' }), white: seat('white', 'you', { name: 'Ben' }) };

function show(as: string, over: Parameters<typeof roomView>[0] = {}) {
  client.device = { id: as, name: as };
  receive({ type: 'room', room: roomView({ seats, ...over }) });
  receive({ type: 'game', game: { ...finished, seats }, reason: 'join' });
  return render(NextGame, { room: client.rooms.ABCDEF, game: client.games.g1, hostStart: true });
}

describe('rematch', () => {
  it('a seated player offers; the other sees the offer and accepts it', async () => {
    const a = show('me');
    await fireEvent.click(a.container.querySelector('[data-action="rematch"]')!);
    expect(sent).toEqual([{ type: 'room.rematch', code: 'ABCDEF', action: 'offer', ack: expect.any(String) }]);
    a.unmount();

    sent.length = 0;
    const b = show('you', { rematchOfferBy: 'black' });
    expect(b.container.querySelector('[data-rematch-offer]')!.textContent).toContain('Ana offers a rematch.');
    await fireEvent.click(b.container.querySelector('[data-action="accept-rematch"]')!);
    await fireEvent.click(b.container.querySelector('[data-action="decline-rematch"]')!);
    expect(sent).toEqual([
      { type: 'room.rematch', code: 'ABCDEF', action: 'offer', ack: expect.any(String) },
      { type: 'room.rematch', code: 'ABCDEF', action: 'decline', ack: expect.any(String) },
    ]);
    expect(b.container.querySelector('[data-action="start"]')).toBeNull(); // not the host
  });

  it('the one who offered waits, and is told when the offer is declined', async () => {
    const { container, rerender } = show('me', { rematchOfferBy: 'black' });
    expect(container.querySelector('[data-rematch-waiting]')!.textContent).toBe('Rematch offered; waiting for Ben.');
    expect(container.querySelector('[data-action="rematch"]')).toBeNull();
    receive({ type: 'room', room: roomView({ seats, rematchOfferBy: null }) });
    await rerender({ room: client.rooms.ABCDEF }); // as Room.svelte passes the latest view
    expect(container.querySelector('[data-rematch-declined]')!.textContent).toBe('Ben declined the rematch.');
  });

  it('the host\'s start is room.start; the next game\'s first player is the one who was White', async () => {
    const { container } = show('me');
    await fireEvent.click(container.querySelector('[data-action="start"]')!);
    expect(sent).toEqual([{ type: 'room.start', code: 'ABCDEF', ack: expect.any(String) }]);
    expect(container.querySelector('[data-next-first]')!.textContent!.trim()).toBe('Next game: Ben moves first (Black).');
  });

  it('who plays Black next: swapped with alternateFirst, unless the players changed seats or it is off', () => {
    const room = roomView({ seats });
    expect(nextColor(room, { ...finished, seats }, 'black')).toBe('white');
    const moved = { black: seats.black, white: seat('white', 'eva') };
    expect(nextColor(roomView({ seats: moved }), { ...finished, seats }, 'black')).toBe('black');
    expect(nextColor(roomView({ seats, options: { ...room.options, alternateFirst: false } }), { ...finished, seats }, 'black')).toBe('black');
  });

  it('in a handicap room nobody swaps: Ben, who gives the handicap as White, stays White, and no swap is announced', () => {
    const twoLions = { ...DEFAULT_ROOM_OPTIONS, alternateFirst: true, startSfen: setupById('two-lions')!.sfen };
    const room = roomView({ seats, options: twoLions });
    const last = { ...finished, seats, options: twoLions, startSfen: twoLions.startSfen };
    expect(nextColor(room, last, 'white')).toBe('white');
    expect(nextColor(room, last, 'black')).toBe('black');

    const { container } = show('me', { options: twoLions });
    expect(container.querySelector('[data-action="start"]')).not.toBeNull();
    expect(container.querySelector('[data-next-first]')).toBeNull(); // not "Ben moves first (Black)"
  });
});

describe('a guest\'s name', () => {
  it('the field shows the name the server gave; a click while the new name is saved goes out after it', async () => {
    client.device = { id: 'dev1', name: 'Kirin-HbN9' };
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(NameField);
    const input = container.querySelector('input[name="name"]') as HTMLInputElement;
    await tick();
    expect(input.value).toBe('Kirin-HbN9');

    await fireEvent.input(input, { target: { value: 'Lucía' } });
    await fireEvent.change(input); // the blur as the pointer goes down on "Create a room"
    createRoom({}); // …and its click
    expect(sent).toEqual([]);
    expect(fetch).toHaveBeenCalledWith('/api/device', expect.objectContaining({ method: 'PATCH', body: '{"name":"Lucía"}' }));

    answer(new Response(JSON.stringify({ device: { id: 'dev1', name: 'Lucía' } }), { status: 200 }));
    // the socket is replaced (it knew the old name) and the click goes out on the new one
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'room.create', options: { language: expect.any(String) }, ack: expect.any(String) }]));
    expect(client.device).toEqual({ id: 'dev1', name: 'Lucía' });
    expect(connection.status).toBe('online');
  });

  it('logged in, the name people see is the username', () => {
    client.user = { id: 'u1', username: 'lucia' };
    const { container } = render(NameField);
    expect(container.querySelector('input')).toBeNull();
    expect(container.textContent).toContain('lucia');
  });
});
