// Two players and a spectator in real browsers against the real server:
// create and join a room, play moves including a lion igui and a promotion,
// reload mid-game and resume the seat, resign, and see the result on every screen.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { LEVEL_ELO } from '../../../../packages/engine/src/levels.ts';
import { ARTIFACTS, PHONE, empty, move, sees, sq, useSession } from './harness';

const session = useSession();

describe('web client end to end', () => {
  it('two players and a spectator play a game to resignation', async () => {
    const a = await session.page('a');
    const b = await session.page('b');
    const c = await session.page('c', PHONE);
    const frames: string[] = [];
    const ws = (p: Page, n: string) => p.on('websocket', (w) => {
      w.on('framesent', (f) => frames.push(`${n} > ${String(f.payload).slice(0, 300)}`));
      w.on('framereceived', (f) => frames.push(`${n} < ${String(f.payload).slice(0, 300)}`));
    });
    ws(a, 'A');
    ws(b, 'B');
    try {
      await play(a, b, c);
    } catch (e) {
      console.log(frames.slice(-30).join('\n'));
      await session.failed(e, 'game');
    }
    expect(session.problems).toEqual([]);
  });
});

describe('play the CPU', () => {
  it('starts a game against the CPU from the home screen; the CPU answers', async () => {
    const page = await session.page('cpu');
    try {
      await page.goto(session.server.url + '/');
      await page.selectOption('select[name="cpuLevel"]', '1');
      // each level with its estimated Elo from the engine's ladder: "Level 1 · ~1000 Elo"
      const elo = Math.round(LEVEL_ELO[0] / 50) * 50;
      expect(await page.locator('select[name="cpuLevel"] option:checked').textContent()).toMatch(new RegExp(`^\\S+ ?1 · (~|約)${elo} Elo$`));
      await page.click('[data-action="play-cpu"]:not([disabled])');
      await sees(page, '7j', 'black n');
      await page.waitForSelector('[data-your-turn]');
      // this time by dragging the piece
      const from = (await page.locator(sq('7i')).boundingBox())!;
      const to = (await page.locator(sq('7h')).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 8 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 2 });
      await page.mouse.up();
      await sees(page, '7h', 'black p');
      await page.waitForSelector('.movelist[data-moves="2"]', { timeout: 30_000 });
      await page.waitForSelector('[data-your-turn]');
    } catch (e) {
      await session.failed(e, 'cpu');
    }
    await page.context().close();
    expect(session.problems).toEqual([]);
  });
});

