// Challenges as a tab keeps them: the `challenge` messages both accounts' sockets hear put a challenge
// in my open lists, take it out once answered, send the challenger's tab to the room of an accepted one,
// and leave a notice of one that ended without a game; the cards show them in words.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { DEFAULT_ROOM_OPTIONS, type Challenge } from '@chu/protocol';
import ChallengeCards from '../src/lib/friends/ChallengeCards.svelte';
import ChallengeForm from '../src/lib/friends/ChallengeForm.svelte';
import { challengeReceived, challenges, closeChallengeForm, forget, openChallengeForm } from '../src/lib/friends/challenges.svelte';
import { settings } from '../src/lib/settings.svelte';

const challenge = (over: Partial<Challenge> = {}): Challenge => ({
  id: 'c1', from: 'ana', to: 'ben', options: DEFAULT_ROOM_OPTIONS, color: 'black', status: 'open',
  createdAt: '2026-12-05T12:00:00.000Z', expiresAt: '2026-12-05T12:10:00.000Z', roomCode: null, gameId: null, rated: false, ...over,
});

beforeEach(() => {
  forget();
  settings.lang = 'en';
  location.hash = '#/';
});

describe('a tab\'s challenges', () => {
  it.each([
    // [what happens, who I am, what arrives, incoming ids, outgoing ids, ended status]
    ['one to me', 'ben', challenge(), ['c1'], [], null],
    ['one to me, my name in another case', 'BEN', challenge(), ['c1'], [], null],
    ['one of mine', 'ana', challenge(), [], ['c1'], null],
    ['one answered that this tab never showed', 'ben', challenge({ status: 'declined' }), [], [], null],
  ] as const)('%s (I am %s)', (_what, me, c, incoming, outgoing, ended) => {
    challengeReceived(c, me);
    expect(challenges.incoming.map((x) => x.id)).toEqual(incoming);
    expect(challenges.outgoing.map((x) => x.id)).toEqual(outgoing);
    expect(challenges.ended?.status ?? null).toBe(ended);
  });

  it('mine, accepted: this tab goes to the game\'s room', () => {
    challengeReceived(challenge(), 'ana');
    challengeReceived(challenge({ status: 'accepted', roomCode: 'K7QMPX', gameId: 'g1' }), 'ana');
    expect(challenges.outgoing).toEqual([]);
    expect(location.hash).toBe('#/room/K7QMPX');
  });

  it('to me, then cancelled by its sender or expired: it leaves the cards and says so', async () => {
    const { container } = render(ChallengeCards);
    challengeReceived(challenge(), 'ben');
    await tick();
    expect(container.querySelector('[data-challenge-in="ana"]')?.textContent).toContain('ana challenges you');
    expect(container.querySelector('[data-challenge-in="ana"]')?.textContent).toContain('ana plays Black; you play White');
    challengeReceived(challenge({ status: 'expired' }), 'ben');
    await tick();
    expect(container.querySelector('[data-challenge-in]')).toBeNull();
    expect(container.querySelector('[data-challenge-ended="expired"]')?.textContent).toContain('The challenge from ana to ben expired');
  });
});

// issue 47 item 9: a challenge asks only what a challenge needs, starting on a real-time clock (as lishogi's)
describe('the challenge form', () => {
  it('asks the game, the time control (10 min + 30 s byoyomi at first), the side; says whether it is rated', async () => {
    const { container } = render(ChallengeForm);
    openChallengeForm('ben');
    await tick();
    const form = container.querySelector('[data-challenge-form="ben"]')!;
    const fields = [...form.querySelectorAll('select, input')].map((f) => (f as HTMLInputElement).name);
    expect([...new Set(fields)]).toEqual(['color', 'variant', 'timeControl']);
    expect((form.querySelector('select[name="timeControl"]') as HTMLSelectElement).selectedOptions[0].textContent).toBe('10 min + 30 s byoyomi');
    expect(form.querySelector('[data-challenge-rated]')!.getAttribute('data-challenge-rated')).toBe('true');
    await fireEvent.change(form.querySelector('select[name="variant"]')!, { target: { value: 'dai' } });
    expect(form.querySelector('[data-challenge-rated]')!.getAttribute('data-challenge-rated')).toBe('false');
    expect(form.querySelector('[data-challenge-rated]')!.textContent).toContain('Casual');
    closeChallengeForm();
  });
});
