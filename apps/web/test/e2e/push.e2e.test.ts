// Notifications in real browsers against the real server (issue 37): the bell shows a notification
// live (a finished game, told to each account that played it), opens it and counts it read; and the
// service worker shows a pushed notification. Headless Chromium cannot subscribe without a real push
// service, so the push is delivered to the registered service worker through the DevTools protocol (as
// DevTools' own "Push" button does), and what the worker showed is read back with getNotifications().
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, PHONE, registerAccount, seatTwo, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;

describe('notifications', () => {
  it('the bell shows a finished game live; opened, it leads to the room and is read', async () => {
    const a = await session.page('a');
    const b = await session.page('b', PHONE);
    try {
      await registerAccount(a, session.server.url, 'ana_bell');
      await registerAccount(b, session.server.url, 'ben_bell');
      for (const p of [a, b]) await p.waitForSelector('header .bell [data-unread="0"]');
      await a.goto(url('/'));
      const code = await seatTwo(a, b, session.server.url);
      await a.click('[data-action="start"]:not([disabled])');
      await b.click('[data-action="resign"]');
      await b.click('[data-action="confirm-resign"]');

      for (const p of [a, b]) await p.waitForSelector('header .bell [data-unread="1"]');
      await a.screenshot({ path: join(ARTIFACTS, 'notifications-bell-1280.png') });
      await b.click('[data-action="close-result"]'); // the result's dialog first
      await b.click('header .bell button.ring');
      await b.waitForSelector(`.bell li[data-kind="game-finished"] a[href="/#/room/${code}"]`);
      await b.screenshot({ path: join(ARTIFACTS, 'notifications-bell-390.png') });
      await b.click('.bell li[data-kind="game-finished"] a');
      await b.waitForSelector('header .bell [data-unread="0"]');
      expect(b.url()).toContain(`/#/room/${code}`);
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'bell');
    }
  });

  it('the service worker shows a pushed notification, with its title, and the page to open', async () => {
    const page = await session.page('sw');
    try {
      await page.context().grantPermissions(['notifications'], { origin: session.server.url });
      await page.goto(url('/'));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await page.context().newCDPSession(page);
      const registered = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
          const r = e.registrations.find((x) => !x.isDeleted && x.scopeURL === url('/'));
          if (r) resolve(r.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const registrationId = await registered;
      const message = {
        id: 41, kind: 'your-move', title: 'Your move against ben', body: 'Chu Shogi Online', url: '/#/room/ABCDEF',
        payload: { kind: 'your-move', v: 1, gameId: 'g1', roomCode: 'ABCDEF', opponent: 'ben', deadline: Date.now() + 86_400_000 },
      };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: session.server.url, registrationId, data: JSON.stringify(message) });

      const shown = await page.waitForFunction(async () => {
        const reg = await navigator.serviceWorker.ready;
        const all = await reg.getNotifications();
        return all.length > 0 ? all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })) : null;
      }, undefined, { timeout: 20_000 });
      expect(await shown.jsonValue()).toEqual([{ title: 'Your move against ben', body: 'Chu Shogi Online', tag: 'chu-41', data: { id: 41, url: '/#/room/ABCDEF' } }]);
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'push');
    }
  });
});
