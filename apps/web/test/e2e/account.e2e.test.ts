// Accounts and ranked play in real browsers against the real server: register, a taken username refused
// in words, staying logged in across a reload, guests told ranked needs an account, two accounts queue
// and are sent to the same game (usernames and "1500?" on the strips), agree a draw and see the rating
// change, both listed as provisional on the leaderboard; profile pages; matched again, one resigns and
// the result dialog shows a "+" and a "−" change; log out.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, useSession } from './harness';

// refused logins answer 401/409, which Chromium logs as failed resources: those are expected
const session = useSession({ expected: /Failed to load resource/ });

async function register(page: Page, username: string, password: string) {
  await page.goto(session.server.url + '/#/account');
  await page.waitForSelector('form[data-mode]');
  if ((await page.getAttribute('form[data-mode]', 'data-mode')) === 'login') await page.click('[data-action="switch-mode"]');
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.click('[data-action="register"]');
}

describe('accounts and ranked play', () => {
  let a: Page;
  let b: Page;

  it('registers, refuses a taken username in words, stays logged in after a reload', async () => {
    a = await session.page('a');
    b = await session.page('b', PHONE);

    // a guest sees why ranked needs an account
    await b.goto(session.server.url + '/');
    await b.waitForSelector('[data-section="ranked"] [data-need-account]');
    expect(await b.isDisabled('[data-action="ranked-join"]')).toBe(true);

    await register(a, 'alice_e2e', 'password123');
    await a.waitForSelector('[data-account="alice_e2e"]');
    await a.reload();
    await a.waitForSelector('[data-account="alice_e2e"]');

    await register(b, 'alice_e2e', 'another-password');
    await b.waitForSelector('[data-error="username-taken"]');
    expect(await b.textContent('[data-error]')).toContain('That username is taken');
    await b.fill('input[name="username"]', 'ab');
    await b.click('[data-action="register"]');
    await b.waitForSelector('[data-error="username-short"]');
    await b.fill('input[name="username"]', 'bob_e2e');
    await b.click('[data-action="register"]');
    await b.waitForSelector('[data-account="bob_e2e"]');
    expect(session.problems).toEqual([]);
  });

  it('two accounts are matched; the strips show usernames with "?"; a draw by agreement shows the change', async () => {
    try {
      for (const p of [a, b]) {
        await p.goto(session.server.url + '/');
        await p.click('[data-section="ranked"] input[value="30m+30f"]'); // half an hour each: no flag while the test looks
        await p.click('[data-action="ranked-join"]:not([disabled])');
      }
      for (const p of [a, b]) await p.waitForURL(/#\/room\/[A-Z0-9]{6}$/, { timeout: 30_000 });
      expect(a.url().split('#')[1]).toBe(b.url().split('#')[1]);
      for (const p of [a, b]) {
        await p.waitForSelector('[data-square="7j"] [data-piece="black n"]', { timeout: 20_000 });
        const strips = await p.$$eval('[data-player]', (els) =>
          els.map((e) => `${e.querySelector('.pname')?.textContent} ${e.querySelector('[data-rating]')?.textContent}`).sort(),
        );
        expect(strips).toEqual(['alice_e2e 1500?', 'bob_e2e 1500?']);
        await p.waitForSelector('[data-rated]');
      }
      await a.screenshot({ path: join(ARTIFACTS, 'ranked-game-1280.png') });
      await b.screenshot({ path: join(ARTIFACTS, 'ranked-game-390.png') });

      await a.click('[data-action="offer-draw"]');
      await b.click('[data-draw-offer] button:nth-of-type(1)');
      for (const p of [a, b]) {
        await p.waitForSelector('[data-result-dialog="draw"] [data-rating-changes]');
        const rows = await p.$$eval('[data-result-dialog] [data-change]', (trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' ')).sort(),
        );
        // two new players drawing: both stay at 1500 (their deviation drops), still provisional
        expect(rows).toEqual(['alice_e2e 1500? ±0', 'bob_e2e 1500? ±0']);
        // and the dialog says why they did not move (issue 35 #10)
        expect(await p.textContent('[data-result-dialog] [data-rating-unchanged]')).toMatch(/^±0: the result was what the ratings expected/);
      }
      await a.screenshot({ path: join(ARTIFACTS, 'ranked-result-1280.png') });
      await b.screenshot({ path: join(ARTIFACTS, 'ranked-result-390.png') });
    } catch (e) {
      await session.failed(e, 'ranked');
    }
  });

  it('leaderboard and profile pages', async () => {
    await a.goto(session.server.url + '/#/leaderboard');
    await a.waitForSelector('[data-section="provisional"]');
    const provisional = await a.$$eval('[data-section="provisional"] tbody tr', (trs) =>
      trs.map((tr) => `${tr.querySelector('td a')?.textContent} ${tr.querySelector('td.rating')?.textContent}`).sort(),
    );
    expect(provisional).toEqual(['alice_e2e 1500?', 'bob_e2e 1500?']);
    // a row offers a challenge to the others, never to oneself
    expect(await a.$$eval('[data-section="provisional"] [data-action="challenge"]', (bs) => bs.map((b) => b.closest('tr')?.dataset.player)))
      .toEqual(['bob_e2e']);
    expect(await a.textContent('[data-how-established]')).toContain('110');
    await a.screenshot({ path: join(ARTIFACTS, 'leaderboard-1280.png') });
    // their game was real-time: the correspondence pool has nobody yet
    await a.click('[data-pool-tab="correspondence"]');
    await a.waitForSelector('[data-pool="correspondence"] [data-empty]');
    expect(await a.$$('[data-pool="correspondence"] tbody tr')).toHaveLength(0);
    await a.goto(session.server.url + '/#/player/alice_e2e');
    await a.waitForSelector('[data-profile="alice_e2e"]');
    await a.waitForSelector('[data-pool="realtime"] [data-stat="rating"]');
    expect(await a.textContent('[data-pool="correspondence"] [data-stat="rating"]')).toBe('1500?');
    await a.screenshot({ path: join(ARTIFACTS, 'profile-1280.png') });
    await b.goto(session.server.url + '/#/player/nobody_here');
    await b.waitForSelector('text=There is no player called');
  });

  it('matched again, Bob resigns: the result dialog shows Alice\'s gain and Bob\'s loss', async () => {
    try {
      for (const p of [a, b]) {
        await p.goto(session.server.url + '/');
        await p.click('[data-section="ranked"] input[value="30m+30f"]');
        await p.click('[data-action="ranked-join"]:not([disabled])');
      }
      for (const p of [a, b]) await p.waitForURL(/#\/room\/[A-Z0-9]{6}$/, { timeout: 30_000 });
      for (const p of [a, b]) await p.waitForSelector('[data-square="7j"] [data-piece="black n"]', { timeout: 20_000 });
      await b.click('[data-action="resign"]');
      await b.click('[data-action="confirm-resign"]');
      for (const p of [a, b]) {
        await p.waitForSelector('[data-result-dialog] [data-rating-changes]');
        const rows = await p.$$eval('[data-result-dialog] [data-change]', (trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' ')).sort(),
        );
        // both at 1500, RD 290.3 after their draw: the win is worth 129.6 either way (issue 11's figures),
        // still provisional; the loss is written with a real minus sign
        expect(rows).toEqual(['alice_e2e 1630? +130', 'bob_e2e 1370? \u2212130']);
        // the strips beside the board show the new ratings too, not the ones the game began with (issue 35 #6)
        const strips = await p.$$eval('[data-player]', (els) =>
          els.map((e) => `${e.querySelector('.pname')?.textContent} ${e.querySelector('[data-rating]')?.textContent}`).sort(),
        );
        expect(strips).toEqual(['alice_e2e 1630?', 'bob_e2e 1370?']);
      }
      await a.screenshot({ path: join(ARTIFACTS, 'ranked-resign-result-1280.png') });
      await b.screenshot({ path: join(ARTIFACTS, 'ranked-resign-result-390.png') });
    } catch (e) {
      await session.failed(e, 'ranked-resign');
    }
    expect(session.problems).toEqual([]);
  });

  it('logs out', async () => {
    await a.goto(session.server.url + '/#/account');
    await a.click('[data-action="logout"]');
    await a.waitForSelector('[data-account=""]');
    await a.goto(session.server.url + '/');
    await a.waitForSelector('[data-section="ranked"] [data-need-account]');
    expect(session.problems).toEqual([]);
  });
});
