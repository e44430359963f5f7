// The game as players see it: each seat's strip follows its status (away with a countdown, the CPU,
// back), an adjourned game says so and runs no clock, ratings sit next to names ("?" while
// provisional, muted when the game is unrated), and the result dialog shows each rating change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/svelte';
import { tick } from 'svelte';
import GamePanel from '../src/lib/GamePanel.svelte';
import type { SeatView } from '@chu/protocol';
import { client, receive } from '../src/lib/client/store.svelte';
import { playMove } from '../src/lib/client/commands';
import { settings } from '../src/lib/settings.svelte';
import { setupById, Game } from '@chu/rules';
import { TURN_30, freshNet, gameView, roomView, seat, seatEvent, stoppedClock, turnClock } from './fixtures';

const strip = (c: HTMLElement, color: string) => c.querySelector(`[data-player="${color}"]`) as HTMLElement;
beforeEach(() => {
  freshNet([]);
  settings.lang = 'en';
});
afterEach(() => {
  vi.useRealTimers();
  settings.lang = 'en';
});

// the room's view carries the same seats as the game's (the server builds both from one record)
function show(game = gameView(), room = roomView({ seats: game.seats })) {
  receive({ type: 'room', room });
  receive({ type: 'game', game, reason: 'join' });
  return render(GamePanel, { game: client.games.g1, room: client.rooms.ABCDEF });
}

describe('seat strips (RULES.md §8)', () => {
  it('the opponent goes away (a live countdown to the takeover), the CPU plays the seat, then they are back', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(1_000_000);
    const { container } = show();
    const white = () => strip(container, 'white');
    expect(white().getAttribute('data-status')).toBe('present');
    expect(white().querySelector('.online.on')).not.toBeNull();

    // the server follows each seat event with the room's view of the seat
    const seatChange = (version: number, status: SeatView['status'], takeoverInMs: number | null, over: Partial<SeatView>) => {
      receive(seatEvent(version, 'white', status, takeoverInMs));
      receive({ type: 'room', room: roomView({ seats: { black: seat('black', 'me'), white: seat('white', 'you', { status, takeoverInMs, ...over }) } }) });
    };
    seatChange(1, 'away', 42_000, { connected: false });
    await vi.advanceTimersByTimeAsync(250);
    expect(white().getAttribute('data-status')).toBe('away');
    expect(white().querySelector('[data-note]')!.textContent).toBe('away — the CPU plays in 0:42');
    expect(white().querySelector('.online.on')).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(white().querySelector('[data-note]')!.textContent).toBe('away — the CPU plays in 0:32');

    seatChange(2, 'cpu', null, { connected: false, controller: 'cpu' });
    await tick();
    expect(white().querySelector('[data-note]')!.textContent).toBe('CPU is playing for this seat');

    seatChange(3, 'returned', null, {});
    await tick();
    expect(white().getAttribute('data-status')).toBe('returned');
    expect(white().querySelector('[data-note]')).toBeNull();
    expect(white().querySelector('.online.on')).not.toBeNull();
  });

  it('facing a CPU seat, an away player\'s countdown is to the adjournment; adjourned, the clock stops', async () => {
    settings.lang = 'es';
    const cpu = seat('white', 'x', { kind: 'cpu', deviceId: null, name: 'CPU 3', level: 3, controller: 'cpu' });
    const away = seat('black', 'ana', { name: 'Ana', status: 'away', connected: false, takeoverInMs: 9000 });
    const game = gameView({ options: TURN_30, turnRemainingMs: 20_000, clock: turnClock(20_000), seats: { black: away, white: cpu } });
    client.device = { id: 'spectator', name: 'Eva' };
    const { container } = show(game, roomView({ seats: game.seats }));
    expect(strip(container, 'black').querySelector('[data-note]')!.textContent).toMatch(/^ausente — la partida se aplaza en 0:0\d$/);
    expect(container.querySelector('[data-clock="black"]')!.textContent).toMatch(/^0:[12]\d$/);

    receive({ type: 'event', event: { kind: 'adjourn', gameId: 'g1', version: 1, why: 'absence', clock: stoppedClock(turnClock(30_000)) } });
    await tick();
    expect(container.querySelector('[data-adjourned]')!.textContent).toBe('Partida aplazada: se reanuda cuando vuelva un jugador.');
    expect(container.querySelector('[data-clock="black"]')!.textContent).toBe('0:30'); // stopped: its stored time, whole on resuming
    expect(strip(container, 'black').querySelector('[data-note]')!.textContent).toBe('ausente');

    receive({ type: 'event', event: { kind: 'resume', gameId: 'g1', version: 2, turnRemainingMs: 30_000, clock: turnClock(30_000) } });
    await tick();
    expect(container.querySelector('[data-adjourned]')).toBeNull();
    expect(container.querySelector('[data-clock="black"]')!.textContent).toBe('0:30');
  });
});

