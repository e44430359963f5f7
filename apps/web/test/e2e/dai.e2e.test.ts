// Dai shogi and handicaps (issues 17 and 14) in real browsers against the real server: a dai room made
// on Home, played by a desktop and a phone (a Lion jump, a promotion in the five-rank zone, a far corner
// tapped at 390 px, a reload that catches up); a CPU game in dai; a handicap room where White moves first; a
// pasted SFEN checked as it is typed; a room from the analysis board; the Piezas page's dai section.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Game, parseUsi, setupById, START_SFENS } from '@chu/rules';
import { ARTIFACTS, PHONE, empty, move, sees, sq, useSession } from './harness';

const session = useSession();

/** Plays `usi` on the page's board by tapping (phone) or clicking its squares; answers the promotion question. */
async function play(page: Page, usi: string, tap = false) {
  const m = parseUsi(usi, 'dai')!;
  const press = (s: string) => (tap ? page.tap(sq(s)) : page.click(sq(s)));
  await press(m.from);
  if (m.mid) await press(m.mid);
  await press(m.to);
  if (m.promote) {
    await page.waitForSelector('[role="dialog"] [data-promote="true"]');
    await page.click('[role="dialog"] [data-promote="true"]');
  }
}

/** Every square's tap target on a page: the smallest width and height, in CSS pixels. */
const smallestSquare = (page: Page) =>
  page.$$eval('.sq', (els) => {
    const boxes = els.map((e) => e.getBoundingClientRect());
    return { width: Math.min(...boxes.map((b) => b.width)), height: Math.min(...boxes.map((b) => b.height)) };
  });

