// The UI's messages, one JSON file per language, read through i18next (README.md beside this file
// says why). Only the language this browser reads is loaded at first (each file is a chunk of its
// own, issue 48); another is fetched when the reader switches to it. Knows nothing of the settings,
// so settings.svelte.ts may use it for its own defaults.
import i18next from 'i18next';
import type { Lang } from '../pieces';
import type en from './en.json';
import { initialLang } from './lang';

const FILES: Record<Lang, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  ja: () => import('./ja.json'),
};
export const ALL_LANGS = Object.keys(FILES) as Lang[];

/** The languages loaded so far: their messages by key. */
export const MESSAGES: Partial<Record<Lang, Record<string, string>>> = {};

/** A plural message's forms are `key_one`, `key_other`…: one per plural category of its language (Intl.PluralRules). */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
type Base<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
/** A message's name, as the English file has it: 'chat.unread' (whose forms are 'chat.unread_one' and 'chat.unread_other'). */
export type Key = Base<keyof typeof en>;
/** Values for a message's placeholders; `n` is also the count that picks a plural form: { n: 3 }. */
export type Vars = Record<string, string | number>;

const messages = i18next.createInstance();
void messages.init({
  initAsync: false, // the resources are added as they load (loadMessages), never fetched by i18next
  resources: {},
  lng: 'en',
  fallbackLng: 'en', // when English is loaded too; every language has every message (test/messages.test.ts)
  keySeparator: false, // keys are flat: 'chat.unread', not nested objects
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false }, // Svelte escapes what it renders
});

const loading = new Map<Lang, Promise<void>>();

/** Loads `lang`'s messages (once; a failed load is tried again at the next call). */
export function loadMessages(lang: Lang): Promise<void> {
  if (MESSAGES[lang]) return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    p = FILES[lang]().then(
      ({ default: file }) => {
        MESSAGES[lang] = file;
        messages.addResourceBundle(lang, 'translation', file);
      },
      (e: unknown) => {
        loading.delete(lang);
        throw e;
      },
    );
    loading.set(lang, p);
  }
  return p;
}

export const isLoaded = (lang: Lang): boolean => MESSAGES[lang] !== undefined;

// nothing that shows a word runs before the reader's language is here (a module importing this one
// waits for it): the first screen draws in its language, and a new guest is named in it
await loadMessages(initialLang());

/** The message in `lang`, its placeholders filled; a plural message takes its form from `vars.n`. */
export function message(lang: Lang, key: Key, vars?: Vars): string {
  const count = vars?.n === undefined ? NaN : Number(vars.n);
  return messages.t(key, { lng: lang, ...vars, ...(Number.isFinite(count) ? { count } : {}) });
}

/** Whether `lang` (or English) has a message called `key`: for codes from the server or the rules. */
export function hasMessage(lang: Lang, key: string): boolean {
  return messages.exists(key, { lng: lang });
}
