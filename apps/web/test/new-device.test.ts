// What a new device starts with, in its browser's language: a readable guest name in that language
// ("Águila 4821", not the server's old "Eagle--_4P", issue 35 #7) that the server accepts as a display
// name, and Japanese notation when the language is Japanese.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateDeviceBodySchema } from '@chu/protocol';
import { seededRandom } from '@chu/rules';
import { guestName } from '../src/lib/i18n/guest-name';

/** The settings module as a first visit from a browser in `language` loads it (nothing saved yet). */
async function firstVisit(language: string) {
  localStorage.clear();
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  vi.resetModules();
  return (await import('../src/lib/settings.svelte')).settings;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const NAMES = {
  es: /^(Kirin|Fénix|León|Dragón|Halcón|Águila|Tigre|Leopardo) [1-9]\d{3}$/,
  en: /^(Kirin|Phoenix|Lion|Dragon|Falcon|Eagle|Tiger|Leopard) [1-9]\d{3}$/,
  ja: /^(麒麟|鳳凰|獅子|龍|鷹|鷲|虎|豹) [1-9]\d{3}$/,
} as const;

describe('a new device', () => {
  it.each([
    ['es-ES', 'es', 'hodges'],
    ['en-GB', 'en', 'hodges'],
    ['ja-JP', 'ja', 'kanji'], // Japanese readers get 7四獅子, not Ln-7d
    ['fr-FR', 'en', 'hodges'],
  ] as const)('from a %s browser speaks %s, writes moves in %s notation and is named in its language', async (browser, lang, notation) => {
    const settings = await firstVisit(browser);
    expect([settings.lang, settings.notation]).toEqual([lang, notation]);
    expect(settings.name).toMatch(NAMES[lang]);
  });

  it('keeps its name on the next visit (the device is not renamed at every load)', async () => {
    const first = (await firstVisit('es-ES')).name;
    vi.resetModules();
    expect((await import('../src/lib/settings.svelte')).settings.name).toBe(first);
  });

  it('a guest saved before names were made here (name "") gets a readable one; a chosen name stays', async () => {
    localStorage.setItem('chu.settings', JSON.stringify({ lang: 'ja', notation: 'hodges', name: '' }));
    vi.resetModules();
    const old = (await import('../src/lib/settings.svelte')).settings;
    expect(old.name).toMatch(NAMES.ja);
    expect(old.notation).toBe('hodges'); // what the person chose stays chosen
    localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es', name: 'Ana' }));
    vi.resetModules();
    expect((await import('../src/lib/settings.svelte')).settings.name).toBe('Ana');
  });

  it.each([
    ['mnemonic', 'mnemonic'], // the set drawn from the rules' movement is kept
    ['western', 'western'],
    ['pictograms', 'kanji1'], // a set this version does not draw: the default, not a blank board
    [7, 'kanji1'],
  ])('a saved piece set %s is read as %s', async (saved, set) => {
    localStorage.setItem('chu.settings', JSON.stringify({ lang: 'es', name: 'Ana', pieceSet: saved }));
    vi.resetModules();
    expect((await import('../src/lib/settings.svelte')).settings.pieceSet).toBe(set);
  });
});

describe('guest names', () => {
  it.each(['es', 'en', 'ja'] as const)('in %s: every animal, numbers 1000–9999, each a valid display name for the server', (lang) => {
    const random = seededRandom(35);
    const names = Array.from({ length: 400 }, () => guestName(lang, random));
    for (const name of names) {
      expect(name).toMatch(NAMES[lang]);
      expect(CreateDeviceBodySchema.safeParse({ name }).success).toBe(true);
    }
    expect(new Set(names.map((n) => n.split(' ')[0])).size).toBe(8);
  });

  it.each([
    ['es', [0.65, 0.3821], 'Águila 4438'],
    ['en', [0.65, 0.3821], 'Eagle 4438'],
    ['ja', [0.65, 0.3821], '鷲 4438'],
    ['es', [0, 0], 'Kirin 1000'],
    ['en', [0.999, 0.99999], 'Leopard 9999'],
  ] as const)('%s with draws %j: %s', (lang, draws, name) => {
    const next = draws[Symbol.iterator]();
    expect(guestName(lang, () => next.next().value!)).toBe(name);
  });
});
