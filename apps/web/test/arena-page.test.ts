// A finished arena's page (issue 47, item 12): the head counts every row of the table (CPU entrants and
// those who left included), the per-game points column says what its figures are, and the streak mark
// is plain text every system font draws.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/svelte';
import { TournamentViewSchema, type TournamentView } from '@chu/protocol';
import TournamentScreen from '../src/screens/Tournament.svelte';
import { settings } from '../src/lib/settings.svelte';

const entrant = (id: string, name: string, over: Partial<TournamentView['entrants'][number]> = {}) =>
  ({ id, name, cpuLevel: null, withdrawn: false, playing: null, ...over });
const standing = (entrant: string, rank: number, points: number[], wdl: [number, number, number], onFire: boolean) =>
  ({ entrant, rank, score: points.reduce((a, b) => a + b, 0), played: points.length, wins: wdl[0], draws: wdl[1], losses: wdl[2], points, onFire, sonnebornBerger: null, headToHead: null });

// ana won three in a row (2, 2, then 4 on a streak); ben left the arena; CPU 2 lost each game
const arena: TournamentView = TournamentViewSchema.parse({
  id: 'arena1', kind: 'arena', name: 'Arena de diciembre', organiser: 'ana', status: 'finished', startsAt: Date.UTC(2026, 11, 1), endsAt: Date.UTC(2026, 11, 1, 1),
  timeControl: { kind: 'clock', initialSeconds: 180, byoyomiSeconds: 0, periods: 1, incrementSeconds: 2 }, cycles: null, roundDays: null, round: 0, rounds: null, roundEndsAt: null, msPerSecond: 1000,
  entrants: [entrant('e1', 'ana'), entrant('e2', 'ben', { withdrawn: true }), entrant('e3', 'CPU 2', { cpuLevel: 2 })],
  standings: [standing('e1', 1, [2, 2, 4], [3, 0, 0], true), standing('e2', 2, [0], [0, 0, 1], false), standing('e3', 3, [0, 0], [0, 0, 2], false)],
  games: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
  settings.lang = 'en';
});

describe('an arena\'s page', () => {
  it.each([
    ['es', '3 inscritos', 'Puntos por partida', 'una victoria 2'],
    ['en', '3 entrants', 'Points per game', 'a win 2'],
    ['ja', '参加者3人', '各局の得点', '勝ち2'],
  ] as const)('%s: "%s" above three rows; the column reads "%s" and is explained', async (lang, count, column, explained) => {
    settings.lang = lang;
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ tournament: arena }), { status: 200 })));
    const { container } = render(TournamentScreen, { id: 'arena1' });
    await waitFor(() => expect(container.querySelector('[data-testid="standings"] tbody tr')).not.toBeNull());
    expect(container.querySelectorAll('[data-testid="standings"] tbody tr')).toHaveLength(3);
    expect(container.querySelector('[data-testid="entrant-count"]')?.textContent).toBe(count);
    const header = container.querySelector('[data-testid="game-points"]')!;
    expect(header.textContent).toBe(column);
    expect(header.getAttribute('title')).toContain(explained);
    expect(container.querySelector('[data-testid="arena-legend"]')?.textContent).toContain(explained);
  });

  it('links an account\'s name to its profile; a CPU entrant\'s is plain (issue 47 item 9)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ tournament: arena }), { status: 200 })));
    const { container } = render(TournamentScreen, { id: 'arena1' });
    await waitFor(() => expect(container.querySelector('[data-standing="ana"]')).not.toBeNull());
    expect(container.querySelector('[data-standing="ana"] a.who')?.getAttribute('href')).toBe('#/player/ana');
    expect(container.querySelector('[data-standing="CPU 2"] a.who')).toBeNull();
  });

  it('marks a streak with text, no emoji', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ tournament: arena }), { status: 200 })));
    const { container } = render(TournamentScreen, { id: 'arena1' });
    await waitFor(() => expect(container.querySelector('[data-standing="ana"] td.score')).not.toBeNull());
    const score = container.querySelector('[data-standing="ana"] td.score')!.textContent!;
    expect(score.replace(/\s/g, '')).toBe('8×2');
    expect(score).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
