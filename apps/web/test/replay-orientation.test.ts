// A replay shows the viewer's own side at the bottom (issue 47 item 19), as the game did: White's player
// sees White below; a spectator, and Black's player, see Black below.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/svelte';
import { DEFAULT_ROOM_OPTIONS, type GameRecord } from '@chu/protocol';
import { Game } from '@chu/rules';
import Replay from '../src/screens/Replay.svelte';
import { client } from '../src/lib/client/store.svelte';
import { viewerSide } from '../src/lib/seats';
import { serveRecord } from './fixtures';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, emit() {}, connect() {}, disconnect() {}, io: {} }) }));

const RECORD: GameRecord = {
  id: 'g1', roomCode: 'ABCDEF', number: 1, options: DEFAULT_ROOM_OPTIONS,
  startSfen: Game.start().startSfen, setup: null, moves: ['7j5h', '11d11e'], times: [5_000, 6_000], clocks: [],
  byCpu: [false, false], status: 'finished', outcome: { winner: 'black', reason: 'resign' },
  seats: { black: { kind: 'human', name: 'ana' }, white: { kind: 'human', name: 'ben' } },
  createdAt: '2026-12-05T10:00:00.000Z', finishedAt: '2026-12-05T10:30:00.000Z',
};

beforeEach(() => serveRecord(RECORD));
afterEach(() => {
  vi.unstubAllGlobals();
  client.user = null;
});

describe('the replay\'s orientation', () => {
  it.each([
    // [who watches, account, this device's name, the side at the bottom]
    ['White\'s player, signed in: White below', { id: 'u2', username: 'ben' }, 'Kirin-1', 'white'],
    ['White\'s player, a guest under that name: White below', null, 'ben', 'white'],
    ['Black\'s player: Black below', { id: 'u1', username: 'ana' }, 'Kirin-1', 'black'],
    ['a spectator: Black below', { id: 'u3', username: 'carla' }, 'Kirin-1', 'black'],
  ] as const)('%s', async (_who, user, deviceName, bottom) => {
    client.user = user;
    client.device = { id: 'me', name: deviceName };
    const { container } = render(Replay, { id: 'g1' });
    await waitFor(() => expect(container.querySelector('[data-orientation]')).not.toBeNull());
    expect(container.querySelector('[data-orientation]')!.getAttribute('data-orientation')).toBe(bottom);
  });

  it.each([
    [{ black: 'ana', white: 'ben' }, ['BEN'], 'white'],
    [{ black: 'ana', white: 'ana' }, ['ana'], 'black'], // both seats one's own (a game against oneself)
    [{ black: 'ana', white: null }, [null], 'black'],
  ] as const)('seats %o, viewer %o: %s', (names, me, side) => {
    expect(viewerSide(names, me)).toBe(side);
  });
});
