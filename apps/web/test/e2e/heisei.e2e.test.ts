// Heisei chu shogi (issue 41, docs/heisei-chu.md) in real browsers against the real server: a Heisei room
// made on Home and played by a desktop (1280 px, clicks) and a phone (390 px, taps), with drops from the
// piece stands: a Kirin dropped into the zone and promoted at once, a Phoenix tapped onto the phone's
// board, a Lance that may not go to the last rank (no mark there, and the typed move is refused in
// words); a CPU game of Heisei from Home, the first move a drop made with the keyboard; the Piezas note.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Game, boardFeed, unwrap } from '@chu/rules';
import { ARTIFACTS, PHONE, accessibilityViolations, empty, sees, sq, useSession } from './harness';

const session = useSession();

/** A board move by clicks (desktop) or taps (phone). */
async function step(page: Page, from: string, to: string, tap = false) {
  const press = (s: string) => (tap ? page.tap(sq(s)) : page.click(sq(s)));
  await press(from);
  await press(to);
}

/** Picks `code` up from the page's own stand and drops it on `to`, answering the promotion question if asked. */
async function drop(page: Page, color: 'black' | 'white', code: string, to: string, opts: { tap?: boolean; promote?: boolean } = {}) {
  const piece = `[data-stand="${color}"] [data-reserve="${code}"]`;
  await (opts.tap ? page.tap(piece) : page.click(piece));
  await page.waitForSelector(`${piece}[aria-pressed="true"]`);
  await page.waitForSelector(`${sq(to)}.dest.drop`);
  await (opts.tap ? page.tap(sq(to)) : page.click(sq(to)));
  if (opts.promote !== undefined) {
    const answer = `[role="dialog"] [data-promote="${opts.promote}"]`;
    await page.waitForSelector(answer);
    await (opts.tap ? page.tap(answer) : page.click(answer));
  }
}

/** The squares a page marks as drop targets. */
const marked = (page: Page) => page.$$eval('.sq.dest.drop', (els) => els.map((e) => e.getAttribute('data-square')!).sort());

