// The UI's messages, one JSON file per language, read through i18next (README.md beside this file
// says why). Knows nothing of the settings, so settings.svelte.ts may use it for its own defaults.
import i18next from 'i18next';
import type { Lang } from '../pieces';
import en from './en.json';
import es from './es.json';
import ja from './ja.json';

export const MESSAGES: Record<Lang, Record<string, string>> = { en, es, ja };

/** A plural message's forms are `key_one`, `key_other`…: one per plural category of its language (Intl.PluralRules). */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
type Base<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
/** A message's name, as the English file has it: 'chat.unread' (whose forms are 'chat.unread_one' and 'chat.unread_other'). */
export type Key = Base<keyof typeof en>;
/** Values for a message's placeholders; `n` is also the count that picks a plural form: { n: 3 }. */
export type Vars = Record<string, string | number>;

const messages = i18next.createInstance();
void messages.init({
  initAsync: false, // the resources are bundled: ready when this module is
  resources: { en: { translation: en }, es: { translation: es }, ja: { translation: ja } },
  lng: 'en',
  fallbackLng: 'en',
  keySeparator: false, // keys are flat: 'chat.unread', not nested objects
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false }, // Svelte escapes what it renders
});

/** The message in `lang`, its placeholders filled; a plural message takes its form from `vars.n`. */
export function message(lang: Lang, key: Key, vars?: Vars): string {
  const count = vars?.n === undefined ? NaN : Number(vars.n);
  return messages.t(key, { lng: lang, ...vars, ...(Number.isFinite(count) ? { count } : {}) });
}

/** Whether `lang` (or English) has a message called `key`: for codes from the server or the rules. */
export function hasMessage(lang: Lang, key: string): boolean {
  return messages.exists(key, { lng: lang });
}
