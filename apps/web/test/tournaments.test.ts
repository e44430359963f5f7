// The tournament pages: the standings and results as the server sends them, the countdown, what an
// entrant may do, and "your game is ready" opening the game.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/svelte';
import { TournamentViewSchema, type TournamentView } from '@chu/protocol';
import TournamentScreen from '../src/screens/Tournament.svelte';
import { receive } from '../src/lib/client/store.svelte';
import { reduce, EMPTY_STATE } from '../src/lib/client/state';
import { countdownOf, countdownSeconds, crossMarks, entryActions, roundsOf, score, startsAtOf } from '../src/lib/tournaments/tournaments';
import { settings } from '../src/lib/settings.svelte';

const CLOCK = { kind: 'clock', initialSeconds: 600, byoyomiSeconds: 30, periods: 1, incrementSeconds: 0 } as const;
const entrant = (id: string, name: string, over: Partial<TournamentView['entrants'][number]> = {}) =>
  ({ id, name, cpuLevel: null, withdrawn: false, playing: null, ...over });
const standing = (entrant: string, rank: number, s: number, wdl: [number, number, number], sb: number) =>
  ({ entrant, rank, score: s, played: wdl[0] + wdl[1] + wdl[2], wins: wdl[0], draws: wdl[1], losses: wdl[2], points: null, onFire: false, sonnebornBerger: sb, headToHead: 0 });

const finishedLeague: TournamentView = TournamentViewSchema.parse({
  id: 'tour1', kind: 'round-robin', name: 'Liga de otoño', organiser: 'ana', status: 'finished', startsAt: Date.UTC(2026, 10, 1), endsAt: null,
  timeControl: CLOCK, cycles: 1, roundDays: null, round: 3, rounds: 3, roundEndsAt: null, msPerSecond: 1000,
  entrants: [entrant('e1', 'ana'), entrant('e2', 'ben'), entrant('e3', 'CPU 3', { cpuLevel: 3 })],
  standings: [standing('e3', 1, 1.5, [1, 1, 0], 1.25), standing('e1', 2, 1, [1, 0, 1], 0.5), standing('e2', 3, 0.5, [0, 1, 1], 0.75)],
  games: [
    { round: 1, black: 'e1', white: 'e2', result: 'black', forfeit: false, roomCode: 'AAAAAA', gameId: 'g1' },
    { round: 2, black: 'e3', white: 'e1', result: 'black', forfeit: false, roomCode: 'BBBBBB', gameId: 'g2' },
    { round: 3, black: 'e2', white: 'e3', result: 'draw', forfeit: false, roomCode: 'CCCCCC', gameId: 'g3' },
  ],
});

// a name cell reads as the name (a CPU's estimated Elo beside it aside)
const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => (td.querySelector('.who') ?? td).textContent!.trim());

afterEach(() => {
  vi.unstubAllGlobals();
  settings.lang = 'en';
});

describe('tournament page', () => {
  it("shows the final table (the cross-table, points, Sonneborn–Berger, W/D/L) and each game's result linking to its replay", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ tournament: finishedLeague }), { status: 200 })));
    const { container } = render(TournamentScreen, { id: 'tour1' });
    await waitFor(() => expect(container.querySelector('[data-testid="standings"] tbody tr')).not.toBeNull());
    expect([...container.querySelectorAll('[data-testid="standings"] tbody tr')].map(cells)).toEqual([
      // rank, name, against CPU 3 / ana / ben (in the table's order), points, SB, H2H, W/D/L
      ['1', 'CPU 3', '', '1', '½', '1½', '1¼', '0', '1/1/0'],
      ['2', 'ana', '0', '', '1', '1', '½', '0', '1/0/1'],
      ['3', 'ben', '½', '0', '', '½', '¾', '0', '0/1/1'],
    ]);
    expect(container.querySelector('h2')!.textContent).toBe('Final standings');
    const results = [...container.querySelectorAll('[data-testid="results"] tbody tr[data-game-round]')];
    expect(results.map(cells)).toEqual([['1', 'ana', 'ben', '1–0'], ['2', 'CPU 3', 'ana', '1–0'], ['3', 'ben', 'CPU 3', '½–½']]);
    expect(results[2].querySelector('td.res a')!.getAttribute('href')).toBe('#/replay/g3');
  });

  it('follows the socket: a newer view replaces the fetched one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ tournament: { ...finishedLeague, status: 'running', round: 2 } }), { status: 200 })));
    const { container } = render(TournamentScreen, { id: 'tour1' });
    await waitFor(() => expect(container.querySelector('[data-status="running"]')).not.toBeNull());
    receive({ type: 'tournament', tournament: finishedLeague });
    await waitFor(() => expect(container.querySelector('[data-status="finished"]')).not.toBeNull());
  });
});

