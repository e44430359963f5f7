// Absent players (RULES.md §8) in real browsers against the real server, with its seconds shrunk to
// 100 ms (a 60 s grace period lasts 6 s): a name typed then "Crear una sala" clicked once opens the
// room; a friend renames from the room; the opponent's strip shows away with a countdown, then the CPU,
// then back; with nobody left the game adjourns, is listed on Home, and resumes; a rematch offer is
// accepted and the colours swap. On a phone: a takeback offer, and a long name kept whole beside the
// CPU's note (issue 16: it was cut down to "So…").
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, empty, move, sees, useSession } from './harness';

const session = useSession({ env: { CHU_MS_PER_SECOND: '100', CHU_CPU: 'random' } });
const url = (path = '/') => session.server.url + path;

async function spanish(p: Page) {
  await p.goto(url());
  await p.selectOption('header select', 'es');
  await p.waitForSelector('html[lang="es"]'); // the page's lang follows the words: Spanish's messages are here
}

const note = (p: Page, color: string) => p.textContent(`[data-player="${color}"] [data-note]`);

describe('absent players', () => {
  it('away with a countdown, the CPU, back; adjourned and resumed; a rematch swaps colours', async () => {
    const a = await session.page('a');
    let b = await session.page('b');
    const c = await session.page('c', PHONE);
    try {
      // (b) type a name, click "Crear una sala" once: saving the name replaces the socket, the click survives
      await spanish(a);
      await a.fill('.intro input[name="name"]', 'Lucía');
      expect((await a.textContent('[data-action="create-room"]'))!.trim()).toBe('Crear una sala');
      await a.click('[data-action="create-room"]');
      await a.waitForSelector('[data-room-code]', { timeout: 10_000 });
      await a.waitForSelector('[data-spectator-list] >> text=Lucía (tú)');
      const code = (await a.textContent('[data-room-code]'))!.trim();
      await a.click('[data-seat="black"] [data-action="sit"]');
      await a.waitForSelector('[data-seat="black"] >> text=Lucía');

      // a friend by link gets a guest name, sits, and renames from the room: the seat follows
      await b.goto(url(`/r/${code}`));
      await b.click('[data-seat="white"] [data-action="sit"]');
      await b.waitForSelector('[data-seat="white"][data-kind="human"]');
      const guest = await b.inputValue('[data-rename] input[name="name"]');
      expect(guest).toMatch(/^\p{L}+ \d{4}$/u); // a readable name in the page's language: "Eagle 4821"
      await b.fill('[data-rename] input[name="name"]', 'Mateo');
      await b.press('[data-rename] input[name="name"]', 'Tab');
      await a.waitForSelector('[data-seat="white"] .sname >> text=Mateo');

      // a spectator on a phone; Ajustes shows the name this guest was given
      await spanish(c);
      await c.goto(url('/#/settings'));
      await c.waitForFunction(() => /^\p{L}+ \d{4}$/u.test((document.querySelector('input[name="name"]') as HTMLInputElement)?.value ?? '')); // "Águila 4821"
      await c.goto(url(`/#/room/${code}`));
      await c.waitForSelector('[data-seat="white"] >> text=Mateo');

      await a.click('[data-action="start"]:not([disabled])');
      for (const p of [a, b, c]) await sees(p, '7j', 'black n');
      await move(a, '7i', '7h');
      await sees(b, '7h', 'black p');

      // (a) White's player leaves on their turn: away, with a countdown to the CPU's takeover…
      await b.close();
      await a.waitForSelector('[data-player="white"][data-status="away"]');
      const first = (await note(a, 'white'))!;
      expect(first).toMatch(/^ausente — la CPU juega en 0:0[1-6]$/);
      expect(await a.$('[data-player="white"] .online.on')).toBeNull();
      await a.screenshot({ path: join(ARTIFACTS, 'absence-away-1280.png') });
      await c.waitForSelector('[data-player="white"][data-status="away"] [data-note]');
      await c.screenshot({ path: join(ARTIFACTS, 'absence-away-390.png') });
      await a.waitForTimeout(1500);
      expect(Number((await note(a, 'white'))!.slice(-1))).toBeLessThan(Number(first.slice(-1)));
      // …then the CPU holds the seat, and plays it
      await a.waitForSelector('[data-player="white"][data-status="cpu"]', { timeout: 15_000 });
      expect(await note(a, 'white')).toBe('La CPU juega por este asiento');
      await a.waitForSelector('.movelist[data-moves="2"]', { timeout: 15_000 });
      await a.waitForSelector('[data-your-turn]');

      // back from the same device: the seat is theirs again
      b = await session.page('b', { viewport: { width: 1280, height: 800 }, storageState: await b.context().storageState() });
      await b.goto(url(`/#/room/${code}`));
      await a.waitForSelector('[data-player="white"][data-status="returned"]');
      expect(await a.$('[data-player="white"] [data-note]')).toBeNull();
      expect(await a.$('[data-player="white"] .online.on')).not.toBeNull();

      // nobody seated is left: the spectator sees the game adjourned, no clock running
      const aState = await a.context().storageState();
      const bState = await b.context().storageState();
      await a.close();
      await b.close();
      await c.waitForSelector('[data-adjourned]', { timeout: 15_000 });
      expect(await c.textContent('[data-adjourned]')).toBe('Partida aplazada: se reanuda cuando vuelva un jugador.');
      await c.screenshot({ path: join(ARTIFACTS, 'absence-adjourned-390.png') });

      // Home lists it among the games in progress, marked; its link goes back in and the game resumes
      const a2 = await session.page('a2', { viewport: { width: 1280, height: 800 }, storageState: aState });
      await a2.goto(url());
      await a2.waitForSelector(`[data-in-progress] li[data-status="adjourned"] a[href="#/room/${code}"]`);
      await a2.screenshot({ path: join(ARTIFACTS, 'home-in-progress-1280.png') });
      await a2.click(`[data-in-progress] a[href="#/room/${code}"]`);
      await c.waitForSelector('[data-adjourned]', { state: 'detached' });
      await a2.waitForSelector('[data-your-turn]');

      // the next game: Black offers a rematch after resigning; White, back, accepts; colours swap
      const b2 = await session.page('b2', { viewport: { width: 1280, height: 800 }, storageState: bState });
      await b2.goto(url(`/#/room/${code}`));
      await a2.waitForSelector('[data-player="white"][data-status="returned"], [data-player="white"][data-status="present"]');
      await a2.click('[data-action="resign"]');
      await a2.click('[data-action="confirm-resign"]');
      await a2.waitForSelector('[data-result-dialog="white"]');
      await b2.waitForSelector('[data-result-dialog="white"]');
      expect((await a2.textContent('[data-result-dialog] [data-next-first]'))!.trim()).toBe('Próxima partida: empieza Mateo (negras).');
      await a2.click('[data-result-dialog] [data-action="rematch"]');
      await a2.waitForSelector('[data-result-dialog] [data-rematch-waiting]');
      await b2.waitForSelector('[data-result-dialog] [data-rematch-offer="black"]');
      await b2.click('[data-result-dialog] [data-action="accept-rematch"]');
      for (const p of [a2, b2]) await p.waitForSelector('.movelist[data-moves="0"]', { state: 'attached' });
      await b2.waitForSelector('[data-your-turn]');
      expect(await a2.getAttribute('.board-wrap', 'data-orientation')).toBe('white');
      expect(await b2.getAttribute('.board-wrap', 'data-orientation')).toBe('black');
    } catch (e) {
      await session.failed(e, 'absence');
    }
    expect(session.problems).toEqual([]);
  });
});