describe('dai shogi in the browser', () => {
  it('a dai room from Home: a Lion jump and a promotion between a desktop and a phone, a reload that catches up', async () => {
    const a = await session.page('a'); // Black, 1280 px
    const b = await session.page('b', PHONE); // White, 390 px
    try {
      // the moves, found and checked by the rules: Black's Flying Dragon (B2) walks to the zone and takes
      // a pawn there; both Lions jump; White's Knight leaps to the board's edge
      const game = Game.start({ variant: 'dai' });
      const lionJumps = game.legalMoves().filter((u) => u.startsWith('8m'));
      expect(lionJumps).toContain('8m10n');
      const line = ['13k13j', '14a15c', "14l12j", '8c6b', '8m10n', '1e1f', '12j10h', '1f1g', '10h8f', '1g1h', '8f7e+'];
      for (const u of line) expect(game.play(u).ok, u).toBe(true);

      await a.goto(session.server.url + '/');
      await a.selectOption('.create select[name="variant"]', 'dai');
      // dai has no lion-trading rules: the option is off and says why
      expect(await a.isDisabled('.create select[name="lionTrading"]')).toBe(true);
      await a.click('[data-action="create-room"]:not([disabled])');
      await a.waitForSelector('[data-room-code]');
      const code = (await a.textContent('[data-room-code]'))!.trim();
      await a.waitForSelector('[data-variant="dai"][data-setup="dai-even"]');
      expect(await a.$('[data-start-unrated]')).toBeNull(); // the standard start
      await a.click('[data-seat="black"] [data-action="sit"]');
      await b.goto(`${session.server.url}/r/${code}`);
      await b.waitForSelector('[data-variant="dai"]');
      await b.click('[data-seat="white"] [data-action="sit"]');
      await a.click('[data-action="start"]:not([disabled])');
      for (const p of [a, b]) {
        await p.waitForSelector('.board-wrap[data-variant="dai"]');
        await sees(p, '8m', 'black n');
        await sees(p, "14o", "black n'");
        expect(await p.$$eval('.sq', (s) => s.length)).toBe(225);
      }
      expect(await a.textContent('.files')).toBe('151413121110987654321');
      expect(await b.textContent('.ranks')).toBe('onmlkjihgfedcba');
      expect(await a.$$eval('.sq.zone-w', (s) => s.length)).toBe(75);

      // 1280 px: squares well over 24 px
      const desk = await smallestSquare(a);
      expect(desk.width).toBeGreaterThan(34);

      // 390 px: the whole board fits the width, about 24 px a square; the zoom draws it 1.6 times wider
      const whole = await smallestSquare(b);
      console.log(`dai square at 390 px: ${whole.width.toFixed(1)} × ${whole.height.toFixed(1)} px`);
      expect(await b.$eval('.grid', (g) => g.getBoundingClientRect().right)).toBeLessThanOrEqual(390);

      await play(a, line[0]);
      await sees(b, '13j', 'black p');
      // White taps its far corner (15a, bottom right on its screen) unzoomed: the Lance is picked up
      await b.tap(sq('15a'));
      await b.waitForSelector(`${sq('15a')}.selected`);
      await b.tap(sq('15a'));
      await b.waitForSelector(`${sq('15a')}.selected`, { state: 'detached' });
      await b.click('[data-action="zoom"]');
      await b.waitForSelector('.board-holder[data-zoomed]');
      const zoomed = await smallestSquare(b);
      console.log(`dai square at 390 px, zoomed: ${zoomed.width.toFixed(1)} × ${zoomed.height.toFixed(1)} px`);
      expect(zoomed.width).toBeGreaterThan(36);
      // zoomed, the Knight leaps to the edge file by two taps (the board pans to show them)
      await play(b, line[1], true);
      await sees(a, '15c', "white n'");
      await b.screenshot({ path: join(ARTIFACTS, 'dai-board-390-zoomed.png') });
      await b.click('[data-action="zoom"]');
      await b.waitForSelector('.board-holder[data-zoomed]', { state: 'detached' });

      await play(a, line[2]);
      await sees(b, '12j', "black f'");
      await play(b, line[3], true); // White's Lion jumps two squares
      await sees(a, '6b', 'white n');
      await play(a, line[4]); // and Black's
      await sees(b, '10n', 'black n');
      await empty(b, '8m');
      await b.waitForSelector('.movelist[data-moves="5"]');
      expect(await b.$$eval('.sq.last', (s) => s.map((e) => e.getAttribute('data-square')).sort())).toEqual(['10n', '8m']);

      await play(b, line[5], true);
      await sees(a, '1f', 'white p');
      // the phone reloads while Black moves: it comes back to the game as it stands
      await b.reload();
      await play(a, line[6]);
      await sees(b, '10h', "black f'");
      await sees(b, '6b', 'white n');
      await b.waitForSelector('.movelist[data-moves="7"]');
      await b.waitForSelector('[data-your-turn]');
      await play(b, line[7], true);
      await sees(a, '1g', 'white p');
      await play(a, line[8]);
      await sees(b, '8f', "black f'");
      await play(b, line[9], true);
      await sees(a, '1h', 'white p');
      await a.waitForSelector('[data-your-turn]');
      // the promotion: the Flying Dragon takes the pawn on 7e, rank e, inside dai's five-rank zone
      await a.click(sq('8f'));
      await a.click(sq('7e'));
      await a.waitForSelector('[role="dialog"] [data-promote="true"]');
      expect(await a.textContent('[role="dialog"] [data-promote="true"]')).toContain('Gold General');
      await a.click('[role="dialog"] [data-promote="true"]');
      for (const p of [a, b]) await sees(p, '7e', "black +f'");
      expect(await a.textContent(`${sq('7e')} svg`)).toBe('成飛龍');

      await a.screenshot({ path: join(ARTIFACTS, 'dai-board-1280.png') });
      await b.screenshot({ path: join(ARTIFACTS, 'dai-board-390.png') });

      // the movement diagram: hovering a Knight at 1280 px, a long press on the phone
      const knight = (await a.locator(sq('14o')).boundingBox())!;
      await a.mouse.move(knight.x + knight.width / 2, knight.y + knight.height / 2);
      await a.mouse.move(knight.x + knight.width / 2 + 3, knight.y + knight.height / 2 + 2);
      await a.waitForSelector('[data-inspect="n\'"] [data-diagram="n\'"]');
      expect(await a.textContent('[data-inspect]')).toContain('Knight');
      await a.screenshot({ path: join(ARTIFACTS, 'dai-diagram-1280.png') });
      await a.keyboard.press('Escape');
      await b.dispatchEvent(sq('8a'), 'pointerdown', { pointerType: 'touch', isPrimary: true, button: 0 });
      await b.waitForSelector('[data-inspect="k"]');
      await b.dispatchEvent(sq('8a'), 'pointerup', { pointerType: 'touch', isPrimary: true, button: 0 });
    } catch (e) {
      await session.failed(e, 'dai-room');
    }
    await a.context().close();
    await b.context().close();
    expect(session.problems).toEqual([]);
  });

  it('a CPU game in dai starts from Home and the CPU replies', async () => {
    const page = await session.page('cpu');
    try {
      await page.goto(session.server.url + '/');
      await page.selectOption('select[name="cpuVariant"]', 'dai');
      await page.selectOption('select[name="cpuLevel"]', '1');
      await page.click('[data-action="play-cpu"]:not([disabled])');
      await page.waitForSelector('.board-wrap[data-variant="dai"]');
      await sees(page, '8m', 'black n');
      await page.waitForSelector('[data-your-turn]');
      const first = Game.start({ variant: 'dai' }).legalMoves().find((u) => u === '8k8j')!;
      await play(page, first);
      await sees(page, '8j', 'black p');
      await page.waitForSelector('.movelist[data-moves="2"]', { timeout: 60_000 });
      await page.waitForSelector('[data-your-turn]');
      await page.screenshot({ path: join(ARTIFACTS, 'dai-cpu-1280.png') });
    } catch (e) {
      await session.failed(e, 'dai-cpu');
    }
    await page.context().close();
    expect(session.problems).toEqual([]);
  });

  it('a handicap room shows its setup and White moves first; a pasted SFEN is checked as it is typed', async () => {
    const a = await session.page('host'); // Black, the weaker player
    const b = await session.page('guest');
    try {
      const gold = setupById('gold')!;
      const twoLions = setupById('two-lions')!;
      await a.goto(session.server.url + '/');
      const form = '.create [data-options]';
      // a position of one's own: the protocol's check, word for word after ours
      await a.selectOption(`${form} select[name="start"]`, 'custom');
      await a.fill(`${form} textarea[name="startSfen"]`, 'hello');
      await a.waitForSelector(`${form} [data-sfen-error]`);
      await a.fill(`${form} textarea[name="startSfen"]`, START_SFENS.dai);
      await a.waitForFunction((f) => /15 ranks/.test(document.querySelector(`${f} [data-sfen-error]`)?.textContent ?? ''), form);
      await a.screenshot({ path: join(ARTIFACTS, 'sfen-error-1280.png') });
      await a.fill(`${form} textarea[name="startSfen"]`, START_SFENS.chu.replace(' b ', ' w '));
      await a.waitForSelector(`${form} [data-sfen-error]`, { state: 'detached' });
      // a named handicap from the table, in the user's language
      await a.selectOption(`${form} select[name="start"]`, gold.id);
      await a.click('[data-action="create-room"]:not([disabled])');
      await a.waitForSelector('[data-setup="gold"] [data-handicap]');
      await a.waitForSelector('[data-start-unrated]');
      const code = (await a.textContent('[data-room-code]'))!.trim();
      await a.click('[data-seat="black"] [data-action="sit"]');
      await b.goto(`${session.server.url}/r/${code}`);
      await b.waitForSelector('[data-setup="gold"]');
      // the host changes the start in the room's form before the game; the guest sees it
      expect(await b.isDisabled('[data-options] select[name="start"]')).toBe(true);
      await a.selectOption('[data-options] select[name="start"]', twoLions.id);
      await b.waitForSelector('[data-setup="two-lions"] [data-handicap]');
      const name = await b.textContent('[data-handicap]');
      expect(Object.values(twoLions.names).some((n) => name!.includes(n))).toBe(true);
      await b.click('[data-seat="white"] [data-action="sit"]');
      await a.screenshot({ path: join(ARTIFACTS, 'handicap-options-1280.png') });
      await a.click('[data-action="start"]:not([disabled])');

      // Black's Kirin starts as a Lion; White, the stronger player, moves first
      for (const p of [a, b]) await sees(p, '7k', 'black +o');
      await b.waitForSelector('[data-your-turn]');
      expect(await a.$('[data-your-turn]')).toBeNull();
      await a.waitForSelector('[data-setup="two-lions"] [data-start-unrated]');
      const white = Game.fromSfen(twoLions.sfen);
      expect(white.ok && white.value.turn).toBe('white');
      await move(b, '6d', '6e');
      await sees(a, '6e', 'white p');
      await a.waitForSelector('[data-your-turn]');
      await a.screenshot({ path: join(ARTIFACTS, 'handicap-room-1280.png') });

      // on a phone: the form's handicap list and the room's line fit the screen
      const c = await session.page('phone', PHONE);
      await c.goto(session.server.url + '/');
      await c.selectOption('.create select[name="start"]', 'three-lions');
      await c.locator('.create').screenshot({ path: join(ARTIFACTS, 'handicap-form-390.png') });
      expect(await c.$eval('.create', (el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      await c.goto(`${session.server.url}/r/${code}`);
      await c.waitForSelector('[data-setup="two-lions"] [data-start-unrated]');
      await c.screenshot({ path: join(ARTIFACTS, 'handicap-room-390.png') });
      await c.context().close();
    } catch (e) {
      await session.failed(e, 'handicap');
    }
    await a.context().close();
    await b.context().close();
    expect(session.problems).toEqual([]);
  });

  it('the analysis board starts a room from the position it shows', async () => {
    const page = await session.page('analyst');
    try {
      await page.goto(session.server.url + '/#/local');
      await move(page, '7i', '7h');
      await sees(page, '7h', 'black p');
      await page.click('[data-action="room-from-position"]:not([disabled])');
      await page.waitForSelector('[data-room-code]');
      await page.waitForSelector('[data-variant="chu"][data-setup="custom"] [data-custom-start]');
      await page.waitForSelector('[data-start-unrated]');
    } catch (e) {
      await session.failed(e, 'room-from-position');
    }
    await page.context().close();
    expect(session.problems).toEqual([]);
  });

  it('the Piezas page has a dai section: the eight new pieces, their diagrams and promotions', async () => {
    const page = await session.page('pieces');
    try {
      await page.goto(session.server.url + '/#/pieces');
      await page.waitForSelector('[data-section="dai"]');
      const cards = await page.$$eval('[data-section="dai"] [data-piece-card]', (els) => els.map((e) => e.getAttribute('data-piece-card')));
      expect(cards).toEqual(["i'", "s'", "n'", "a'", "c'", "e'", "v'", "f'"]);
      for (const c of cards) {
        await page.waitForSelector(`[data-piece-card="${c}"] [data-diagram="${c}"]`);
        await page.waitForSelector(`[data-piece-card="${c}"] [data-promotes-to="+${c}"]`);
      }
      expect(await page.textContent('[data-piece-card="n\'"]')).toContain('桂馬');
      expect(await page.$$eval('[data-diagram="n\'"] .jump', (els) => els.length)).toBe(2);
      await page.waitForSelector('[data-dai-notes] li');
      await page.locator('[data-section="dai"]').screenshot({ path: join(ARTIFACTS, 'pieces-dai-1280.png') });
      // the chu pieces are where they were
      expect(await page.$$eval('section:first-of-type [data-piece-card]', (els) => els.length)).toBe(21);
    } catch (e) {
      await session.failed(e, 'pieces');
    }
    await page.context().close();
    expect(session.problems).toEqual([]);
  });
});
