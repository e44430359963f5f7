// The UI's messages (src/lib/i18n/*.json, read by messages.ts): every message in every language, with the
// same placeholders, a plural message in each of its language's plural forms, and the words of a few
// rough edges of issue 35 (#4, #9).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { Game } from '@chu/rules';
import Local from '../src/screens/Local.svelte';
import Board from '../src/lib/board/Board.svelte';
import { fed } from './positions';
import { ALL_LANGS, MESSAGES, PLURAL_SUFFIX } from '../src/lib/i18n/messages';
import { t } from '../src/lib/i18n.svelte';
import { settings } from '../src/lib/settings.svelte';
import type { Lang } from '../src/lib/pieces';

const LANGS = ALL_LANGS;
/** A language's messages: every one is loaded before a test file runs (setup-messages.ts). */
function messagesOf(lang: Lang): Record<string, string> {
  const m = MESSAGES[lang];
  if (!m) throw new Error(`${lang}'s messages are not loaded`);
  return m;
}
const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
/** message name → its forms in `lang`: { 'chat.unread': ['one', 'other'], 'chat.title': [''] } */
function formsOf(lang: Lang): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of Object.keys(messagesOf(lang))) {
    const name = base(key);
    forms.set(name, [...(forms.get(name) ?? []), key === name ? '' : key.slice(name.length + 1)]);
  }
  return forms;
}
const placeholders = (lang: Lang, name: string) =>
  [...new Set(Object.entries(messagesOf(lang)).filter(([k]) => base(k) === name).flatMap(([, v]) => [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

afterEach(() => {
  settings.lang = 'en';
});

describe('the message files', () => {
  const english = formsOf('en');

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every message English has, and no other', (lang) => {
    const names = new Set(formsOf(lang).keys());
    const missing = [...english.keys()].filter((name) => !names.has(name));
    const extra = [...names].filter((name) => !english.has(name));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGS)('%s writes a plural message in exactly its plural categories (Intl.PluralRules)', (lang) => {
    const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
    const plural = [...english].filter(([, forms]) => !forms.includes('')).map(([name]) => name);
    expect(plural.length).toBeGreaterThan(5);
    const forms = formsOf(lang);
    for (const name of plural) expect([name, [...(forms.get(name) ?? [])].sort()]).toEqual([name, categories]);
    for (const [name, f] of forms) if (!plural.includes(name)) expect([name, f]).toEqual([name, ['']]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has the same placeholders as English in every message', (lang) => {
    for (const name of english.keys()) expect([name, placeholders(lang, name)]).toEqual([name, placeholders('en', name)]);
  });

  it('says nothing empty', () => {
    for (const lang of LANGS) for (const [key, text] of Object.entries(messagesOf(lang))) expect([lang, key, text.trim().length > 0]).toEqual([lang, key, true]);
  });
});

describe('plural forms follow each language', () => {
  it.each([
    ['en', 'chat.unread', 1, '1 new'],
    ['es', 'chat.unread', 1, '1 nuevo'],
    ['es', 'chat.unread', 3, '3 nuevos'],
    ['es', 'look.newMoves', 1_000_000, '1000000 de jugadas nuevas'], // Spanish's "many": a million *de* something
    ['ja', 'chat.unread', 1, '新着1件'],
    ['en', 'chat.hiddenCount', 1, '1 hidden message from people you hid.'],
    ['en', 'chat.hiddenCount', 2, '2 hidden messages from people you hid.'],
    ['es', 'chat.hiddenCount', 1, '1 mensaje oculto de personas que ocultaste.'],
    ['en', 'takeback.done', 1, 'One move taken back'],
    ['es', 'takeback.done', 2, 'Se deshicieron 2 jugadas'],
    ['en', 'look.newMoves', 1, 'new move'],
    ['en', 'look.newMoves', 4, '4 new moves'],
    ['en', 'home.ply', 1, '1 move'],
    ['es', 'home.ply', 0, '0 jugadas'], // Spanish 0 is plural, as English
    ['en', 'unit.minutes', 1, '1 minute'],
    ['es', 'unit.minutes', 2, '2 minutos'],
    ['ja', 'unit.minutes', 1, '1分'], // not "1 min"
    ['ja', 'unit.seconds', 30, '30秒'],
  ] as const)('%s %s n=%d: %s', (lang, key, n, text) => {
    settings.lang = lang;
    expect(t(key, { n })).toBe(text);
  });
});

describe('the board speaks the UI language (it has no words of its own)', () => {
  // the Pawn on 9e takes the Gold on 9d, in Black's zone: the board asks whether to promote
  const { pieces, gestures } = fed({ '9e': 'P', '9d': 'g' });
  it.each([
    ['es', '¿Promover?', 'Promover', 'No promover'],
    ['ja', '成りますか？', '成る', '成らない'],
    ['en', 'Promote?', 'Promote', 'Do not promote'],
  ] as const)('%s: the promotion question', async (lang, question, yes, no) => {
    settings.lang = lang;
    const { container, getByRole } = render(Board, { pieces, gestures });
    await fireEvent.click(container.querySelector('[data-square="9e"]')!);
    await fireEvent.click(container.querySelector('[data-square="9d"]')!);
    const dialog = getByRole('dialog');
    expect(dialog.getAttribute('aria-label')).toBe(question);
    expect([dialog.querySelector('[data-promote="true"]')!.getAttribute('aria-label'), dialog.querySelector('[data-promote="false"]')!.getAttribute('aria-label')]).toEqual([yes, no]);
  });
});

describe('rough edges of issue 35', () => {
  // #9: the rules end the game when `moveLimit` plies (one player's move each) are played
  it('the move limit counts plies, as the rules do, and the words say plies', () => {
    const game = Game.start({ moveLimit: 3 });
    for (const usi of ['7i7h', '6d6e', '7j6h']) expect(game.play(usi).ok).toBe(true);
    expect(game.outcome()).toEqual({ winner: null, reason: 'move-limit' });
    const plies = game.ply;
    expect(plies).toBe(3);
    const words = (lang: Lang) => {
      settings.lang = lang;
      return [t('opt.moveLimit'), t('opt.moveLimit.help'), t('lobby.moveLimit', { n: plies })];
    };
    expect(words('en')).toEqual(['Ply limit', expect.stringContaining('plies'), 'draw after 3 plies']);
    expect(words('es')).toEqual(['Límite de semijugadas', expect.stringContaining('semijugadas'), 'tablas tras 3 semijugadas']);
    expect(words('ja')).toEqual(['手数制限', expect.stringContaining('手'), '3手で引き分け']); // 手 counts each player's move
  });

  // #4: the analysis board offers "a room from this position"; nothing says it is not there yet
  it.each(['es', 'en', 'ja'] as const)('the analysis board (%s) does not call its working room button unavailable', (lang) => {
    settings.lang = lang;
    const { container } = render(Local);
    const button = container.querySelector('[data-action="room-from-position"]')!;
    expect(button.textContent).toBe(t('analysis.toRoom'));
    expect(container.textContent).not.toMatch(/aún no está disponible|not available yet|まだありません/);
  });
});
