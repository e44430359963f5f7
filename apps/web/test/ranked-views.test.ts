// Leaderboard and profile rendered from fixture answers parsed with the protocol's schemas.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/svelte';
import { LeaderboardSchema, ProfileSchema } from '@chu/protocol';
import LeaderboardTable from '../src/lib/ranked/LeaderboardTable.svelte';
import ProfileView from '../src/lib/ranked/ProfileView.svelte';
import ProfileScreen from '../src/screens/Profile.svelte';
import LeaderboardScreen from '../src/screens/Leaderboard.svelte';
import { fetchProfile } from '../src/lib/api';
import { gamesToEstablish } from '../src/lib/ranked/established';
import { settings } from '../src/lib/settings.svelte';
import { parseRoute, href } from '../src/lib/router.svelte';
import { leaderboard, leaderboardJson, profile, profileJson, provisional } from './fixtures';

const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent!.trim());

afterEach(() => {
  vi.unstubAllGlobals();
  settings.lang = 'en';
});

describe('leaderboard', () => {
  it('lists rank, player, rating, RD and W/D/L with links to the profiles', () => {
    const { container } = render(LeaderboardTable, { leaderboard });
    const rows = [...container.querySelectorAll('[data-section="established"] tbody tr')];
    expect(rows).toHaveLength(3);
    expect(cells(rows[0])).toEqual(['1', 'ana', '1712', '62', '20 / 3 / 7']);
    expect(cells(rows[2])).toEqual(['3', 'lion-king', '1501', '110', '4 / 2 / 4']);
    expect(rows[1].querySelector('a')!.getAttribute('href')).toBe('#/player/kenji_99');
    expect([...container.querySelectorAll('[data-section="established"] thead th')].map((th) => th.textContent)).toEqual(['#', 'Player', 'Rating', 'RD', 'W / D / L']);
  });

  it('lists provisional players below, with "?", unranked, and says how a rating becomes established', () => {
    const { container } = render(LeaderboardTable, { leaderboard });
    const rows = [...container.querySelectorAll('[data-section="provisional"] tbody tr')];
    expect(rows.map(cells)).toEqual([
      ['–', 'lucia', '1630?', '248', '1 / 1 / 0'],
      ['–', 'mateo', '1500?', '290', '0 / 1 / 0'],
    ]);
    expect(container.querySelector('[data-how-established]')!.textContent).toContain('falls below 110');
  });

  it('says how many rated games that typically takes, worked out with the site\'s Glicko-2', () => {
    // two new players (1500, RD 350) drawing each other: RD 290.3, 247.5, … 112.5 after 12, 108.1 after 13
    expect(gamesToEstablish(110)).toBe(13);
    expect(gamesToEstablish(300)).toBe(1);
    const line = () => render(LeaderboardTable, { leaderboard }).container.querySelector('[data-how-established]')!.textContent;
    expect(line()).toBe(
      'A rating is provisional (“?”) until its deviation (RD) falls below 110: a new player (1500, RD 350) facing players of their own rating gets there after about 13 rated games. Then the player joins the ranking above.',
    );
    settings.lang = 'es';
    expect(line()).toContain('baja de 110: un jugador nuevo (1500, RD 350) contra rivales de su misma puntuación llega ahí tras unas 13 partidas clasificatorias');
    settings.lang = 'ja';
    expect(line()).toContain('およそ13局のレーティング対局で確定');
  });

  it('a new site: nobody established yet, the provisional players are still listed', () => {
    const { container } = render(LeaderboardTable, {
      leaderboard: LeaderboardSchema.parse({ ...leaderboardJson, players: [] }),
    });
    expect(container.querySelector('[data-section="established"]')).toBeNull();
    expect(container.textContent).toContain('No established players yet.');
    expect(container.querySelectorAll('[data-section="provisional"] tbody tr')).toHaveLength(2);
  });

  it('is translated', () => {
    settings.lang = 'ja';
    const { container } = render(LeaderboardTable, { leaderboard });
    expect(container.querySelector('thead')!.textContent).toContain('レーティング');
  });

  it('the screen shows the real-time pool first, and the correspondence pool on its tab (GET /api/leaderboard?pool=…)', async () => {
    const correspondence = { ...leaderboardJson, pool: 'correspondence', players: [], provisional: [leaderboardJson.provisional[1]] };
    const fetch = vi.fn(async (url: string) =>
      new Response(JSON.stringify(url.endsWith('=correspondence') ? correspondence : leaderboardJson), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(LeaderboardScreen);
    const tabs = () => [...container.querySelectorAll('[role="tab"]')].map((b) => [b.textContent!.trim(), b.getAttribute('aria-selected')]);
    expect(tabs()).toEqual([['Real-time', 'true'], ['Correspondence', 'false'], ['Bots', 'false']]);
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(5));
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/leaderboard?pool=realtime']);

    await fireEvent.click(container.querySelector('[data-pool-tab="correspondence"]')!);
    expect(tabs()).toEqual([['Real-time', 'false'], ['Correspondence', 'true'], ['Bots', 'false']]);
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(container.querySelector('[data-pool]')!.getAttribute('data-pool')).toBe('correspondence');
    expect(cells(container.querySelector('tbody tr')!)).toEqual(['–', 'mateo', '1500?', '290', '0 / 1 / 0']);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/leaderboard?pool=realtime', '/api/leaderboard?pool=correspondence']);

    settings.lang = 'es';
    await waitFor(() => expect(tabs().map(([name]) => name)).toEqual(['En tiempo real', 'Por correspondencia', 'Bots']));
    settings.lang = 'ja';
    await waitFor(() => expect(tabs().map(([name]) => name)).toEqual(['リアルタイム', '通信対局', 'ボット']));
  });

  it('the Bots tab lists the bots by their own pool\'s rating (GET /api/leaderboard?pool=bot, issue 50)', async () => {
    const bots = { ...leaderboardJson, pool: 'bot', players: [{ ...leaderboardJson.players[0], username: 'robo_bot' }], provisional: [] };
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith('=bot') ? bots : leaderboardJson), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(LeaderboardScreen);
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(5));
    await fireEvent.click(container.querySelector('[data-pool-tab="bot"]')!);
    await waitFor(() => expect(container.querySelector('[data-pool]')!.getAttribute('data-pool')).toBe('bot'));
    await waitFor(() => expect(container.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(cells(container.querySelector('tbody tr')!)[1]).toBe('robo_bot');
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/leaderboard?pool=realtime', '/api/leaderboard?pool=bot']);
  });
});

describe('profile', () => {
  it('a bot\'s profile says BOT beside its name; a person\'s does not (issue 50)', () => {
    const bot = render(ProfileView, { profile: { ...profile, bot: true, ratings: { ...profile.ratings, bot: profile.ratings.realtime } } }).container;
    expect(bot.querySelector('h1 [data-bot]')?.textContent).toBe('BOT');
    // a bot stands in its own pool only
    expect([...bot.querySelectorAll('section[data-pool] h2')].map((h) => h.textContent)).toEqual(['Bots']);
    expect(render(ProfileView, { profile }).container.querySelector('[data-bot]')).toBeNull();
  });

  it('shows each pool\'s rating, RD, games, W/D/L and chart, and the recent games of both with replay links', () => {
    const { container } = render(ProfileView, { profile });
    const stat = (pool: string, k: string) => container.querySelector(`[data-pool="${pool}"] [data-stat="${k}"]`)!.textContent;
    expect([...container.querySelectorAll('section[data-pool] h2')].map((h) => h.textContent)).toEqual(['Real-time', 'Correspondence']);
    expect(['rating', 'rd', 'games', 'wdl'].map((k) => stat('realtime', k))).toEqual(['1656', '80', '20', '11 / 0 / 9']);
    expect(['rating', 'rd', 'games', 'wdl'].map((k) => stat('correspondence', k))).toEqual(['1500?', '290', '1', '0 / 1 / 0']);
    expect(container.querySelector('[data-pool="realtime"] [data-provisional]')).toBeNull();
    expect(container.querySelector('[data-pool="correspondence"] [data-provisional]')).not.toBeNull();
    // a chart per pool, each with its own games
    expect(container.querySelectorAll('[data-pool="realtime"] svg circle.dot')).toHaveLength(2);
    expect(container.querySelectorAll('[data-pool="correspondence"] svg circle.dot')).toHaveLength(1);

    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows.map((r) => r.getAttribute('data-game'))).toEqual(['g3', 'g2', 'g1']);
    expect(rows[0].querySelector('.result')!.textContent).toContain('Win');
    expect(rows[0].querySelector('[data-change]')!.textContent).toBe('1656 +75');
    expect(rows[1].querySelector('.result')!.textContent).toContain('Draw');
    expect(rows[1].querySelector('[data-change]')!.textContent).toBe('1500 ±0');
    expect(rows.map((r) => r.querySelector('td.kind')!.textContent)).toEqual(['Real-time', 'Correspondence', 'Real-time']);
    expect(rows[2].querySelector('.result')!.textContent).toContain('Loss');
    expect(rows[2].querySelector('.result')!.textContent).toContain('time ran out');
    expect(rows[2].querySelector('[data-change]')!.textContent).toBe('1581 −39');
    expect(rows[0].querySelector('[data-replay]')!.getAttribute('href')).toBe('#/replay/g3');
    expect(rows[0].querySelector('a')!.getAttribute('href')).toBe('#/player/ana');
  });

  it('the colour column is the profile owner\'s: headed with their name, apart from the opponent\'s', () => {
    // issue 16: "X con blancas" stood next to the opponent's name but meant the owner's colour
    const { container } = render(ProfileView, { profile });
    const head = [...container.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    expect(head.slice(0, 4)).toEqual(['Date', "kenji_99's side", 'Opponent', 'Kind']);
    const rows = [...container.querySelectorAll('tbody tr')];
    // kenji_99 had Black against ana (g3), White against lion-king (g2), Black against ana (g1)
    expect(rows.map((r) => r.querySelector('td.side')!.getAttribute('data-side'))).toEqual(['black', 'white', 'black']);
    expect(rows.map((r) => cells(r).slice(1, 3))).toEqual([['Black', 'ana'], ['White', 'lion-king'], ['Black', 'ana']]);

    settings.lang = 'es';
    const es = render(ProfileView, { profile }).container;
    expect(es.querySelector('thead th.side')!.textContent).toBe('Color de kenji_99');
    expect(es.querySelector('tbody tr[data-game="g2"] td.side')!.textContent).toBe('Blancas');
  });

  it('a provisional rating is shown with "?" and explained; no games means no chart, in either pool', () => {
    const { container } = render(ProfileView, { profile: provisional });
    expect([...container.querySelectorAll('[data-stat="rating"]')].map((e) => e.textContent)).toEqual(['1500?', '1500?']);
    expect(container.querySelectorAll('[data-provisional]')).toHaveLength(2);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelectorAll('[data-chart="empty"]')).toHaveLength(2);
  });

  it('in Spanish', () => {
    settings.lang = 'es';
    const { container } = render(ProfileView, { profile });
    expect(container.textContent).toContain('Historial de puntuación');
    expect(container.querySelector('tbody tr .result')!.textContent).toContain('Victoria');
  });

  it('fetches GET /api/players/:username, validates it, and reports unknown players', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/players/kenji_99'
        ? new Response(JSON.stringify(profileJson), { status: 200 })
        : url === '/api/players/broken'
          ? new Response(JSON.stringify({ username: 'broken' }), { status: 200 })
          : new Response(JSON.stringify({ code: 'no-player', message: 'No such player.' }), { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    const ok = await fetchProfile('kenji_99');
    expect(ok.ok && ProfileSchema.parse(ok.data).username).toBe('kenji_99');
    expect(await fetchProfile('broken')).toEqual({ ok: false, error: 'invalid' });
    expect(await fetchProfile('nobody')).toEqual({ ok: false, error: 'not-found' });

    const { container } = render(ProfileScreen, { username: 'nobody' });
    await waitFor(() => expect(container.textContent).toContain('There is no player called “nobody”.'));
  });

  it('routes: #/leaderboard and #/player/<name>', () => {
    expect(parseRoute('#/leaderboard')).toEqual({ name: 'leaderboard' });
    expect(parseRoute('#/player/kenji_99')).toEqual({ name: 'player', username: 'kenji_99' });
    expect(parseRoute('#/account')).toEqual({ name: 'account' });
    expect(href({ name: 'player', username: 'a-b_c' })).toBe('#/player/a-b_c');
  });
});
