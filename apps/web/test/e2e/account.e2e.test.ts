// Accounts and ranked play in real browsers against the real server: register, a taken username refused
// in words, staying logged in across a reload, guests told ranked needs an account, two accounts queue
// and are sent to the same game, leaderboard and profile pages, log out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launch, startServer, type Running } from './harness';

let server: Running;
let browser: Browser;
const problems: string[] = [];

function watch(page: Page, who: string) {
  page.on('console', (m) => {
    // refused logins answer 401/409, which Chromium logs as failed resources: those are expected
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`${who} console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${who} pageerror: ${e.message}`));
}

async function register(page: Page, username: string, password: string) {
  await page.goto(server.url + '/#/account');
  await page.waitForSelector('form[data-mode]');
  if ((await page.getAttribute('form[data-mode]', 'data-mode')) === 'login') await page.click('[data-action="switch-mode"]');
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.click('[data-action="register"]');
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('accounts and ranked play', () => {
  let a: Page;
  let b: Page;

  it('registers, refuses a taken username in words, stays logged in after a reload', async () => {
    a = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    b = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    watch(a, 'A');
    watch(b, 'B');

    // a guest sees why ranked needs an account
    await b.goto(server.url + '/');
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
    expect(problems).toEqual([]);
  });

  it('two accounts enter the ranked queue and are sent to the same game', async () => {
    try {
      for (const p of [a, b]) {
        await p.goto(server.url + '/');
        await p.click('[data-section="ranked"] input[value="30"]');
        await p.click('[data-action="ranked-join"]:not([disabled])');
      }
      for (const p of [a, b]) await p.waitForURL(/#\/room\/[A-Z0-9]{6}$/, { timeout: 30_000 });
      expect(a.url().split('#')[1]).toBe(b.url().split('#')[1]);
      for (const p of [a, b]) await p.waitForSelector('[data-square="7j"] [data-piece="black n"]', { timeout: 20_000 });
      await a.screenshot({ path: join(ARTIFACTS, 'ranked-game-1280.png') });
    } catch (e) {
      for (const [n, p] of [['a', a], ['b', b]] as const) await p.screenshot({ path: join(ARTIFACTS, `fail-ranked-${n}.png`) }).catch(() => {});
      console.log(server.log.join('').slice(-4000));
      throw e;
    }
  });

  it('leaderboard and profile pages', async () => {
    await a.goto(server.url + '/#/leaderboard');
    await a.waitForSelector('.leaderboard, [data-empty]');
    await a.goto(server.url + '/#/player/alice_e2e');
    await a.waitForSelector('[data-profile="alice_e2e"]');
    await a.waitForSelector('[data-stat="rating"]');
    await a.screenshot({ path: join(ARTIFACTS, 'profile-1280.png') });
    await b.goto(server.url + '/#/player/nobody_here');
    await b.waitForSelector('text=There is no player called');
  });

  it('logs out', async () => {
    await a.goto(server.url + '/#/account');
    await a.click('[data-action="logout"]');
    await a.waitForSelector('[data-account=""]');
    await a.goto(server.url + '/');
    await a.waitForSelector('[data-section="ranked"] [data-need-account]');
    expect(problems).toEqual([]);
  });
});
