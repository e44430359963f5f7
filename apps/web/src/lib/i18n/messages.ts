// The UI's messages, one JSON file per language, read by the few lines below (README.md beside this file
// says why not a library). Only the language this browser reads is loaded at first (each file is a chunk of its
// own, issue 48); another is fetched when the reader switches to it. Knows nothing of the settings,
// so settings.svelte.ts may use it for its own defaults.
import type { Lang } from '../pieces';
import type en from './en.json';
import { initialLang } from './lang';
import { languageLoader, type LanguageFiles } from './chunks';

const FILES: LanguageFiles = {
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

/** Loads `lang`'s messages (once; a failed load is tried again at the next call). */
export const loadMessages = languageLoader(FILES, (lang, file) => (MESSAGES[lang] = file), (lang) => MESSAGES[lang] !== undefined);

export const isLoaded = (lang: Lang): boolean => MESSAGES[lang] !== undefined;

// nothing that shows a word runs before the reader's language is here (a module importing this one
// waits for it): the first screen draws in its language, and a new guest is named in it
await loadMessages(initialLang());

const pluralRules = new Map<Lang, Intl.PluralRules>();
/** The plural category of `count` in `lang`, as CLDR (Intl.PluralRules) names it: 'one', 'many', 'other'. */
function pluralForm(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/** `key`'s text in `lang` if loaded: with a count, its plural form (else its `_other` form, else the key itself). */
function text(lang: Lang, key: string, count: number): string | undefined {
  const m = MESSAGES[lang];
  if (!m) return undefined;
  return Number.isFinite(count) ? (m[`${key}_${pluralForm(lang, count)}`] ?? m[`${key}_other`] ?? m[key]) : m[key];
}

/**
 * The message in `lang`, its placeholders filled; a plural message takes its form from `vars.n`.
 * English stands in for a message a language lacks (the tests keep every language whole), the key for one none has.
 */
export function message(lang: Lang, key: Key, vars?: Vars): string {
  const count = vars?.n === undefined ? NaN : Number(vars.n);
  const found = text(lang, key, count) ?? text('en', key, count) ?? key;
  return vars ? found.replace(/\{(\w+)\}/g, (all, name: string) => (vars[name] === undefined ? all : String(vars[name]))) : found;
}

/** Whether `lang` (or English) has a message called `key`: for codes from the server or the rules. */
export function hasMessage(lang: Lang, key: string): boolean {
  return MESSAGES[lang]?.[key] !== undefined || MESSAGES.en?.[key] !== undefined;
}
