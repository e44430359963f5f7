// The UI's words in the language of the settings (messages in i18n/*.json; piece names live in pieces.ts).
// Reading settings.lang here is what re-renders every t() when the language changes.
import { settings } from './settings.svelte';
import type { Lang } from './pieces';
import { hasMessage, message, type Key, type Vars } from './i18n/messages';

export type { Key };

/** t('chat.unread', { n: 3 }) → "3 new"; `n` picks the plural form. */
export function t(key: Key, vars?: Vars): string {
  return message(settings.lang, key, vars);
}

/** Translate a string code from the server or the rules ('illegal.counter-strike'), falling back to English or the code. */
export function tCode(prefix: 'outcome' | 'illegal' | 'err' | 'account.err', code: string): string {
  const key = `${prefix}.${code}`;
  return hasMessage(settings.lang, key) ? message(settings.lang, key as Key) : code;
}

export const LANGS: { code: Lang; label: string }[] = [
  { code: 'es', label: 'Español' },
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
];
