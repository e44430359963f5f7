// The board without a mouse, in real browsers against the real server: Black reaches the board with Tab
// and plays a full move, a Lion jump, an igui and a promotion with arrows and Enter alone; White types
// USI and Hodges into the move box; the moves are spoken in the live region. On a phone, a game's move
// list grows past its height while the page stays where it is.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, empty, sees, seatTwo, sq, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;

const RANKS = 'abcdefghijkl';
/** Screen row and column of a square for Black (12a top left). */
const screen = (s: string) => ({ row: RANKS.indexOf(s.at(-1)!), col: 12 - Number(s.slice(0, -1)) });
const focusedSquare = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('data-square') ?? null);

/** Tab from the top of the page until the board has the focus. */
async function tabToBoard(p: Page) {
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 60; i++) {
    await p.keyboard.press('Tab');
    if (await focusedSquare(p)) return;
  }
  throw new Error('Tab never reached the board');
}

/** Arrow keys from the focused square to `target`. */
async function arrowTo(p: Page, target: string) {
  const from = await focusedSquare(p);
  if (!from) throw new Error('the board has no focus');
  const a = screen(from);
  const b = screen(target);
  for (let i = 0; i < Math.abs(b.row - a.row); i++) await p.keyboard.press(b.row > a.row ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < Math.abs(b.col - a.col); i++) await p.keyboard.press(b.col > a.col ? 'ArrowRight' : 'ArrowLeft');
  expect(await focusedSquare(p)).toBe(target);
}

async function keyMove(p: Page, from: string, to: string) {
  await arrowTo(p, from);
  await p.keyboard.press('Enter');
  await arrowTo(p, to);
  await p.keyboard.press('Enter');
}

async function typeMove(p: Page, text: string) {
  await p.waitForSelector('[data-your-turn]');
  await p.fill('[data-typed-move] input', text);
  await p.press('[data-typed-move] input', 'Enter');
}

const spoken = (p: Page, words: string) =>
  p.waitForFunction((w) => document.querySelector('[data-announce]')?.textContent?.includes(w), words, { timeout: 20_000 });

describe('the board from the keyboard', () => {
  it('a full move, a Lion jump, an igui and a promotion with arrows and Enter alone', async () => {
    const k = await session.page('keys');
    const w = await session.page('typist');
    try {
      await w.goto(url());
      await seatTwo(w, k, session.server.url, 'white');
      await w.click('[data-action="start"]:not([disabled])');
      await sees(k, '7j', 'black n');
      await k.waitForSelector('[data-your-turn]');

      // from here Black uses the keyboard only
      await tabToBoard(k);
      expect(await focusedSquare(k)).toBe('6i'); // the middle of Black's pawn rank
      await keyMove(k, '7i', '7h');
      await sees(w, '7h', 'black p');
      await spoken(w, 'Black: Pawn from 7i to 7h (P-7h)');

      await typeMove(w, '6d6e'); // USI
      await sees(k, '6e', 'white p');
      await spoken(k, 'White: Pawn from 6d to 6e');
      await keyMove(k, '7j', '6h'); // the Lion jumps
      await sees(w, '6h', 'black n');
      await typeMove(w, 'P-6f'); // Hodges
      await sees(k, '6f', 'white p');
      await keyMove(k, '1i', '1h');
      await typeMove(w, 'p-6g');
      await sees(k, '6g', 'white p');

      // igui: the Lion's first step captures on 6g, its second comes back to 6h
      await arrowTo(k, '6h');
      await k.keyboard.press('Enter');
      await k.keyboard.press('ArrowUp');
      await k.keyboard.press('Enter');
      await k.waitForSelector(`${sq('6g')}.mid`);
      await k.keyboard.press('ArrowDown');
      await k.keyboard.press('Enter');
      await empty(w, '6g');
      await sees(w, '6h', 'black n');
      await spoken(k, 'captures Pawn on 6g without moving (Lnx!6g)');

      // the Kirin jumps up the file while White pushes pawns
      for (const [reply, from, to] of [['1d1e', '7k', '7i'], ['2d2e', '7i', '7g'], ['3d3e', '7g', '7e']]) {
        await typeMove(w, reply);
        await k.waitForSelector('[data-your-turn]');
        await keyMove(k, from, to);
        await sees(w, to, 'black o');
      }
      await typeMove(w, '12d12e');
      await k.waitForSelector('[data-your-turn]');

      // the Kirin takes the Queen entering the zone: the question has the focus, Enter promotes
      await keyMove(k, '7e', '7c');
      await k.waitForSelector('.promo');
      expect(await k.evaluate(() => document.activeElement?.getAttribute('data-promote'))).toBe('true');
      await k.screenshot({ path: join(ARTIFACTS, 'keyboard-promotion-1280.png') });
      await k.keyboard.press('Enter');
      for (const p of [k, w]) await sees(p, '7c', 'black +o');
      await spoken(w, 'Black: Kirin from 7e to 7c, captures Queen, promotes to Lion (Kyx7c+)');
      expect(await focusedSquare(k)).toBe('7c');

      // a typed move that is not legal is answered in words, and nothing is sent
      await w.waitForSelector('[data-your-turn]');
      await w.fill('[data-typed-move] input', 'Ln-5a');
      await w.press('[data-typed-move] input', 'Enter');
      await w.waitForSelector('[data-typed-problem]:has-text("is not a legal move here")');
      await k.screenshot({ path: join(ARTIFACTS, 'keyboard-1280.png') });
    } catch (e) {
      await session.failed(e, 'keyboard');
    }
    for (const p of [k, w]) await p.context().close();
    expect(session.problems).toEqual([]);
  });
});

