// Home remembers what a person chose and shows what they played: the CPU level picked last time
// (issue 35 #11), and "recent finished games" from the server for an account, played on any of its
// devices, or as this browser saw them for a guest (#12).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/svelte';
import type { MyGames } from '@chu/protocol';
import Home from '../src/screens/Home.svelte';
import { client } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { remember } from '../src/lib/history';
import { freshNet } from './fixtures';
import { receive } from '../src/lib/client/store.svelte';
import { inboxCleared } from '../src/lib/notifications/notifications.svelte';

// Home connects on mount: a socket that never connects
vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, emit() {}, connect() {}, disconnect() {}, io: {} }) }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const lucia = { id: 'u1', username: 'lucia' };

/** The server: this device (lucia's when `user`); its games as GET /api/me/games answers them. */
function server(user: typeof lucia | null, mine: MyGames) {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/device') return json(200, { device: { id: 'me', name: 'me', user } });
    if (url === '/api/me/games') return json(200, mine);
    return json(404, { code: 'not-found', message: 'No.' });
  });
}

const phoneGame: MyGames['finished'][number] = {
  gameId: 'gPhone', roomCode: 'PHONE1', color: 'black', opponent: 'Mateo', status: 'finished', adjourned: null, ply: 41,
  updatedAt: '2026-12-04T18:00:00.000Z', outcome: { winner: 'black', reason: 'resign' }, turn: null, deadline: null,
};
const inPlay = (gameId: string, color: 'black' | 'white', turn: 'black' | 'white', deadline: string | null, status: 'active' | 'adjourned' = 'active') =>
  ({ ...phoneGame, gameId, roomCode: gameId.toUpperCase().padEnd(6, 'X'), color, status, adjourned: status === 'adjourned' ? 'absence' as const : null, outcome: null, turn, deadline });

beforeEach(() => {
  freshNet([]);
  settings.lang = 'en';
  localStorage.clear();
  remember({ id: 'gHere', room: 'HERE01', black: 'Ana', white: 'Ben', finished: true, result: '½-½', at: 1 });
});
afterEach(() => vi.unstubAllGlobals());

const recentLines = (c: HTMLElement) =>
  [...c.querySelectorAll('[data-recent] li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim());

describe('Home', () => {
  it('keeps the CPU level chosen for the next visit', async () => {
    server(null, { games: [], finished: [] });
    const first = render(Home);
    const select = first.container.querySelector('select[name="cpuLevel"]') as HTMLSelectElement;
    expect(select.value).toBe('3'); // a first visit
    await fireEvent.change(select, { target: { value: '5' } });
    first.unmount();
    expect(JSON.parse(localStorage.getItem('chu.settings')!)).toMatchObject({ cpuLevel: 5 });

    const again = render(Home);
    expect((again.container.querySelector('select[name="cpuLevel"]') as HTMLSelectElement).value).toBe('5');
  });

  it("an account's recent finished games are the server's, played on any of its devices", async () => {
    server(lucia, { games: [], finished: [phoneGame] });
    client.user = lucia;
    const { container } = render(Home);
    await waitFor(() => expect(recentLines(container)).toEqual(['lucia – Mateo 1-0']));
    expect(container.querySelector('[data-recent] a')!.getAttribute('href')).toBe('#/replay/gPhone');
  });

  it('games in progress say which adjournment holds them: a sealed move waits for both, an absence for a return (RULES.md §7, §8)', async () => {
    server(null, {
      games: [
        { ...inPlay('gSealed', 'black', 'black', null, 'adjourned'), adjourned: 'agreement' },
        inPlay('gAway', 'black', 'black', null, 'adjourned'),
      ],
      finished: [],
    });
    client.user = null;
    const { container } = render(Home);
    await waitFor(() => expect(container.querySelectorAll('[data-in-progress] li')).toHaveLength(2));
    const tag = (id: string) => container.querySelector(`[data-game="${id}"] .tag`)!.textContent;
    expect(container.querySelector('[data-game="gSealed"]')!.getAttribute('data-adjourned')).toBe('agreement');
    expect(tag('gSealed')).toBe('adjourned (sealed move)');
    expect(tag('gAway')).toBe('adjourned');
  });

  it("a guest's are the ones this browser saw", async () => {
    server(null, { games: [], finished: [] });
    client.user = null;
    const { container } = render(Home);
    await new Promise((r) => setTimeout(r, 0));
    expect(recentLines(container)).toEqual(['Ana – Ben ½-½']);
  });

  // issue 36: a correspondence game comes and goes for days; Home says whose move it is, and until when
  it.each([
    ['es', ['tu turno', 'su turno', 'aplazada'], 'plazo: '],
    ['en', ['your turn', 'their turn', 'adjourned'], 'deadline: '],
    ['ja', ['あなたの番', '相手の番', '中断中'], '期限：'],
  ] as const)('games in progress in %s: my turn, theirs, an adjourned one; a correspondence move\'s deadline', async (lang, tags, deadlineWord) => {
    settings.lang = lang;
    const at = '2026-12-08T18:30:00.000Z';
    server(null, { games: [inPlay('ga', 'white', 'white', at), inPlay('gb', 'black', 'white', null), inPlay('gc', 'black', 'black', null, 'adjourned')], finished: [] });
    const { container } = render(Home);
    await waitFor(() => expect(container.querySelectorAll('[data-in-progress] li')).toHaveLength(3));
    const rows = [...container.querySelectorAll('[data-in-progress] li')];
    expect(rows.map((li) => li.querySelector('.tag')!.textContent)).toEqual(tags);
    expect(rows.map((li) => li.querySelector('[data-turn]')?.getAttribute('data-turn') ?? null)).toEqual(['mine', 'theirs', null]);
    const deadline = rows[0].querySelector('[data-deadline]')!.textContent!;
    expect(deadline.startsWith(deadlineWord)).toBe(true);
    expect(deadline).toContain(new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(at)));
    expect(rows[1].querySelector('[data-deadline]')).toBeNull();
  });

  // issue 47 item 2: the opponent moves while Home is open; the bell's "your move" refreshes the list
  it('games in progress follow the news this tab hears: a "your move" notification fetches them again', async () => {
    inboxCleared();
    let mine: MyGames = { games: [{ ...inPlay('gLive', 'white', 'black', null), ply: 0 }], finished: [] };
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/device') return json(200, { device: { id: 'me', name: 'me', user: lucia } });
      if (url === '/api/me/games') return json(200, mine);
      return json(404, { code: 'not-found', message: 'No.' });
    });
    client.user = lucia;
    const { container } = render(Home);
    const row = () => container.querySelector('[data-game="gLive"]')?.textContent?.replace(/\s+/g, ' ').trim();
    await waitFor(() => expect(row()).toContain('0 moves'));
    expect(row()).toContain('their turn');
    mine = { games: [{ ...inPlay('gLive', 'white', 'white', null), ply: 1 }], finished: [] };
    receive({
      type: 'notification',
      notification: { id: 9, at: 1, read: false, payload: { kind: 'your-move', v: 1, gameId: 'gLive', roomCode: 'GLIVEX', opponent: 'Mateo', deadline: 2 } },
    });
    await waitFor(() => expect(row()).toContain('1 move'));
    expect(row()).toContain('your turn');
  });
});