describe('ratings in the game (issue 11)', () => {
  const accounts = {
    black: seat('black', 'me', { name: 'lucia', account: true, rating: { rating: 1500, provisional: true } }),
    white: seat('white', 'you', { name: 'mateo', account: true, rating: { rating: 1712.4, provisional: false } }),
  };
  const luciaWinsChanges = { black: { before: 1500, after: 1629.62, provisional: true }, white: { before: 1712.4, after: 1700.1, provisional: false } };
  const luciaWins = {
    type: 'event' as const,
    event: { kind: 'end' as const, gameId: 'g1', version: 1, outcome: { winner: 'black' as const, reason: 'resign' as const }, ratingChanges: luciaWinsChanges },
  };

  it('a rated game: the rating next to each name, "?" while provisional', () => {
    const { container } = show(gameView({ rated: true, seats: accounts }));
    expect(strip(container, 'black').querySelector('.pname')!.textContent).toBe('lucia');
    expect(strip(container, 'black').querySelector('[data-rating]')!.textContent).toBe('1500?');
    expect(strip(container, 'white').querySelector('[data-rating]')!.textContent).toBe('1712');
    expect(container.querySelector('[data-rated]')).not.toBeNull();
    expect(container.querySelector('[data-unrated]')).toBeNull();
  });

  it('a casual game between accounts shows the ratings too, marked unrated', () => {
    const { container } = show(gameView({ rated: false, seats: accounts }));
    const rating = strip(container, 'black').querySelector('[data-rating]')!;
    expect(rating.textContent).toBe('1500?');
    expect(rating.classList.contains('unrated')).toBe(true);
    expect(container.querySelector('[data-unrated]')!.textContent).toBe('Unrated: this game does not change the ratings.');
  });

  it('the result dialog of a rated game shows each change (+, − with a real minus sign) and the new rating', async () => {
    const { container } = show(gameView({ rated: true, seats: accounts }));
    receive(luciaWins);
    await tick();
    const rows = [...container.querySelectorAll('[data-result-dialog] [data-change]')].map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['lucia', '1630?', '+130'],
      ['mateo', '1700', '−12'],
    ]);
  });

  it('after a reload the finished game\'s view carries the changes', () => {
    const { container } = show(gameView({
      rated: true, seats: accounts, status: 'finished', outcome: { winner: null, reason: 'agreement' },
      ratingChanges: { black: { before: 1500, after: 1500, provisional: true }, white: { before: 1712.4, after: 1690, provisional: false } },
    }));
    expect([...container.querySelectorAll('[data-delta]')].map((d) => d.textContent)).toEqual(['±0', '−22']);
  });

  it('once a rated game is over, the strips beside the board show the ratings it left, as the result does (issue 35 #6)', async () => {
    const { container } = show(gameView({ rated: true, seats: accounts }));
    receive(luciaWins);
    await tick();
    expect(strip(container, 'black').querySelector('[data-rating]')!.textContent).toBe('1630?');
    expect(strip(container, 'white').querySelector('[data-rating]')!.textContent).toBe('1700');
  });

  it('a draw that leaves two new players at 1500 says why the rating did not move (issue 35 #10)', () => {
    const newcomers = { black: accounts.black, white: seat('white', 'you', { name: 'mateo', account: true, rating: { rating: 1500, provisional: true } }) };
    const { container } = show(gameView({
      rated: true, seats: newcomers, status: 'finished', outcome: { winner: null, reason: 'agreement' },
      ratingChanges: { black: { before: 1500, after: 1500, provisional: true }, white: { before: 1500, after: 1500, provisional: true } },
    }));
    expect([...container.querySelectorAll('[data-delta]')].map((d) => d.textContent)).toEqual(['±0', '±0']);
    expect(container.querySelector('[data-rating-unchanged]')!.textContent).toBe(
      '±0: the result was what the ratings expected, so they did not move; the game still counts and makes them more certain.',
    );
  });

  it('a rating that moved needs no such word', async () => {
    const { container } = show(gameView({
      rated: true, seats: accounts, status: 'finished', outcome: { winner: 'black', reason: 'resign' }, ratingChanges: luciaWinsChanges,
    }));
    expect(container.querySelector('[data-rating-unchanged]')).toBeNull();
  });
});

