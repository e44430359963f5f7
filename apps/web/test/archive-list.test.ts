// The profile's archive: every finished game from the server's pages, the filters as the query string the
// server reads, "more" following the cursor, each game linked to its replay, the KIF export with the filters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/svelte';
import { ArchivePageSchema, type ArchiveGame } from '@chu/protocol';
import ArchiveList from '../src/lib/ranked/ArchiveList.svelte';
import { archiveQuery, NO_FILTERS } from '../src/lib/ranked/archive';

const game = (gameId: string, over: Partial<ArchiveGame> = {}): ArchiveGame => ({
  gameId, roomCode: 'ABCDEF', color: 'black', opponent: 'Mateo', variant: 'chu', handicap: false, rated: false,
  timeControl: { kind: 'none' }, result: 'win', reason: 'resign', ply: 12, finishedAt: '2026-12-01T10:00:00.000Z', ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('the archive query', () => {
  it.each([
    [NO_FILTERS, null, ''],
    [{ ...NO_FILTERS, variant: 'dai' as const, result: 'loss' as const }, null, '?variant=dai&result=loss'],
    [{ ...NO_FILTERS, rated: 'false' as const, control: 'none' as const, opponent: '  CPU 3 ' }, 'abc', '?rated=false&control=none&opponent=CPU+3&cursor=abc'],
  ])('%j after %s is %s', (filters, cursor, query) => {
    expect(archiveQuery(filters, cursor)).toBe(query);
  });
});

describe('the archive on a profile', () => {
  it('lists a page, fetches the next with "more", and asks again from the start when a filter changes', async () => {
    const pages: Record<string, unknown> = {
      '/api/players/lucia/games': { games: [game('g1'), game('g2', { variant: 'dai', rated: true, result: 'loss', timeControl: { kind: 'turn', seconds: 30 } })], next: 'c2' },
      '/api/players/lucia/games?cursor=c2': { games: [game('g3', { handicap: true, opponent: 'CPU 1', color: 'white' })], next: null },
      '/api/players/lucia/games?result=loss': { games: [game('g2', { result: 'loss' })], next: null },
    };
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (path: string) => {
      asked.push(path);
      const body = ArchivePageSchema.parse(pages[path]);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const { container } = render(ArchiveList, { username: 'lucia' });
    const ids = () => [...container.querySelectorAll('tr[data-game]')].map((r) => r.getAttribute('data-game'));
    await waitFor(() => expect(ids()).toEqual(['g1', 'g2']));
    expect(container.querySelector('tr[data-game="g2"] .kind')!.textContent!.replace(/\s+/g, ' ').trim()).toBe('Dai shogi · Rated · 30 s a move');
    expect(container.querySelector('tr[data-game="g1"] [data-replay]')!.getAttribute('href')).toBe('#/replay/g1');

    await fireEvent.click(container.querySelector('[data-more]')!);
    await waitFor(() => expect(ids()).toEqual(['g1', 'g2', 'g3']));
    expect(container.querySelector('[data-more]')).toBeNull(); // the last page
    expect(container.querySelector('tr[data-game="g3"] .kind')!.textContent).toContain('Handicap');

    const result = container.querySelector<HTMLSelectElement>('[data-filter="result"]')!;
    result.value = 'loss';
    await fireEvent.change(result);
    await waitFor(() => expect(ids()).toEqual(['g2']));
    expect(container.querySelector('[data-export]')!.getAttribute('href')).toBe('/api/players/lucia/games.kif?result=loss');
    expect(asked).toEqual(['/api/players/lucia/games', '/api/players/lucia/games?cursor=c2', '/api/players/lucia/games?result=loss']);
  });

  // issue 47, item 11: no Heisei in "Juego"; an export of nothing was an empty KIF
  it('offers Heisei among the games, names it in a row, and offers no export when nothing matches', async () => {
    const pages: Record<string, unknown> = {
      '/api/players/lucia/games': { games: [game('g1', { variant: 'heisei' })], next: null },
      '/api/players/lucia/games?variant=dai': { games: [], next: null },
    };
    vi.stubGlobal('fetch', vi.fn(async (path: string) =>
      new Response(JSON.stringify(ArchivePageSchema.parse(pages[path])), { status: 200, headers: { 'content-type': 'application/json' } })));
    const { container } = render(ArchiveList, { username: 'lucia' });
    const variant = container.querySelector<HTMLSelectElement>('[data-filter="variant"]')!;
    expect([...variant.options].map((o) => o.value)).toEqual(['', 'chu', 'dai', 'heisei']);
    await waitFor(() => expect(container.querySelector('tr[data-game="g1"] .kind')!.textContent).toContain('Heisei chu shogi'));
    expect(container.querySelector('[data-export]')!.getAttribute('href')).toBe('/api/players/lucia/games.kif');

    variant.value = 'dai';
    await fireEvent.change(variant);
    await waitFor(() => expect(container.querySelector('tr[data-game]')).toBeNull());
    expect(container.textContent).toContain('No games to show.');
    expect(container.querySelector('[data-export]')).toBeNull();
  });
});
