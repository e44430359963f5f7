// Rooms for friends (issue 16) in real browsers against the real server: two friends chat in their own
// channel while a spectator on a phone writes in the room's, the host mutes the spectator, a friend hides
// them; a takeback asked and accepted; a public room found in Home's lobby and played with one click,
// and its game watched from the lobby with another.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, PHONE, empty, move, sees, seatTwo, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;

/** Home in a language, with a name (saving it renews the socket, as a person's first visit does). */
async function person(p: Page, lang: string, name: string) {
  await p.goto(url());
  await p.selectOption('header select', lang);
  await p.fill('.intro input[name="name"]', name);
  await p.press('.intro input[name="name"]', 'Tab');
  await p.waitForFunction((n) => (document.querySelector('.intro input[name="name"]') as HTMLInputElement)?.value === n, name);
}

async function say(p: Page, text: string) {
  await p.fill('[data-chat-form] input', text);
  await p.press('[data-chat-form] input', 'Enter');
}
const line = (text: string) => `[data-chat-log] [data-chat-message] .text >> text="${text}"`;

describe('rooms for friends', () => {
  it('two friends chat while a spectator watches; the host mutes; a takeback is accepted', async () => {
    const a = await session.page('a');
    const b = await session.page('b');
    const c = await session.page('c', PHONE);
    try {
      await person(a, 'es', 'Lucía');
      await person(b, 'en', 'Mateo');
      await person(c, 'es', 'Sofía');
      const code = await seatTwo(a, b, session.server.url);
      await c.goto(url(`/#/room/${code}`));
      await c.waitForSelector('[data-seat="white"][data-kind="human"]');

      // the players' own channel: the spectator has only the room's, without tabs
      await a.waitForSelector('[data-chat="players"] [role="tab"][data-tab="players"][aria-selected="true"]');
      expect(await c.$$('[data-chat] [role="tab"]')).toHaveLength(0);
      // the players' channel belongs to a game (none before the first): start it, then wish luck
      await a.click('[data-action="start"]:not([disabled])');
      for (const p of [a, b, c]) await sees(p, '7j', 'black n');
      await say(a, '¡Suerte, Mateo!');
      await b.waitForSelector(line('¡Suerte, Mateo!'));
      await a.waitForSelector(line('¡Suerte, Mateo!'));

      // the spectator writes to the room: the players see it on their other tab, marked unread
      await say(c, 'hola desde el móvil <b>www.example.com</b>');
      await b.waitForSelector('[data-tab="spectators"] [data-unread="1"]');
      await b.click('[data-tab="spectators"]');
      await b.waitForSelector(line('hola desde el móvil <b>www.example.com</b>'));
      expect(await b.$$('[data-chat-log] a, [data-chat-log] b')).toHaveLength(0); // text, not markup or links
      expect(await c.$$(line('¡Suerte, Mateo!'))).toHaveLength(0); // never the players' channel
      await b.screenshot({ path: join(ARTIFACTS, 'room-chat-1280.png') });
      await c.locator('[data-chat]').scrollIntoViewIfNeeded();
      await c.screenshot({ path: join(ARTIFACTS, 'room-chat-390.png') });

      // a reload brings the recent messages back (chat.history after the re-join)
      await c.reload();
      await c.waitForSelector(line('hola desde el móvil <b>www.example.com</b>'));
      await sees(c, '7j', 'black n');

      // a move, then Black asks to take it back; White accepts; every board has it undone
      await move(a, '7i', '7h');
      await sees(b, '7h', 'black p');
      await a.click('[data-action="takeback"]:not([disabled])');
      await a.waitForSelector('[data-takeback-waiting]');
      await b.waitForSelector('[data-takeback-offer]');
      expect(await b.textContent('[data-takeback-offer]')).toContain('Your opponent asks to take back');
      await b.screenshot({ path: join(ARTIFACTS, 'takeback-offer-1280.png') });
      await b.click('[data-action="accept-takeback"]');
      for (const p of [a, b, c]) {
        await sees(p, '7i', 'black p');
        await empty(p, '7h');
      }
      await a.waitForFunction(() => document.querySelector('[data-announce]')?.textContent?.startsWith('Se deshizo una jugada'));
      await a.waitForSelector('.movelist[data-moves="0"]', { state: 'attached' });
      await a.waitForSelector('[data-your-turn]');
      await move(a, '8i', '8h'); // Black plays on, another move
      await sees(c, '8h', 'black p');

      // the host mutes the spectator: the field gives way to a note; Mateo hides them on his screen
      await a.click('[data-action="chat-people"]');
      await a.click(`[data-chat-people] li:has-text("Sofía") [data-action="chat-mute"]`);
      await c.waitForSelector('[data-chat-muted]');
      expect(await c.$$('[data-chat-form]')).toHaveLength(0);
      await b.click('[data-action="chat-people"]');
      await b.click(`[data-chat-people] li:has-text("Sofía") [data-action="chat-hide"]`);
      await b.waitForSelector(line('hola desde el móvil <b>www.example.com</b>'), { state: 'detached' });
      await b.waitForSelector('[data-chat-hidden-count]');
      await b.click('[data-tab="players"]');
      await say(b, 'good luck too');
      await a.waitForSelector(line('good luck too'));

      await a.screenshot({ path: join(ARTIFACTS, 'chat-1280.png') });
      await c.locator('[data-chat]').scrollIntoViewIfNeeded();
      await c.screenshot({ path: join(ARTIFACTS, 'chat-390.png'), fullPage: true });
    } catch (e) {
      await session.failed(e, 'friends');
    }
    for (const p of [a, b, c]) await p.context().close();
    expect(session.problems).toEqual([]);
  });

  it('a public room is found in the lobby and played with one click; its game is watched with another', async () => {
    const host = await session.page('host');
    const guest = await session.page('guest');
    const watcher = await session.page('watcher', PHONE);
    try {
      await person(host, 'ja', 'Kenji');
      await host.check('[data-options] input[name="public"]');
      await host.click('[data-action="create-room"]:not([disabled])');
      await host.waitForSelector('[data-public-room]');
      const code = (await host.textContent('[data-room-code]'))!.trim();
      await host.click('[data-seat="black"] [data-action="sit"]');

      await person(guest, 'es', 'Ana');
      const row = `[data-open-room="${code}"]`;
      await guest.waitForSelector(row, { timeout: 20_000 });
      expect(await guest.textContent(row)).toContain('Kenji');
      expect(await guest.getAttribute(`${row} [data-lang]`, 'data-lang')).toBe('ja');
      await guest.screenshot({ path: join(ARTIFACTS, 'lobby-1280.png') });
      // the host sets the room's language to English while waiting: the lobby row follows
      await host.selectOption('[data-options] select[name="language"]', 'en');
      await guest.waitForSelector(`${row} [data-lang="en"]`, { timeout: 10_000 });

      await guest.click(`${row} [data-action="lobby-join"]`); // the one click
      for (const p of [guest, host]) await sees(p, '7j', 'black n');
      expect(await guest.getAttribute('.board-wrap', 'data-orientation')).toBe('white');
      await host.waitForSelector('[data-your-turn]');

      // the game is listed as being played; a phone watches it with one click
      await watcher.goto(url());
      const live = '[data-live-games] [data-live-game]';
      await watcher.waitForSelector(`${live}:has-text("Kenji"):has-text("Ana")`, { timeout: 20_000 });
      await watcher.screenshot({ path: join(ARTIFACTS, 'lobby-390.png'), fullPage: true });
      await watcher.click(`${live}:has-text("Kenji") [data-action="lobby-watch"]`);
      await watcher.waitForSelector('[data-spectating]');
      await move(host, '7i', '7h');
      await sees(watcher, '7h', 'black p');
    } catch (e) {
      await session.failed(e, 'lobby');
    }
    expect(session.problems).toEqual([]);
  });
});
