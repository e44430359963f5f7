// A link shared in a chat (issue 47, item 1): a page opened straight on `#/tournament/<id>`, in a tab that
// never passed through Home, knows the account signed in on this browser and can join.
import { describe, expect, it } from 'vitest';
import { DESKTOP, registerAccount, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;

describe('a deep link opened in a fresh tab', () => {
  it('knows the account and joins the tournament it names', async () => {
    const ana = await session.page('ana', DESKTOP);
    const ben = await session.page('ben', DESKTOP);
    try {
      await registerAccount(ana, url(), 'ana_link');
      await registerAccount(ben, url(), 'ben_link');

      // Ana organises an arena and shares its link
      await ana.click('header a[href="#/tournaments"]');
      await ana.waitForSelector('form[data-form="tournament"]');
      await ana.fill('input[name="name"]', 'Arena del enlace');
      await ana.click('[data-action="create-tournament"]');
      await ana.waitForSelector('[data-tournament][data-status="upcoming"]');
      const link = new URL(ana.url()).hash;
      expect(link).toMatch(/^#\/tournament\/.+/);

      // Ben opens it in a second tab of his browser: the account is known at once, and he joins
      const tab = await ben.context().newPage();
      await tab.goto(url('/' + link));
      await tab.waitForSelector('header [data-account="ben_link"]');
      await tab.click('[data-action="tournament-join"]');
      await tab.waitForSelector('[data-standing="ben_link"]');
      // and a reload on the same link still knows him
      await tab.reload();
      await tab.waitForSelector('header [data-account="ben_link"]');
      await tab.waitForSelector('[data-action="tournament-leave"]');
      for (const path of ['/#/tournaments', '/#/leaderboard', '/#/player/ana_link']) {
        await tab.goto(url(path));
        await tab.reload();
        await tab.waitForSelector('header [data-account="ben_link"]');
      }
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'deep-link');
    }
  });
});
