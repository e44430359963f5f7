// The invitee's room page says what game it is asked to play next to the seats (issue 47 item 16): the
// variant and the time control, not only in the read-only rules further down.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/svelte';
import { DEFAULT_ROOM_OPTIONS } from '@chu/protocol';
import Room from '../src/screens/Room.svelte';
import { receive } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { freshNet, roomView } from './fixtures';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, emit() {}, connect() {}, disconnect() {}, io: {} }) }));

afterEach(() => {
  settings.lang = 'en';
});

describe('the room\'s seats', () => {
  it.each([
    ['es', 'Chu shogi · 10 min + 30 s byoyomi'],
    ['en', 'Chu shogi · 10 min + 30 s byoyomi'],
  ] as const)('%s: the invitee reads the time control beside the seats', async (lang, words) => {
    settings.lang = lang;
    freshNet([]);
    const options = { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'clock' as const, initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } };
    receive({ type: 'room', room: roomView({ hostDeviceId: 'host', options, gameId: null, gameNumber: 0, seats: { black: { kind: 'empty' }, white: { kind: 'empty' } } as never }) } as never);
    const { container } = render(Room, { code: 'ABCDEF' });
    await waitFor(() => expect(container.querySelector('[data-seat="black"]')).not.toBeNull());
    const seats = container.querySelector('[data-seat="black"]')!.closest('section')!;
    expect(seats.querySelector('[data-room-terms]')?.textContent).toBe(words);
  });
});
