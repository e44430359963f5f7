// Issue 14 in real browsers against the real server: the analysis board reads a pasted KIF, a
// pasted USI list and a dropped KIF file, explains a bad KIF by its line; the engine runs in a Web
// Worker and a click on its line plays it. In a live game a player looks back at move 3 while the
// opponent moves, sees the move announced, and returns. The finished game's replay downloads its
// KIF from the server, is reviewed by the CPU (stopped part-way, then finished: the graph), and
// opens on the analysis board at the ply shown.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Game, parseKif, toKif, unwrap } from '@chu/rules';
import { ARTIFACTS, PHONE, empty, move, sees, sq, useSession } from './harness';

const session = useSession();
const LINE = ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h']; // the last move a lion igui

/** Spanish, as most of our players read the site. */
async function spanish(p: Page) {
  await p.addInitScript(() => localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es' })));
  return p;
}

const engineLine = (p: Page, i = 0) => p.waitForSelector(`[data-engine] [data-line="${i}"]`, { timeout: 90_000 });

describe('the analysis board', () => {
  it('reads a pasted KIF, the engine shows a line, a click plays it; USI pasted anywhere, a KIF file dropped, a bad KIF named by its line', async () => {
    const page = await spanish(await session.page('board'));
    const phone = await spanish(await session.page('board-phone', PHONE));
    const kif = toKif(unwrap(Game.replay(LINE)), { black: 'Ana', white: 'Ben' });
    try {
      await page.goto(`${session.server.url}/#/local`);
      await page.click('[data-import] summary');
      await page.fill('textarea[name="import"]', kif);
      await page.click('[data-action="import"]');
      await page.waitForSelector('[data-import-result="ok"]');
      await page.waitForSelector(`.movelist[data-moves="${LINE.length}"]`);
      await empty(page, '6g');
      await sees(page, '6h', 'black n');

      await page.click('[data-action="engine"]');
      await engineLine(page);
      await page.selectOption('select[name="multipv"]', '3');
      await engineLine(page, 2);
      const depth = Number(await page.getAttribute('[data-depth]', 'data-depth'));
      expect(depth).toBeGreaterThanOrEqual(1);
      expect(Number(await page.getAttribute('[data-nps]', 'data-nps'))).toBeGreaterThan(0);
      expect((await page.textContent('[data-eval]'))!.trim()).toMatch(/^[+−]?\d+\.\d\d$|^#−?\d+$/);
      await page.screenshot({ path: join(ARTIFACTS, 'analysis-1280x800.png') });

      // stop, then play the best line onto the board
      await page.click('[data-action="engine"]');
      await page.waitForSelector('[data-engine][data-running="false"]');
      const pv = (await page.getAttribute('[data-line="0"]', 'data-usi'))!.split(' ');
      await page.click('[data-line="0"] [data-action="play-line"]');
      const after = unwrap(Game.replay([...LINE, ...pv]));
      await page.waitForSelector(`.movelist[data-moves="${after.ply}"]`);
      expect(await page.getAttribute('[data-engine]', 'data-sfen')).toBe(after.sfen());
      const last = pv.at(-1)!.match(/\d+[a-l]/g)!.at(-1)!; // where the line's last move lands
      const landed = after.board()[boardIndex(last)]!;
      await sees(page, last, `${landed.color} ${landed.code}`);
      // ← steps back along the line
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector(`[data-ply="${after.ply - 1}"]`);

      // a USI list pasted anywhere on the screen
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.setData('text/plain', 'startpos moves 7i7h 6d6e');
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      });
      await page.waitForSelector('.movelist[data-moves="2"]');
      await sees(page, '6e', 'white p');

      // a KIF file dropped on the screen
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'partida.kif', { type: 'text/plain' }));
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, kif);
      await page.waitForSelector(`.movelist[data-moves="${LINE.length}"]`);

      // a KIF with a move its piece cannot make: the error names the line
      const lines = kif.split('\n');
      const bad = lines.findIndex((l) => /^\s*5\D/.test(l));
      lines[bad] = lines[bad].replace(/（←\d+[^）]*）/, '（←1十）');
      await page.fill('textarea[name="import"]', lines.join('\n'));
      await page.click('[data-action="import"]');
      await page.waitForSelector('[data-import-result="error"]');
      expect(await page.textContent('[data-import-result="error"]')).toContain(`KIF, línea ${bad + 1}:`);
      await page.waitForSelector(`.movelist[data-moves="${LINE.length}"]`); // the board kept its game

      // the phone: the same board, the engine's line under it
      await phone.goto(`${session.server.url}/#/local`);
      await phone.click('[data-import] summary');
      await phone.fill('textarea[name="import"]', kif);
      await phone.click('[data-action="import"]');
      await phone.waitForSelector(`.movelist[data-moves="${LINE.length}"]`);
      await phone.click('[data-action="engine"]');
      await engineLine(phone);
      await phone.screenshot({ path: join(ARTIFACTS, 'analysis-390x844.png'), fullPage: true });
      await phone.click('[data-action="engine"]');
    } catch (e) {
      await session.failed(e, 'analysis');
    }
    await page.context().close();
    await phone.context().close();
    expect(session.problems).toEqual([]);
  });
});

