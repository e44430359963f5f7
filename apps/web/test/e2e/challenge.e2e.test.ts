// Challenges and friends (issue 37) in real browsers against the real server: Ana (desktop) follows Ben
// and challenges him from his profile, choosing Black; Ben (a phone) sees the challenge live: his header
// bell counts it (a stored notification of kind challenge) and a card over the screen he is on offers
// Accept and Decline; he accepts, and both are sent to the same room, seated, and play; Ana's friends
// page shows Ben online and playing.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, move, PHONE, registerAccount, sees, useSession } from './harness';

const session = useSession();
const url = (path = '/') => session.server.url + path;

describe('a challenge between friends', () => {
  it('from a profile, seen live, accepted; both play in the same room', async () => {
    const a = await session.page('ana');
    const b = await session.page('ben', PHONE);
    try {
      await registerAccount(a, session.server.url, 'ana_ch');
      await registerAccount(b, session.server.url, 'ben_ch');
      await b.goto(url('/#/'));

      // Ana finds Ben's profile, follows him, and challenges him with Black
      await a.goto(url('/#/player/ben_ch'));
      await a.click('[data-player-actions="ben_ch"] [data-action="follow"]');
      await a.waitForSelector('[data-player-actions="ben_ch"] [data-action="unfollow"]');
      await a.click('[data-player-actions="ben_ch"] [data-action="challenge"]');
      await a.waitForSelector('[data-challenge-form="ben_ch"]');
      await a.check('[data-challenge-form] input[name="color"][value="black"]');
      await a.screenshot({ path: join(ARTIFACTS, 'challenge-form-1280.png') });
      await a.click('[data-action="send-challenge"]');
      await a.waitForSelector('[data-challenge-out="ben_ch"]');

      // Ben sees it at once, on the page he is on: the bell counts it, and its card waits for an answer
      await b.waitForSelector('[data-challenge-in="ana_ch"]');
      expect(await b.textContent('[data-challenge-in="ana_ch"]')).toContain('ana_ch');
      await b.waitForSelector('.bell [data-unread="1"]');
      await b.click('.bell [data-unread="1"]');
      expect(await b.textContent('.bell li[data-kind="challenge"]')).toContain('ana_ch');
      await b.screenshot({ path: join(ARTIFACTS, 'challenge-card-390.png') });
      await b.click('.bell [data-unread]'); // the list closes; the card stays

      await b.click('[data-challenge-in="ana_ch"] [data-action="accept-challenge"]');
      for (const p of [a, b]) await p.waitForURL(/#\/room\/[A-Z0-9]{6}$/, { timeout: 30_000 });
      expect(a.url().split('#')[1]).toBe(b.url().split('#')[1]);
      for (const p of [a, b]) await sees(p, '7j', 'black n');
      expect(await a.$$('[data-challenge-out], [data-challenge-in]')).toHaveLength(0);

      // Ana has Black, as she chose: she moves first, Ben answers, she moves again
      await move(a, '7i', '7h');
      await sees(b, '7h', 'black p');
      await move(b, '6d', '6e');
      await sees(a, '6e', 'white p');
      await move(a, '8i', '8h');
      await sees(b, '8h', 'black p');
      await a.screenshot({ path: join(ARTIFACTS, 'challenge-game-1280.png') });
      await b.screenshot({ path: join(ARTIFACTS, 'challenge-game-390.png') });

      // on Ana's friends page (another tab of hers): Ben online, playing her, one click to watch
      const a2 = await a.context().newPage();
      await a2.goto(url('/#/friends'));
      await a2.waitForSelector('[data-friend="ben_ch"][data-online="true"] [data-watch]');
      await a2.screenshot({ path: join(ARTIFACTS, 'friends-1280.png') });
      await a2.close();
      expect(session.problems).toEqual([]);
    } catch (e) {
      await session.failed(e, 'challenge');
    }
  });
});