describe('the phone', () => {
  it('does not scroll by itself while a move list grows; the list keeps its newest move in view', async () => {
    // a friend who only pushes pawns away from Black's, so that no game ends before the list overflows
    // (a CPU's replies vary with its timing, and even level 1 raids a camp that only pushes pawns)
    const p = await session.page('phone', PHONE);
    const friend = await session.page('friend');
    try {
      await friend.goto(url());
      await seatTwo(friend, p, session.server.url, 'white');
      await friend.click('[data-action="start"]:not([disabled])');
      await sees(p, '7j', 'black n');
      await p.evaluate(() => window.scrollTo(0, 0));
      for (const [n, reply] of FRIEND_REPLIES.entries()) {
        await p.waitForSelector('[data-your-turn]', { timeout: 30_000 });
        await p.waitForSelector(`.movelist[data-moves="${2 * n}"]`, { state: 'attached' });
        const moved = await pawnStep(p);
        expect(moved).toBe(true);
        await typeMove(friend, reply);
        await p.waitForSelector(`.movelist[data-moves="${2 * n + 2}"]`, { state: 'attached', timeout: 30_000 });
        expect(await p.evaluate(() => window.scrollY)).toBe(0);
      }
      const list = await p.$eval('.movelist', (el) => {
        const cur = el.querySelector('.cur')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return { overflow: el.scrollHeight > el.clientHeight, scrolled: el.scrollTop > 0, inView: cur.top >= box.top && cur.bottom <= box.bottom + 1 };
      });
      expect(list).toEqual({ overflow: true, scrolled: true, inView: true });
      await p.screenshot({ path: join(ARTIFACTS, 'phone-moves-390.png') });

      // Ajustes: sound on/off and its volume, the quiet mode, the people hidden in chats
      await p.goto(url('/#/settings'));
      await p.waitForSelector('input[name="volume"]');
      await p.check('input[name="quietChat"]');
      expect(await p.evaluate(() => JSON.parse(localStorage.getItem('chu.settings') ?? '{}').quietChat)).toBe(true);
      await p.screenshot({ path: join(ARTIFACTS, 'settings-390.png'), fullPage: true });
    } catch (e) {
      await session.failed(e, 'phone');
    }
    await friend.context().close();
    expect(session.problems).toEqual([]);
  });
});

/** White's pawns step to ranks e and f on files Black's first 14 pawn steps (ranks i to h, then h to g on
 * files 1, 2, 3 and 5) never reach: no piece ever attacks another. */
const FRIEND_REPLIES = ['1d1e', '2d2e', '3d3e', '5d5e', '6d6e', '7d7e', '8d8e', '10d10e', '11d11e', '12d12e', '6e6f', '7e7f', '8e8f', '10e10f'];

/** Black plays some pawn forward: the first pawn (ranks i, h, g, f) the board offers a destination for. */
async function pawnStep(p: Page): Promise<boolean> {
  for (const rank of 'ihgf') {
    for (let file = 1; file <= 12; file++) {
      const from = `${file}${rank}`;
      if (!(await p.$(`${sq(from)} [data-piece="black p"]`))) continue;
      await p.click(sq(from));
      const dest = await p.$eval('.board-wrap', (b) => b.querySelector('.sq.dest')?.getAttribute('data-square') ?? null);
      if (dest) {
        await p.click(sq(dest));
        return true;
      }
      await p.click(sq(from)); // nothing to do: put it back
    }
  }
  return false;
}
