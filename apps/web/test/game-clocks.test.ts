// Both clocks in a live game (issue 36, RULES.md §7): tenths under ten seconds and the byoyomi periods
// left ("0:08.4 ⋅ 2×30s"), ticking from the server's timestamps; "Give 15 s" where the room and the
// control allow it; a correspondence move's deadline as a date and time in the reader's zone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { DEFAULT_ROOM_OPTIONS, type ClientMessage, type ClockView, type RoomOptions } from '@chu/protocol';
import GamePanel from '../src/lib/GamePanel.svelte';
import { client, receive } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { freshNet, gameView, roomView } from './fixtures';

const BYOYOMI = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 2, incrementSeconds: 0 } as const;
const sent: ClientMessage[] = [];

/** Clocks read now: Black to move with `blackMs` of main time. */
function clockView(blackMs: number, over: Partial<ClockView> = {}): ClockView {
  const now = Date.now();
  return {
    black: { mainMs: blackMs, periods: 2 }, white: { mainMs: 600_000, periods: 2 }, byoyomiMs: 30_000, incrementMs: 0,
    running: 'black', turnStartedAt: now, deadline: now + blackMs + 60_000, serverNow: now, firstMoveDeadline: null, ...over,
  };
}

function show(options: Partial<RoomOptions>, clock: ClockView, over: Parameters<typeof gameView>[0] = {}) {
  const game = gameView({ options: { ...DEFAULT_ROOM_OPTIONS, ...options }, clock, ...over });
  receive({ type: 'room', room: roomView({ seats: game.seats }) });
  receive({ type: 'game', game, reason: 'join' });
  return render(GamePanel, { game: client.games.g1, room: client.rooms.ABCDEF }).container;
}
const clockText = (c: HTMLElement, color: string) =>
  `${c.querySelector(`[data-clock="${color}"]`)!.textContent}${c.querySelector(`[data-periods="${color}"]`)?.textContent ? ` ${c.querySelector(`[data-periods="${color}"]`)!.textContent}` : ''}`;

beforeEach(() => {
  freshNet(sent);
  settings.lang = 'en';
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
  settings.lang = 'en';
});

describe('both clocks', () => {
  it('main time with tenths under ten seconds, then byoyomi periods, ticking', async () => {
    const c = show({ timeControl: BYOYOMI }, clockView(8_400));
    expect(clockText(c, 'black')).toBe('0:08.4 ⋅ 2×30s');
    expect(clockText(c, 'white')).toBe('10:00 ⋅ 2×30s');
    expect(c.querySelector('[data-clock="black"]')!.classList.contains('low')).toBe(true);
    expect(c.querySelector('[data-clock="white"]')!.classList.contains('low')).toBe(false);
    await vi.advanceTimersByTimeAsync(8_500); // main time spent: the first period runs
    expect(clockText(c, 'black')).toBe('0:29 ⋅ 2×30s');
    await vi.advanceTimersByTimeAsync(30_000); // a period spent
    expect(clockText(c, 'black')).toBe('0:29 ⋅ 1×30s');
    expect(clockText(c, 'white')).toBe('10:00 ⋅ 2×30s'); // not running
  });

  it('the side that lost on time shows nothing left', async () => {
    const c = show({ timeControl: BYOYOMI }, clockView(8_400));
    receive({ type: 'event', event: { kind: 'end', gameId: 'g1', version: 1, outcome: { winner: 'white', reason: 'timeout' }, ratingChanges: null } });
    await tick();
    expect(clockText(c, 'black')).toBe('0:00.0 ⋅ 0×30s');
    expect(clockText(c, 'white')).toBe('10:00 ⋅ 2×30s');
  });

  it('a turn limit counts no periods; Fischer alone shows none', () => {
    const turn = show({ timeControl: { kind: 'turn', seconds: 30 } }, clockView(0, { black: { mainMs: 0, periods: 1 }, white: { mainMs: 0, periods: 1 } }));
    expect(clockText(turn, 'black')).toBe('0:30');
    document.body.innerHTML = '';
    const fischer = show({ timeControl: { kind: 'clock', initialSeconds: 1800, byoyomiSeconds: 0, periods: 1, incrementSeconds: 30 } },
      clockView(1_800_000, { byoyomiMs: 0, incrementMs: 30_000, black: { mainMs: 1_800_000, periods: 0 }, white: { mainMs: 1_800_000, periods: 0 } }));
    expect(clockText(fischer, 'black')).toBe('30:00');
  });

  it('correspondence: the running side\'s deadline as a date and time in the reader\'s language', () => {
    settings.lang = 'es';
    const now = Date.now();
    const day = 86_400_000;
    const c = show({ timeControl: { kind: 'correspondence', daysPerMove: 3 } }, {
      black: { mainMs: 0, periods: 1 }, white: { mainMs: 0, periods: 1 }, byoyomiMs: 3 * day, incrementMs: 0,
      running: 'black', turnStartedAt: now - day, deadline: now + 2 * day, serverNow: now, firstMoveDeadline: null,
    });
    expect(c.querySelector('[data-clock="black"]')!.textContent).toBe('2d 0h');
    expect(c.querySelector('[data-deadline="black"]')!.textContent).toBe(
      `plazo: ${new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(now + 2 * day)}`,
    );
    expect(c.querySelector('[data-deadline="white"]')).toBeNull();
  });
});

describe('Give 15 s', () => {
  const casual = { timeControl: BYOYOMI, giveTime: true };
  const played = { moves: ['7j5h'], ply: 1, turn: 'white' as const };
  it.each<[string, Partial<RoomOptions>, Parameters<typeof gameView>[0], string, boolean]>([
    ['a casual clock game that allows it, after a move', casual, played, 'me', true],
    ['before the first move', casual, {}, 'me', false],
    ['a room that does not allow it', { ...casual, giveTime: false }, played, 'me', false],
    ['a ranked game', casual, { ...played, rated: true }, 'me', false],
    ['a turn limit', { timeControl: { kind: 'turn', seconds: 30 }, giveTime: true }, played, 'me', false],
    ['a spectator', casual, played, 'eva', false],
  ])('%s', (_, options, over, device, offered) => {
    client.device = { id: device, name: device };
    const c = show(options, clockView(600_000), over);
    expect(c.querySelector('[data-action="give-time"]') !== null).toBe(offered);
  });

  it('asks the server, in the reader\'s words, and shows the gift once the server tells it', async () => {
    settings.lang = 'es';
    const c = show({ timeControl: BYOYOMI, giveTime: true }, clockView(600_000, { running: 'white' }), { moves: ['7j5h'], ply: 1, turn: 'white' });
    const button = c.querySelector('[data-action="give-time"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Dar 15 s');
    await fireEvent.click(button);
    expect(sent).toEqual([expect.objectContaining({ type: 'give-time', gameId: 'g1', ack: expect.any(String) })]);
    const clock = clockView(600_000, { running: 'white', white: { mainMs: 615_000, periods: 2 } });
    receive({ type: 'event', event: { kind: 'time-given', gameId: 'g1', version: 1, by: 'black', ms: 15_000, clock } });
    await tick();
    expect(clockText(c, 'white')).toBe('10:15 ⋅ 2×30s');
  });
});