describe('the move list', () => {
  const cells = (c: HTMLElement) => [...c.querySelectorAll('.movelist li')].map((li) => ({
    text: li.textContent!.replace(/\s+/g, ' ').trim(),
    white: li.classList.contains('white'),
  }));

  it('a handicap game, which White opens (handicaps.md §1): Black\'s first cell is empty, White\'s move is 1.', () => {
    const twoLions = setupById('two-lions')!;
    const game = Game.fromSfen(twoLions.sfen);
    if (!game.ok) throw new Error(game.error);
    const [first] = game.value.legalMoves();
    expect(game.value.play(first).ok).toBe(true);
    const second = game.value.legalMoves()[0];
    const { container } = show(gameView({ startSfen: twoLions.sfen, moves: [first, second], version: 2, ply: 2, turn: 'white' }));
    const list = cells(container);
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({ text: '1.…', white: false });
    expect(list[1].white).toBe(true);
    expect(list[2]).toMatchObject({ white: false });
    expect(list[2].text.startsWith('2.')).toBe(true);
  });

  it('a game from the standard start: Black\'s move is 1., White answers beside it', () => {
    const start = Game.start();
    const first = start.legalMoves()[0];
    start.play(first);
    const { container } = show(gameView({ moves: [first, start.legalMoves()[0]], version: 2, ply: 2 }));
    const list = cells(container);
    expect(list).toHaveLength(2);
    expect(list[0].text.startsWith('1.')).toBe(true);
    expect(list.map((c) => c.white)).toEqual([false, true]);
  });
});

describe('refusals', () => {
  it('a refused move says "Move refused"; a refused request that was not a move says only what went wrong', async () => {
    const { container } = show();
    const banner = () => container.querySelector('[data-refusal]')?.textContent;
    receive({ type: 'error', code: 'game-running', message: 'Options change between games.' });
    await tick();
    expect(banner()).toBe('a game is already running');
    playMove(client.games.g1, '7i7h');
    const [ack] = Object.keys(client.sent);
    receive({ type: 'error', code: 'not-your-turn', message: 'Not your turn.', ack });
    await tick();
    expect(banner()).toBe('Move refused: it is not your turn');
  });
});

// issue 47 item 9: an account's name in a game links to its profile; a guest's and the CPU's do not
describe('names in a game', () => {
  it('link to the profile of an account, not of a guest', () => {
    const game = gameView({ seats: { black: seat('black', 'me', { name: 'ana', account: true }), white: seat('white', 'you', { name: 'Kirin-4821' }) } });
    const { container } = show(game);
    expect(strip(container, 'black').querySelector('a.pname')?.getAttribute('href')).toBe('#/player/ana');
    expect(strip(container, 'white').querySelector('a.pname')).toBeNull();
    expect(strip(container, 'white').querySelector('.pname')!.textContent).toBe('Kirin-4821');
  });
});

describe("the first moves (RULES.md §7, lishogi's start rule)", () => {
  const TEN_MINUTES = { ...TURN_30, timeControl: { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } } as const;
  const waiting = (firstMoveDeadline: number) => ({
    ...turnClock(30_000), black: { mainMs: 600_000, periods: 1 }, white: { mainMs: 600_000, periods: 1 },
    running: null, turnStartedAt: null, deadline: null, firstMoveDeadline,
  });

  it('no clock runs: the strips show full time, the first move counts down, and a player may abort', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(1_000_000);
    const sent: import('@chu/protocol').ClientMessage[] = [];
    freshNet(sent);
    const { container } = show(gameView({ options: TEN_MINUTES, clock: waiting(1_000_000 + 25_000) }));
    expect(container.querySelector('[data-clock="black"]')!.textContent).toBe('10:00');
    expect(container.querySelector('[data-first-move="black"]')!.textContent).toMatch(/^First move for Black.*: 0:25 left, or the game is aborted/);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(container.querySelector('[data-clock="black"]')!.textContent).toBe('10:00'); // still not running
    expect(container.querySelector('[data-first-move="black"]')!.textContent).toContain('0:20');
    (container.querySelector('[data-action="abort"]') as HTMLButtonElement).click();
    expect(sent.at(-1)).toMatchObject({ type: 'abort', gameId: 'g1' });
  });

  it('once both have moved the clocks run, and nobody may abort', () => {
    const moves = ['7j5h', '11d11e'];
    const { container } = show(gameView({ options: TEN_MINUTES, moves, ply: 2, version: 2, clock: { ...turnClock(30_000), firstMoveDeadline: null } }));
    expect(container.querySelector('[data-first-move]')).toBeNull();
    expect(container.querySelector('[data-action="abort"]')).toBeNull();
    expect(container.querySelector('[data-action="resign"]')).not.toBeNull();
  });
});

describe('a bot at the board (issue 50)', () => {
  it('its seat says BOT beside its name; a person\'s does not', () => {
    const seats = { black: seat('black', 'me', { account: true, name: 'ana' }), white: seat('white', 'robo', { account: true, name: 'robo', bot: true }) };
    const { container } = show(gameView({ seats }));
    expect(strip(container, 'white').querySelector('[data-bot]')?.textContent).toBe('BOT');
    expect(strip(container, 'black').querySelector('[data-bot]')).toBeNull();
  });
});