describe('Heisei chu shogi in the browser', () => {
  it('a Heisei room from Home between a desktop and a phone: drops by click and tap, a promotion on a drop, the Lance kept off the last rank', async () => {
    const a = await session.page('a'); // Black, 1280 px
    const b = await session.page('b', PHONE); // White, 390 px
    try {
      // the line, checked by the rules first: Black's Lion walks to 11d taking a pawn; the Kirin is dropped
      // on 11c, in the zone, and promotes (a second Lion), which steps to 12b beside White's empty corner
      const line = ['7j7h', '1d1e', '7h9f', '1e1f', '9f11d', '2d2e', 'O*11c+', 'X*7e', '11c12b', '3d3e'];
      const game = Game.start({ variant: 'heisei' });
      for (const u of line) expect(game.play(u).ok, u).toBe(true);
      const lance = boardFeed(game).drops.get('l')!;
      expect(lance).toContain('11b');
      expect(lance).not.toContain('12a'); // heisei-chu.md §3: a Lance never on its last rank
      expect(game.check('L*12a')).toEqual({ ok: false, error: 'drop-dead-end' });

      await a.goto(session.server.url + '/');
      await a.selectOption('.create select[name="variant"]', 'heisei');
      await a.waitForSelector('.create select[name="heiseiDrops"]');
      expect(await a.inputValue('.create select[name="heiseiDrops"]')).toBe('any');
      await a.click('[data-action="create-room"]:not([disabled])');
      await a.waitForSelector('[data-room-code]');
      const code = (await a.textContent('[data-room-code]'))!.trim();
      await a.waitForSelector('[data-variant="heisei"][data-setup="heisei-even"]');
      await a.click('[data-seat="black"] [data-action="sit"]');
      await b.goto(`${session.server.url}/r/${code}`);
      await b.waitForSelector('[data-variant="heisei"]');
      await b.click('[data-seat="white"] [data-action="sit"]');
      await a.click('[data-action="start"]:not([disabled])');
      for (const p of [a, b]) {
        await p.waitForSelector('.board-wrap[data-variant="heisei"]');
        await sees(p, '7j', 'black n');
        await empty(p, '12l'); // the Lances start in the reserve
        // both stands: eight kinds, the Kirin and Phoenix once, the rest twice
        for (const c of ['black', 'white']) {
          expect(await p.$$eval(`[data-stand="${c}"] [data-reserve]`, (els) => els.map((e) => `${e.getAttribute('data-reserve')}${e.getAttribute('data-count')}`))).toEqual(
            ['l2', 'c2', 's2', 'm2', 'v2', 'a2', 'o1', 'x1'],
          );
        }
      }
      // beside the board at 1280 px, above and below it at 390 px
      const box = async (p: Page, sel: string) => (await p.locator(sel).boundingBox())!;
      const [deskBoard, deskOwn, deskTheirs] = [await box(a, '.grid'), await box(a, '[data-stand="black"]'), await box(a, '[data-stand="white"]')];
      expect(deskOwn.x).toBeGreaterThanOrEqual(deskBoard.x + deskBoard.width);
      expect(deskTheirs.x + deskTheirs.width).toBeLessThanOrEqual(deskBoard.x);
      const [phoneBoard, phoneOwn, phoneTheirs] = [await box(b, '.grid'), await box(b, '[data-stand="white"]'), await box(b, '[data-stand="black"]')];
      expect(phoneOwn.y).toBeGreaterThanOrEqual(phoneBoard.y + phoneBoard.height);
      expect(phoneTheirs.y + phoneTheirs.height).toBeLessThanOrEqual(phoneBoard.y);
      expect(phoneOwn.x + phoneOwn.width).toBeLessThanOrEqual(390);
      // a stand's piece is a tap target of a finger's size
      expect((await box(b, '[data-stand="white"] [data-reserve="x"]')).width).toBeGreaterThanOrEqual(36);
      // White's stand offers nothing while Black is to move
      expect(await b.isDisabled('[data-stand="white"] [data-reserve="o"]')).toBe(true);

      await step(a, '7j', '7h');
      await sees(b, '7h', 'black n');
      await step(b, '1d', '1e', true);
      await sees(a, '1e', 'white p');
      await step(a, '7h', '9f');
      await sees(b, '9f', 'black n');
      await step(b, '1e', '1f', true);
      await sees(a, '1f', 'white p');
      await step(a, '9f', '11d');
      await sees(b, '11d', 'black n');
      await step(b, '2d', '2e', true);
      await sees(a, '2e', 'white p');

      // the Kirin: every square it may go to is marked, beside Black's pieces; into the zone it asks to promote
      await a.waitForSelector('[data-your-turn]');
      await a.click('[data-stand="black"] [data-reserve="o"]');
      expect(await marked(a)).toEqual([...boardFeed(unwrap(Game.replay(line.slice(0, 6), { variant: 'heisei' }))).drops.get('o')!].sort());
      await a.click('[data-stand="black"] [data-reserve="o"]'); // a second click puts it back
      await a.waitForSelector('.sq.dest.drop', { state: 'detached' });
      await drop(a, 'black', 'o', '11c');
      await a.waitForSelector('[role="dialog"] [data-promote="true"]');
      expect(await a.textContent('[role="dialog"] [data-promote="true"]')).toContain('Lion');
      await a.click('[role="dialog"] [data-promote="true"]');
      for (const p of [a, b]) {
        await sees(p, '11c', 'black +o');
        await p.waitForSelector('[data-stand="black"] [data-reserve="o"]', { state: 'detached' }); // the only Kirin is on the board
      }
      await b.waitForSelector('.movelist[data-moves="7"]');
      expect(await b.textContent('.movelist li:nth-child(7)')).toContain('Ky*11c+');

      // the phone drops its Phoenix by two taps, beside its pawn on 7d
      await b.waitForSelector('[data-your-turn]');
      await drop(b, 'white', 'x', '7e', { tap: true });
      await sees(a, '7e', 'white x');
      await b.waitForSelector('[data-stand="white"] [data-reserve="x"]', { state: 'detached' });
      await b.screenshot({ path: join(ARTIFACTS, 'heisei-board-390.png') });
      // the stands pass axe's WCAG 2.1 AA rules on both pages (names, roles, contrast)
      for (const p of [a, b]) expect(await accessibilityViolations(p)).toEqual([]);

      await step(a, '11c', '12b');
      await sees(b, '12b', 'black +o');
      await step(b, '3d', '3e', true);
      await sees(a, '3e', 'white p');

      // the Lance: 12a sits beside the promoted Kirin but is the Lance's last rank, so it is never marked
      await a.waitForSelector('[data-your-turn]');
      await a.click('[data-stand="black"] [data-reserve="l"]');
      const lanceSquares = await marked(a);
      expect(lanceSquares).toEqual([...lance].sort());
      expect(lanceSquares).not.toContain('12a');
      expect(lanceSquares).toContain('11b');
      await a.click(sq('12a')); // a click there lets go of the Lance: nothing is played
      await a.waitForSelector('.sq.dest.drop', { state: 'detached' });
      expect(await a.$$eval('[data-stand="black"] [data-reserve="l"]', (els) => els[0].getAttribute('data-count'))).toBe('2');
      // typed, it is refused in words before it is sent
      await a.fill('[data-typed-move] input', 'L*12a');
      await a.press('[data-typed-move] input', 'Enter');
      await a.waitForSelector('[data-typed-problem]:has-text("could never move")');

      // held, the Lance's squares are marked: the desktop's screenshot; then it goes to 11b, unpromoted
      await a.click('[data-stand="black"] [data-reserve="l"]');
      await a.waitForSelector(`${sq('11b')}.dest.drop`);
      await a.mouse.move(0, 0);
      await a.screenshot({ path: join(ARTIFACTS, 'heisei-board-1280.png') });
      await a.click(sq('11b'));
      await a.waitForSelector('[role="dialog"] [data-promote="false"]');
      await a.click('[role="dialog"] [data-promote="false"]');
      for (const p of [a, b]) {
        await sees(p, '11b', 'black l');
        await p.waitForSelector('[data-stand="black"] [data-reserve="l"][data-count="1"]');
      }
      await b.waitForSelector('.movelist[data-moves="11"]');
      await b.screenshot({ path: join(ARTIFACTS, 'heisei-board-390-after.png') });

      // the replay: the stands follow the ply shown; the KIF is Heisei's, its drops written 打
      await b.click('[data-action="resign"]');
      await b.click('[data-action="confirm-resign"]');
      await a.waitForSelector('[data-result-dialog]');
      await a.click('[data-result-dialog] a.btn');
      await a.waitForSelector('[data-action="prev"]');
      await a.waitForSelector('[data-stand="black"] [data-reserve="l"][data-count="1"]');
      await a.click('.movelist li:nth-child(6) button'); // before the Kirin's drop: it is back on the stand
      await a.waitForSelector('[data-stand="black"] [data-reserve="o"][data-count="1"]');
      await a.waitForSelector('[data-stand="black"] [data-reserve="l"][data-count="2"]');
      expect(await a.$$eval('[data-stand="black"] button', (els) => els.every((e) => (e as HTMLButtonElement).disabled))).toBe(true); // nothing is played in a replay
      const kifPath = await a.getAttribute('[data-action="kif"]', 'href');
      const kif = await (await fetch(session.server.url + kifPath)).text();
      expect(kif).toContain('手合割：平成中将棋');
      expect(kif).toContain('麒麟打成');

    } catch (e) {
      await session.failed(e, 'heisei-room');
    }
    await a.context().close();
    await b.context().close();
    expect(session.problems).toEqual([]);
  });

  it('a CPU game of Heisei from Home: the first move a drop made with the keyboard, and the CPU answers', async () => {
    const page = await session.page('cpu');
    try {
      await page.goto(session.server.url + '/');
      await page.selectOption('select[name="cpuVariant"]', 'heisei');
      await page.selectOption('select[name="cpuLevel"]', '1');
      await page.click('[data-action="play-cpu"]:not([disabled])');
      await page.waitForSelector('.board-wrap[data-variant="heisei"]');
      await page.waitForSelector('[data-your-turn]');
      // the keyboard: the stand's Phoenix, Enter; the cursor goes to a square it may go to; Enter drops it
      await page.focus('[data-stand="black"] [data-reserve="x"]');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.matches('.sq.dest.drop'));
      const to = await page.evaluate(() => document.activeElement!.getAttribute('data-square')!);
      expect(Game.start({ variant: 'heisei' }).check(`X*${to}`).ok).toBe(true);
      await page.keyboard.press('Enter');
      await sees(page, to, 'black x');
      await page.waitForSelector('[data-stand="black"] [data-reserve="x"]', { state: 'detached' });
      // the CPU's answer arrives, and the board is Black's to play again
      await page.waitForSelector('.movelist[data-moves="2"]', { timeout: 60_000 });
      await page.waitForSelector('[data-your-turn]');
      await page.screenshot({ path: join(ARTIFACTS, 'heisei-cpu-1280.png') });
    } catch (e) {
      await session.failed(e, 'heisei-cpu');
    }
    await page.context().close();
    expect(session.problems).toEqual([]);
  });

  it('the Piezas page has a Heisei note: the reserve’s kinds and the drop rules', async () => {
    const page = await session.page('pieces');
    try {
      await page.goto(session.server.url + '/#/pieces');
      await page.waitForSelector('[data-section="heisei"] [data-heisei-notes]');
      expect(await page.$$eval('[data-reserve-kind]', (els) => els.map((e) => e.getAttribute('data-reserve-kind')))).toEqual(['l', 'c', 's', 'm', 'v', 'a', 'o', 'x']);
      expect(await page.textContent('[data-heisei-notes]')).toContain('Lance');
    } catch (e) {
      await session.failed(e, 'heisei-pieces');
    }
    await page.context().close();
    expect(session.problems).toEqual([]);
  });
});