async function play(a: Page, b: Page, c: Page) {
  {

    // A creates a room and takes Black
    await a.goto(session.server.url + '/');
    await a.click('[data-action="create-room"]:not([disabled])');
    await a.waitForSelector('[data-room-code]');
    const code = (await a.textContent('[data-room-code]'))!.trim();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await a.click('[data-seat="black"] [data-action="sit"]');
    await a.waitForSelector('[data-seat="black"][data-kind="human"]');

    // B follows the invite link and takes White; C watches on a phone
    await b.goto(`${session.server.url}/r/${code}`);
    await b.click('[data-seat="white"] [data-action="sit"]');
    await b.waitForSelector('[data-seat="white"][data-kind="human"]');
    await c.goto(`${session.server.url}/#/room/${code}`);
    await c.waitForSelector('[data-seat="white"][data-kind="human"]');

    // the host sets a 30-second move clock; the others see the option change
    await a.selectOption('[data-options] select[name="timeControl"]', 'turn30');
    await b.waitForFunction(() => (document.querySelector('[data-options] select[name="timeControl"]') as HTMLSelectElement)?.value === 'turn30');
    expect(await b.isDisabled('[data-options] select[name="timeControl"]')).toBe(true);
    // a box only the host may change looks fixed to the others, not like the host's white one (issue 35 #8)
    const limit = '[data-options] input[name="moveLimit"]';
    const look = (p: Page) => p.$eval(limit, (el) => ['backgroundColor', 'borderStyle', 'cursor'].map((k) => getComputedStyle(el)[k as 'cursor']).join(' '));
    expect(await b.isDisabled(limit)).toBe(true);
    expect(await look(b)).not.toBe(await look(a));

    await a.click('[data-action="start"]:not([disabled])');
    for (const p of [a, b, c]) await sees(p, '7j', 'black n');
    await a.waitForSelector('[data-spectators="1"]');
    await c.waitForSelector('[data-spectating]');
    await b.waitForFunction(() => /^0:[0-3]\d$/.test(document.querySelector('[data-clock="black"]')?.textContent ?? ''));
    // Black is at the bottom for A, White at the bottom for B
    expect(await a.getAttribute('.board-wrap', 'data-orientation')).toBe('black');
    expect(await b.getAttribute('.board-wrap', 'data-orientation')).toBe('white');

    // destinations are shown for the side to move
    await a.click(sq('7i'));
    expect(await a.$$eval('.sq.dest', (els) => els.map((e) => e.getAttribute('data-square')))).toEqual(['7h']);
    await a.click(sq('7h'));
    await sees(b, '7h', 'black p');
    await move(b, '6d', '6e');
    await sees(a, '6e', 'white p');
    await move(a, '7j', '6h'); // lion jump
    await sees(b, '6h', 'black n');
    await move(b, '6e', '6f');
    await sees(a, '6f', 'white p');
    await move(a, '1i', '1h');
    await sees(b, '1h', 'black p');
    await move(b, '6f', '6g');
    await sees(a, '6g', 'white p');

    // lion double move: igui on 6g (capture the adjacent pawn without moving)
    await a.click(sq('6h'));
    await a.click(sq('6g'));
    await a.waitForSelector(`${sq('6g')}.mid`);
    await a.click(sq('6h'));
    await empty(b, '6g');
    await sees(b, '6h', 'black n');

    // A reloads mid-game while White moves; the seat comes back with the new position
    await a.reload();
    await move(b, '1d', '1e');
    await sees(a, '1e', 'white p');
    await sees(a, '6h', 'black n');
    await a.waitForSelector('[data-your-turn]');

    await move(a, '7k', '7i'); // kirin jumps
    await sees(b, '7i', 'black o');

    // A loses the network; White moves meanwhile; A catches up when it is back
    await a.context().setOffline(true);
    await a.evaluate(() => (window as unknown as { __chuDrop: () => void }).__chuDrop());
    await a.waitForSelector('[data-reconnecting]');
    await move(b, '2d', '2e');
    await sees(b, '2e', 'white p');
    await a.context().setOffline(false);
    await sees(a, '2e', 'white p');
    await a.waitForSelector('[data-reconnecting]', { state: 'detached' });
    await a.waitForSelector('[data-your-turn]');
    await move(a, '7i', '7g');
    await sees(b, '7g', 'black o');
    await move(b, '3d', '3e');
    await sees(a, '3e', 'white p');
    await move(a, '7g', '7e');
    await sees(b, '7e', 'black o');
    await move(b, '12d', '12e');
    await sees(a, '12e', 'white p');

    // promotion: the kirin takes the queen entering the zone; both answers are legal, so the board asks
    await move(a, '7e', '7c');
    await a.waitForSelector('[role="dialog"] [data-promote="true"]');
    expect(await a.$$eval('[role="dialog"] svg', (s) => s.length)).toBe(2);
    await a.click('[role="dialog"] [data-promote="true"]');
    for (const p of [a, b, c]) await sees(p, '7c', 'black +o');

    await a.screenshot({ path: join(ARTIFACTS, 'board-1280x800.png') });
    await c.screenshot({ path: join(ARTIFACTS, 'board-390x844.png') });
    await b.screenshot({ path: join(ARTIFACTS, 'board-1280x800-white.png') });

    // White offers a draw; Black declines
    await b.click('[data-action="offer-draw"]');
    await a.waitForSelector('[data-draw-offer]');
    await a.click('[data-draw-offer] button:nth-of-type(2)');
    await a.waitForSelector('[data-draw-offer]', { state: 'detached' });

    // White resigns
    await b.click('[data-action="resign"]');
    await b.click('[data-action="confirm-resign"]');
    await a.waitForSelector('[data-result-dialog="black"]');
    await b.waitForSelector('[data-result-dialog="black"]');
    await c.waitForSelector('[data-result="black"]');
    expect(await a.textContent('[data-result-dialog]')).toMatch(/resignation/);
    await c.screenshot({ path: join(ARTIFACTS, 'result-390x844.png') });

    // replay: step back over the promotion
    await a.click('[data-result-dialog] a.btn');
    await a.waitForSelector('[data-action="prev"]');
    await sees(a, '7c', 'black +o');
    await a.click('[data-action="prev"]');
    await sees(a, '7c', 'white q');
    await sees(a, '7e', 'black o');

    // the board is readable at 390 px: it fits the width
    const width = await c.$eval('.grid', (g) => g.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(330);
    expect(width).toBeLessThanOrEqual(390);
  }
}
