// The mnemonic piece set (issue 49 §2) in Chromium, at 1280×800 and 390×844, in Spanish: chosen in Settings,
// it draws every piece of a chu, a dai and a Heisei board (and the Heisei stands) as the faces generated
// from the rules, on the analysis board; axe-core finds nothing wrong with Settings and Piezas in the set.
// The screenshots go to docs/screenshots/ (mnemonic-<variant>-<width>.png, mnemonic-chu-390-closeup.png),
// retaken by running this test.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Game, type Variant } from '@chu/rules';
import { ARTIFACTS, DESKTOP, accessibilityViolations, PHONE, REPO, useSession } from './harness';

const session = useSession();
const SHOTS = join(REPO, 'docs/screenshots');

/** A position of each game: chu after a Lion's igui, dai's start, Heisei after a Kirin dropped and promoted (a red face). */
const BOARDS: [Variant, string[]][] = [
  ['chu', ['7i7h', '6d6e', '7j6h', '6e6f', '1i1h', '6f6g', '6h6g6h']],
  ['dai', []],
  ['heisei', ['7j7h', '1d1e', '7h9f', '1e1f', '9f11d', '2d2e', 'O*11c+', 'X*7e', '11c12b', '3d3e']],
];

/** Opens the analysis board on `moves` of `variant` (the board it keeps for the tab, as "Analizar" hands one over). */
async function analyse(p: Page, variant: Variant, moves: string[]) {
  const game = Game.start({ variant });
  for (const m of moves) expect(game.play(m).ok, m).toBe(true);
  const saved = { sfen: game.startSfen, moves: [...game.moves], options: game.options, ply: game.ply };
  await p.evaluate((b) => sessionStorage.setItem('chu.analysis', b), JSON.stringify(saved));
  await p.goto(`${session.server.url}/#/local`);
  await p.reload();
  await p.waitForSelector(`.board-wrap[data-variant="${variant}"]`);
}

describe('the mnemonic piece set', () => {
  it('is chosen in Settings and draws every piece of chu, dai and Heisei from its movement, on a desktop and a phone', async () => {
    const desk = await session.page('desk', DESKTOP);
    const phone = await session.page('phone', PHONE);
    try {
      for (const [p, width, tap] of [[desk, 1280, false], [phone, 390, true]] as const) {
        // Spanish on the first visit; after that, what Settings saved
        await p.addInitScript(() => localStorage.getItem('chu.settings') ?? localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es' })));
        await p.goto(`${session.server.url}/#/settings`);
        await p.waitForSelector('html[lang="es"]');
        const choice = 'label.set:has(input[value="mnemonic"])';
        expect(await p.textContent(choice)).toContain('Mnemotécnicas (cómo mueven)');
        await (tap ? p.tap(choice) : p.click(choice));
        await p.waitForSelector(`${choice}.on`);
        expect(await p.evaluate(() => JSON.parse(localStorage.getItem('chu.settings')!).pieceSet)).toBe('mnemonic');
        expect(await accessibilityViolations(p)).toEqual([]);

        for (const [variant, moves] of BOARDS) {
          await analyse(p, variant, moves);
          // every tile on the board and the stands is a mnemonic face, none left blank
          const sets = await p.$$eval('svg.tile', (els) => els.map((e) => e.getAttribute('data-set')));
          expect(new Set(sets)).toEqual(new Set(['mnemonic']));
          const faces = await p.$$eval('svg.tile [data-face]', (els) => els.length);
          expect(faces).toBe(sets.length);
          if (variant === 'heisei') expect(await p.$$eval('[data-stand] svg.tile [data-face]', (els) => els.length)).toBeGreaterThan(0);
          if (variant === 'heisei') expect(await p.$$eval('svg.tile .mnemonic.promoted', (els) => els.length)).toBe(1); // the Kirin, now a Lion
          // a square's width on the phone: the size the faces were drawn for (chu 30 px, dai 25)
          const square = await p.$eval('[data-square]', (e) => e.getBoundingClientRect().width);
          console.log(`mnemonic ${variant} at ${width} px: squares ${square.toFixed(1)} px`);
          await p.evaluate(() => document.querySelector('.board-wrap')!.scrollIntoView());
          await p.screenshot({ path: join(SHOTS, `mnemonic-${variant}-${width}.png`) });
        }
      }
      // what a phone's screen (three pixels to a CSS pixel) shows of chu's 30 px squares: White's camp, close up
      const sharp = await session.page('phone-dpr3', { ...PHONE, deviceScaleFactor: 3 });
      await sharp.addInitScript(() => localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es', pieceSet: 'mnemonic' })));
      await sharp.goto(`${session.server.url}/`);
      await analyse(sharp, 'chu', BOARDS[0][1]);
      const grid = (await sharp.locator('.grid').boundingBox())!;
      await sharp.screenshot({ path: join(SHOTS, 'mnemonic-chu-390-closeup.png'), clip: { x: grid.x, y: grid.y, width: grid.width, height: grid.height / 3 } });
      // the Piezas page in the set: every piece and its promotion, chu's and dai's
      await sharp.goto(`${session.server.url}/#/pieces`);
      await sharp.waitForSelector('[data-diagram="+h"]');
      expect(await accessibilityViolations(sharp)).toEqual([]);
      for (const code of ['n', 'd', 'h', 'o', "n'", "v'", "f'"])
        await sharp.locator(`[data-piece-card="${code}"]`).screenshot({ path: join(ARTIFACTS, `mnemonic-piece-${code.replace("'", '2')}.png`) });
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'mnemonic');
    }
  });
});