describe('tournament helpers', () => {
  it.each([
    { n: 0, text: '0' }, { n: 0.5, text: '½' }, { n: 2, text: '2' }, { n: 3.5, text: '3½' }, { n: 1.25, text: '1¼' }, { n: 0.75, text: '¾' }, { n: 1.1, text: '1.1' },
  ])('score $n reads $text', ({ n, text }) => expect(score(n)).toBe(text));

  it.each([
    { why: 'a guest does nothing', status: 'upcoming', kind: 'arena', me: null, entered: false, withdrawn: false, actions: [] },
    { why: 'before the start one joins', status: 'upcoming', kind: 'round-robin', me: 'ana', entered: false, withdrawn: false, actions: ['join'] },
    { why: 'before the start an entrant leaves', status: 'upcoming', kind: 'round-robin', me: 'ana', entered: true, withdrawn: false, actions: ['leave'] },
    { why: 'an arena under way is joined and left at will', status: 'running', kind: 'arena', me: 'ana', entered: true, withdrawn: false, actions: ['leave'] },
    { why: 'back into an arena one left', status: 'running', kind: 'arena', me: 'ana', entered: true, withdrawn: true, actions: ['join'] },
    { why: 'a league under way: withdraw', status: 'running', kind: 'round-robin', me: 'ana', entered: true, withdrawn: false, actions: ['withdraw'] },
    { why: 'a league under way is closed to newcomers', status: 'running', kind: 'round-robin', me: 'ana', entered: false, withdrawn: false, actions: [] },
    { why: 'nothing once finished', status: 'finished', kind: 'arena', me: 'ana', entered: true, withdrawn: false, actions: [] },
  ] as const)('$why', ({ status, kind, me, entered, withdrawn, actions }) => {
    const t = { ...finishedLeague, status, kind, entrants: entered ? [entrant('e1', 'ana', { withdrawn })] : [] } as TournamentView;
    expect(entryActions(t, me)).toEqual(actions);
  });

  it("counts down in the site's clock seconds", () => {
    expect(countdownSeconds(10_000, 0, 1000)).toBe(10);
    expect(countdownSeconds(10_000, 0, 50)).toBe(200); // a fast test clock
    expect(countdownSeconds(0, 5000, 1000)).toBe(0);
  });

  it('the start is counted down in wall-clock seconds; an arena\'s end and a round\'s deadline in the site\'s', () => {
    const fast = { ...finishedLeague, msPerSecond: 50 };
    expect(countdownOf({ ...fast, status: 'upcoming' })).toEqual({ what: 'starts', at: fast.startsAt, msPerSecond: 1000 });
    expect(countdownOf({ ...fast, status: 'running', kind: 'arena', endsAt: 9000 })).toEqual({ what: 'ends', at: 9000, msPerSecond: 50 });
    expect(countdownOf({ ...fast, status: 'running', roundEndsAt: 7000 })).toEqual({ what: 'roundEnds', at: 7000, msPerSecond: 50 });
    expect(countdownOf({ ...fast, status: 'running' })).toBeNull(); // real-time rounds: no deadline
    expect(countdownOf(fast)).toBeNull();
  });

  it('the form starts a tournament some minutes from now, or at the local date and time typed', () => {
    expect(startsAtOf(5, '', 1_000_000)).toBe(1_000_000 + 5 * 60_000);
    expect(startsAtOf('at', '2026-12-05T18:30', 0)).toBe(new Date(2026, 11, 5, 18, 30).getTime());
  });

  it('rounds list their games and who sits out (three entrants: one each round)', () => {
    expect(roundsOf(finishedLeague).map((r) => ({ round: r.round, games: r.games.length, resting: r.resting }))).toEqual([
      { round: 1, games: 1, resting: ['e3'] }, { round: 2, games: 1, resting: ['e2'] }, { round: 3, games: 1, resting: ['e1'] },
    ]);
  });

  it.each([
    { why: 'a win and a loss', row: 'e1', col: 'e2', marks: ['1'] },
    { why: 'the loser\'s side', row: 'e2', col: 'e1', marks: ['0'] },
    { why: 'a draw', row: 'e2', col: 'e3', marks: ['½'] },
    { why: 'not met', row: 'e1', col: 'e1', marks: [] },
  ])('the cross-table: $why', ({ row, col, marks }) => expect(crossMarks(finishedLeague, row, col)).toEqual(marks));

  it('the cross-table: in play, not yet played, and a withdrawal\'s forfeits (+ for the one who stayed)', () => {
    const t: TournamentView = {
      ...finishedLeague, status: 'running',
      entrants: [entrant('e1', 'ana'), entrant('e2', 'ben', { withdrawn: true }), entrant('e3', 'CPU 3', { cpuLevel: 3 })],
      games: [
        { round: 1, black: 'e1', white: 'e3', result: null, forfeit: false, roomCode: 'AAAAAA', gameId: 'g1' },
        { round: 2, black: 'e2', white: 'e1', result: null, forfeit: true, roomCode: null, gameId: null },
        { round: 3, black: 'e3', white: 'e2', result: null, forfeit: true, roomCode: null, gameId: null },
      ],
    };
    expect(crossMarks(t, 'e1', 'e3')).toEqual(['*']);
    expect(crossMarks(t, 'e1', 'e2')).toEqual(['+']);
    expect(crossMarks(t, 'e2', 'e3')).toEqual(['−']);
    expect(crossMarks({ ...t, games: [{ ...t.games[0], roomCode: null, gameId: null }] }, 'e3', 'e1')).toEqual(['·']);
  });

  it('"your game is ready" opens the game at once', () => {
    const r = reduce(EMPTY_STATE, { type: 'tournament.game', tournamentId: 'tour1', roomCode: 'K7QMPX', gameId: 'g9', color: 'white' }, 0);
    expect(r.requests).toEqual([{ kind: 'open', code: 'K7QMPX' }]);
  });
});