describe('on a phone', () => {
  // 24 characters, the most a name may have
  const LONG = 'Sofía Maximiliana Ortega';
  /** The strip's name as drawn: its whole text, and whether it fits its box (not cut with "…"). */
  const shownName = (p: Page, color: string) =>
    p.$eval(`[data-player="${color}"] .pname`, (e) => ({ text: e.textContent, whole: e.scrollWidth <= e.clientWidth }));
  const noSideScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('a takeback offer fits the screen; a long name stays whole beside "La CPU juega por este asiento"', async () => {
    const a = await session.page('phone', PHONE);
    const b = await session.page('sofia');
    try {
      await spanish(a);
      await a.fill('.intro input[name="name"]', 'Ana');
      await a.click('[data-action="create-room"]');
      await a.waitForSelector('[data-room-code]', { timeout: 10_000 });
      const code = (await a.textContent('[data-room-code]'))!.trim();
      await a.click('[data-seat="black"] [data-action="sit"]');
      await a.waitForSelector('[data-seat="black"] >> text=Ana');
      // (named at Home: a rename in the room stands and sits again, which a quick "Empezar" could meet half-way)
      await b.goto(url('/'));
      await b.fill('.intro input[name="name"]', LONG);
      await b.press('.intro input[name="name"]', 'Tab');
      await b.goto(url(`/r/${code}`));
      await b.click('[data-seat="white"] [data-action="sit"]');
      await a.waitForSelector(`[data-seat="white"] .sname >> text=${LONG}`);
      await a.click('[data-action="start"]:not([disabled])');
      for (const p of [a, b]) await sees(p, '7j', 'black n');
      expect(await shownName(a, 'white')).toEqual({ text: LONG, whole: true });

      // Sofía moves, then asks to take it back: the phone shows the offer with its two buttons
      await move(a, '7i', '7h');
      await sees(b, '7h', 'black p');
      await move(b, '6d', '6e');
      await sees(a, '6e', 'white p');
      await b.click('[data-action="takeback"]:not([disabled])');
      await a.waitForSelector('[data-takeback-offer] [data-action="accept-takeback"]');
      expect(await a.textContent('[data-takeback-offer]')).toContain('Tu rival pide deshacer su última jugada.');
      expect(await a.isVisible('[data-takeback-offer] [data-action="decline-takeback"]')).toBe(true);
      expect(await noSideScroll(a)).toBe(true);
      await a.$eval('[data-takeback-offer]', (e) => e.scrollIntoView({ block: 'center' }));
      await a.screenshot({ path: join(ARTIFACTS, 'takeback-offer-390.png') });
      await a.click('[data-action="accept-takeback"]');
      for (const p of [a, b]) {
        await sees(p, '6d', 'white p');
        await empty(p, '6e');
      }

      // on her turn again, Sofía leaves: away with a countdown, then the CPU plays her seat
      await b.close();
      await a.waitForSelector('[data-player="white"][data-status="away"] [data-note]');
      expect(await shownName(a, 'white')).toEqual({ text: LONG, whole: true });
      await a.waitForSelector('[data-player="white"][data-status="cpu"]', { timeout: 15_000 });
      expect(await note(a, 'white')).toBe('La CPU juega por este asiento');
      expect(await shownName(a, 'white')).toEqual({ text: LONG, whole: true });
      expect(await shownName(a, 'black')).toEqual({ text: 'Ana', whole: true });
      expect(await noSideScroll(a)).toBe(true);
      await a.$eval('[data-player="white"]', (e) => e.scrollIntoView({ block: 'start' }));
      await a.screenshot({ path: join(ARTIFACTS, 'cpu-note-long-name-390.png') });
    } catch (e) {
      await session.failed(e, 'phone');
    }
    expect(session.problems).toEqual([]);
  });
});
