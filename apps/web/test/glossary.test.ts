// One word per idea in each language (docs/glossary.md, issue 47 items 5, 9 and 18): the synonyms the
// glossary rules out appear in no message, and the words a Spanish, English or Japanese reader tripped
// over read as the glossary says.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { DEFAULT_ROOM_OPTIONS, type Challenge } from '@chu/protocol';
import es from '../src/lib/i18n/es.json';
import en from '../src/lib/i18n/en.json';
import ja from '../src/lib/i18n/ja.json';
import ChallengeCards from '../src/lib/friends/ChallengeCards.svelte';
import { challengeReceived, forget } from '../src/lib/friends/challenges.svelte';
import { t, tCode } from '../src/lib/i18n.svelte';
import { settings } from '../src/lib/settings.svelte';
import type { Lang } from '../src/lib/pieces';

const FILES: Record<Lang, Record<string, string>> = { es, en, ja } as never;

afterEach(() => {
  settings.lang = 'en';
  forget();
});

describe('the glossary', () => {
  it.each([
    // [language, a word the glossary rules out]
    ['es', /desaf[ií]/i],
    ['es', /\brating\b/i],
    ['ja', /レーティング戦/],
    ['ja', /対局の申し込み/],
  ] as const)('%s: no message says %s', (lang, word) => {
    // what a reader sees: a placeholder's name ({rating}) is the code's, replaced before it shows
    const shown = (text: string) => text.replace(/\{\w+\}/g, '');
    expect(Object.entries(FILES[lang]).filter(([, text]) => word.test(shown(text))).map(([k]) => k)).toEqual([]);
  });

  it.each([
    // [language, the archive's rated filter, casual, the settings' challenge notifications]
    ['es', 'Puntuada', 'Amistosa', 'Retos'],
    ['en', 'Rated', 'Casual', 'Challenges'],
    ['ja', 'レーティング対局', '自由対局', '挑戦'],
  ] as const)('%s: rated "%s", casual "%s", challenges "%s"', (lang, rated, casual, challenges) => {
    settings.lang = lang;
    expect([t('archive.rated'), t('archive.casual'), t('notifications.kind.challenge')]).toEqual([rated, casual, challenges]);
  });

  it.each([
    ['es', 'letras sin acentos (a–z)'],
    ['en', 'letters without accents (a–z)'],
    ['ja', '半角英字（a–z'],
  ] as const)('%s: a username with an accent is refused in words that say accents are out', (lang, words) => {
    settings.lang = lang;
    expect(tCode('account.err', 'username-chars')).toContain(words);
    expect(t('account.hint')).toContain(words);
  });
});

describe('a challenge card says who plays Black', () => {
  const challenge = (color: Challenge['color']): Challenge => ({
    id: 'c1', from: 'AnaGarcia', to: 'ben', options: DEFAULT_ROOM_OPTIONS, color, status: 'open',
    createdAt: '2026-12-05T12:00:00.000Z', expiresAt: '2026-12-05T12:10:00.000Z', roomCode: null, gameId: null, rated: false,
  });
  it.each([
    ['es', 'black', 'AnaGarcia juega con negras; tú, con blancas'],
    ['es', 'white', 'AnaGarcia juega con blancas; tú, con negras'],
    ['en', 'black', 'AnaGarcia plays Black; you play White'],
    ['ja', 'white', 'AnaGarciaさんが後手（白）、あなたは先手（黒）'],
  ] as const)('%s, the challenger on %s: "%s"', async (lang, color, words) => {
    settings.lang = lang;
    const { container } = render(ChallengeCards);
    challengeReceived(challenge(color), 'ben');
    await tick();
    expect(container.querySelector('[data-challenge-in="AnaGarcia"]')?.textContent).toContain(words);
  });
});
