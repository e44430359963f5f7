// The replay shows each side's clock at every move (issue 36): the stored clocks after the ply shown,
// main time and the byoyomi periods left, stepping back and forth with the move list's navigation.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/svelte';
import { DEFAULT_ROOM_OPTIONS, type GameRecord } from '@chu/protocol';
import { Game } from '@chu/rules';
import Replay from '../src/screens/Replay.svelte';
import { serveRecord } from './fixtures';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, emit() {}, connect() {}, disconnect() {}, io: {} }) }));

const side = (mainMs: number, periods: number) => ({ mainMs, periods });
const RECORD: GameRecord = {
  id: 'g1', roomCode: 'ABCDEF', number: 1,
  options: { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 2, incrementSeconds: 0 } },
  startSfen: Game.start().startSfen, setup: null, moves: ['7j5h', '11d11e', '5h3f'], times: [5_000, 600_000, 12_000],
  clocks: [
    { black: side(595_000, 2), white: side(600_000, 2), lagCreditMs: 0 },
    { black: side(595_000, 2), white: side(0, 2), lagCreditMs: 0 }, // White spent all its main time, within its first period
    { black: side(583_000, 2), white: side(0, 2), lagCreditMs: 0 },
  ],
  byCpu: [false, false, false], status: 'finished', outcome: { winner: 'black', reason: 'resign' },
  seats: { black: { kind: 'human', name: 'Ana' }, white: { kind: 'human', name: 'Ben' } },
  createdAt: '2026-12-05T10:00:00.000Z', finishedAt: '2026-12-05T10:30:00.000Z',
};

beforeEach(() => serveRecord(RECORD));
afterEach(() => vi.unstubAllGlobals());

const reads = (c: HTMLElement) =>
  (['black', 'white'] as const).map((color) => `${c.querySelector(`[data-clock="${color}"]`)?.textContent} ${c.querySelector(`[data-periods="${color}"]`)?.textContent}`);

describe('the replay\'s clocks', () => {
  it('after each ply, as stored: main time, then a whole period for a side in byoyomi', async () => {
    const { container } = render(Replay, { id: 'g1' });
    await waitFor(() => expect(container.querySelector('[data-clock="black"]')).not.toBeNull());
    expect(reads(container)).toEqual(['9:43 ⋅ 2×30s', '0:30 ⋅ 2×30s']); // the end
    await fireEvent.click(container.querySelector('[data-action="prev"]')!);
    expect(reads(container)).toEqual(['9:55 ⋅ 2×30s', '0:30 ⋅ 2×30s']);
    await fireEvent.click(container.querySelector('[data-action="prev"]')!);
    expect(reads(container)).toEqual(['9:55 ⋅ 2×30s', '10:00 ⋅ 2×30s']);
    await fireEvent.click(container.querySelector('[data-action="first"]')!);
    expect(reads(container)).toEqual(['10:00 ⋅ 2×30s', '10:00 ⋅ 2×30s']);
    expect(container.querySelector('.clock.low')).toBeNull(); // a replay's clocks do not alarm
  });
});
