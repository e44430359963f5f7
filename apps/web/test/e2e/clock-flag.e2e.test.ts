// A real clock to a flag (issue 36, RULES.md §7), in two browsers against the real server: a 1 s + 1 s × 2
// byoyomi game (the smallest the rules allow with byoyomi: no fast test clock). Both make their first moves
// (no clock runs before both have, and they cost no time: RULES.md §7); then Black never moves again: its main
// second runs out, then each period, and the flag falls on the server. Both screens show Black's clock at
// 0 and the result by time; screenshots of the clocks at 1280 px (Black's player) and 390 px (White's, a phone).
//
// The room form sets main time in whole minutes (as its presets are), so the host's own device, through
// the protocol's room.options (the form's own message), sets the one-second main time before the game.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { CLIENT_EVENT, DEVICE_COOKIE, SERVER_EVENT, type ServerMessage } from '@chu/protocol';
import type { Page } from 'playwright-core';
import { ARTIFACTS, DESKTOP, PHONE, move, sees, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;
const CONTROL = { kind: 'clock', initialSeconds: 1, byoyomiSeconds: 1, periods: 2, incrementSeconds: 0 } as const;

/** The host's device sets the room's time control, as the room form would: the same message, the same checks. */
async function setControl(host: Page, code: string): Promise<void> {
  const token = (await host.context().cookies()).find((c) => c.name === DEVICE_COOKIE)!.value;
  const socket = io(url(), { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  let sentOptions = false;
  try {
    const acked = new Promise<void>((ok, fail) => {
      socket.on(SERVER_EVENT, (m: ServerMessage) => {
        if (m.type === 'ack' && m.ack === 'tc.1') ok();
        if (m.type === 'error') fail(new Error(`${m.code}: ${m.message}`));
        if (m.type === 'room' && m.room.code === code && !sentOptions) {
          sentOptions = true;
          socket.emit(CLIENT_EVENT, { type: 'room.options', code, options: { timeControl: CONTROL }, ack: 'tc.1' });
        }
      });
    });
    socket.on('connect', () => socket.emit(CLIENT_EVENT, { type: 'room.join', code }));
    await acked;
  } finally {
    socket.close();
  }
}

const clockOf = (p: Page, color: string) => p.textContent(`[data-clock="${color}"]`);
const periodsOf = (p: Page, color: string) => p.textContent(`[data-periods="${color}"]`);

describe('a clock game to a flag', () => {
  it('1 s + 1 s × 2 byoyomi: main time, each period, the flag falls on the server; the loser reads 0', async () => {
    const black = await session.page('black', DESKTOP);
    const white = await session.page('white', PHONE);
    try {
      await black.goto(url());
      await black.click('[data-action="create-room"]:not([disabled])');
      await black.waitForSelector('[data-room-code]');
      const code = (await black.textContent('[data-room-code]'))!.trim();
      await setControl(black, code);
      await black.waitForSelector('[data-custom-clock] input[name="byoyomiSeconds"]');
      expect(await black.inputValue('[data-custom-clock] input[name="byoyomiSeconds"]')).toBe('1');
      await black.click('[data-seat="black"] [data-action="sit"]');
      await white.goto(url(`/r/${code}`));
      await white.click('[data-seat="white"] [data-action="sit"]');
      await black.waitForSelector('[data-seat="white"][data-kind="human"]');

      await black.click('[data-action="start"]:not([disabled])');
      for (const p of [black, white]) await sees(p, '7j', 'black n');
      // the first moves: no clock runs until both are made (lishogi's rule), and they cost nothing
      await move(black, '7j', '5h');
      await sees(white, '5h', 'black n');
      await move(white, '11d', '11e');
      await sees(black, '11e', 'white p');
      // both clocks: a second of main time and two periods of one second each
      expect(await periodsOf(white, 'white')).toBe('⋅ 2×1s');
      expect(await clockOf(white, 'white')).toBe('0:01.0'); // White's does not run
      // Black's runs: main time in tenths, then the periods
      await black.waitForFunction(() => document.querySelector('[data-periods="black"]')?.textContent === '⋅ 1×1s', null, { timeout: 10_000, polling: 50 });
      await black.screenshot({ path: join(ARTIFACTS, 'clock-byoyomi-1280.png') });
      await white.screenshot({ path: join(ARTIFACTS, 'clock-byoyomi-390.png') });

      // the flag falls on the server: both screens say so
      for (const p of [black, white]) {
        await p.waitForSelector('[data-result-dialog="white"]', { timeout: 15_000 });
        expect(await p.textContent('[data-result-dialog] .reason')).toBe('time ran out');
        await p.click('[data-action="close-result"]');
        await p.waitForSelector('.result-line[data-result="white"]');
        expect(await clockOf(p, 'black')).toBe('0:00.0');
        expect(await periodsOf(p, 'black')).toBe('⋅ 0×1s');
        expect(await clockOf(p, 'white')).toBe('0:01.0');
      }
      // the clocks stay readable on a phone: time and periods on one line, inside the screen
      const box = (await white.locator('[data-clock="black"]').boundingBox())!;
      const periods = (await white.locator('[data-periods="black"]').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(periods.x + periods.width).toBeLessThanOrEqual(390);
      expect(Math.abs(periods.y + periods.height - (box.y + box.height))).toBeLessThan(8); // side by side
      expect(box.height).toBeGreaterThanOrEqual(18);
      await black.screenshot({ path: join(ARTIFACTS, 'clock-flag-1280.png') });
      await white.screenshot({ path: join(ARTIFACTS, 'clock-flag-390.png') });
    } catch (e) {
      await session.failed(e, 'clock-flag');
    }
    expect(session.problems).toEqual([]);
  });
});