/** A square's index in the rules' board(): 0 = 12a, rank by rank. */
function boardIndex(square: string): number {
  const [, file, rank] = /^(\d+)([a-l])$/.exec(square)!;
  return 'abcdefghijkl'.indexOf(rank) * 12 + (12 - Number(file));
}

const PLAYED = ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h', '1d1e', '12i12h'];

/** Plain moves played in turn from ply `ply` on, `first` moving first; each lands on the other's page. */
async function alternate(first: Page, second: Page, usis: string[], ply: number) {
  for (const [i, usi] of usis.entries()) {
    const [from, to] = usi.match(/\d+[a-l]/g)!;
    await move(i % 2 ? second : first, from, to);
    await (i % 2 ? first : second).waitForSelector(`.movelist[data-moves="${ply + i + 1}"]`);
  }
}

describe('a live game, then its replay', () => {
  let replayHref = '';

  it('looks back at move 3 while the opponent moves, is told of the move, and returns to the game', async () => {
    const a = await spanish(await session.page('a'));
    const b = await spanish(await session.page('b', PHONE));
    try {
      await a.goto(`${session.server.url}/`);
      await a.click('[data-action="create-room"]:not([disabled])');
      await a.waitForSelector('[data-room-code]');
      const code = (await a.textContent('[data-room-code]'))!.trim();
      await a.click('[data-seat="black"] [data-action="sit"]');
      await a.waitForSelector('[data-seat="black"][data-kind="human"]');
      await b.goto(`${session.server.url}/r/${code}`);
      await b.click('[data-seat="white"] [data-action="sit"]');
      await b.waitForSelector('[data-seat="white"][data-kind="human"]');
      await a.click('[data-action="start"]:not([disabled])');
      for (const p of [a, b]) await sees(p, '7j', 'black n');

      await alternate(a, b, PLAYED.slice(0, 5), 0);

      // Black looks back at move 3; White moves meanwhile
      await a.click('.movelist li:nth-child(3) .mv');
      await a.waitForSelector('[data-looking="3"]');
      await sees(a, '6e', 'white p');
      await empty(a, '6f');
      await empty(a, '1h');
      await move(b, '6f', '6g');
      await sees(b, '6g', 'white p');
      await a.waitForSelector('[data-new-move="1"]');
      await empty(a, '6g'); // still move 3
      await a.click(sq('6h'));
      expect(await a.$$eval('.sq.dest', (d) => d.length)).toBe(0); // no moving from the past
      await a.keyboard.press('Escape');
      // ←/→ from the move list (on the board itself the arrows move its keyboard cursor)
      await a.click('.movelist li:nth-child(3) .mv');
      await a.keyboard.press('ArrowLeft');
      await a.waitForSelector('[data-looking="2"]');
      await a.keyboard.press('ArrowRight');
      await a.waitForSelector('[data-looking="3"]');
      await a.screenshot({ path: join(ARTIFACTS, 'lookback-1280x800.png') });
      // White looks back too, on the phone
      await b.click('.movelist li:nth-child(3) .mv');
      await b.waitForSelector('[data-looking="3"]');
      await b.screenshot({ path: join(ARTIFACTS, 'lookback-390x844.png') });
      await b.click('[data-action="back-to-game"]');
      await b.waitForSelector('[data-looking]', { state: 'detached' });

      // back to the game: White's move is there, and Black plays (a lion igui on it)
      await a.click('[data-action="back-to-game"]');
      await a.waitForSelector('[data-looking]', { state: 'detached' });
      await sees(a, '6g', 'white p');
      await a.waitForSelector('[data-your-turn]');
      await a.click(sq('6h'));
      await a.click(sq('6g'));
      await a.waitForSelector(`${sq('6g')}.mid`);
      await a.click(sq('6h'));
      await empty(b, '6g');
      await alternate(b, a, PLAYED.slice(7), 7);

      await b.click('[data-action="resign"]');
      await b.click('[data-action="confirm-resign"]');
      await a.waitForSelector('[data-result-dialog="black"]');
      replayHref = (await a.getAttribute('[data-result-dialog] a.btn', 'href'))!;
      expect(replayHref).toMatch(/^#\/replay\//);
    } catch (e) {
      await session.failed(e, 'lookback');
    }
    await a.context().close();
    await b.context().close();
    expect(session.problems).toEqual([]);
  });

  it('the replay: KIF from the server, "Revisar con la CPU" stopped part-way then finished draws the graph, "Analizar" opens the board at the ply shown', async () => {
    expect(replayHref).not.toBe('');
    const page = await spanish(await session.page('replay'));
    const phone = await spanish(await session.page('replay-phone', PHONE));
    try {
      await page.goto(`${session.server.url}/${replayHref}`);
      await page.waitForSelector(`.movelist[data-moves="${PLAYED.length}"]`);

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="kif"]')]);
      const kif = parseKif(readFileSync((await download.path())!, 'utf8'));
      expect(kif.ok && kif.value.moves).toEqual(PLAYED);
      expect(kif.ok && kif.value.header.outcome).toEqual({ winner: 'black', reason: 'resign' });

      await page.click('[data-action="review"]');
      await page.waitForSelector('[data-review-state="running"]');
      await page.waitForFunction(() => Number(document.querySelector('[data-review]')?.getAttribute('data-evaluated')) >= 1, undefined, { timeout: 60_000 });
      await page.click('[data-action="review-stop"]');
      await page.waitForSelector('[data-review-state="stopped"]');
      const part = Number(await page.getAttribute('[data-review]', 'data-evaluated'));
      expect(part).toBeGreaterThanOrEqual(1);
      expect(part).toBeLessThan(PLAYED.length + 1);
      await page.click('[data-action="review"]'); // go on from where it stopped
      await page.waitForSelector('[data-review][data-complete]', { timeout: 120_000 });
      expect(await page.getAttribute('[data-eval-graph]', 'data-eval-graph')).toBe(String(PLAYED.length + 1));
      expect(await page.$$eval('[data-review] polyline', (l) => l.length)).toBe(1);
      expect(await page.$('[data-marks]')).not.toBeNull();
      await page.screenshot({ path: join(ARTIFACTS, 'review-1280x800.png'), fullPage: true });

      // the phone reviews the same game, loaded from the server
      await phone.goto(`${session.server.url}/${replayHref}`);
      await phone.click('[data-action="review"]');
      await phone.waitForSelector('[data-review][data-complete]', { timeout: 120_000 });
      await phone.screenshot({ path: join(ARTIFACTS, 'review-390x844.png'), fullPage: true });

      // "Analizar" at move 3: the analysis board has the whole game, shows move 3, and thinks
      await page.click('.movelist li:nth-child(3) .mv');
      await page.click('[data-action="analyse"]');
      await page.waitForURL(/#\/local$/);
      await page.waitForSelector(`.movelist[data-moves="${PLAYED.length}"]`);
      await page.waitForSelector('[data-ply="3"]');
      expect(await page.getAttribute('[data-engine]', 'data-sfen')).toBe(unwrap(Game.replay(PLAYED.slice(0, 3))).sfen());
      await engineLine(page);
    } catch (e) {
      await session.failed(e, 'review');
    }
    await page.context().close();
    await phone.context().close();
    expect(session.problems).toEqual([]);
  });
});
