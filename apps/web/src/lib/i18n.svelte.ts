// The UI's words in the language of the settings (messages in i18n/*.json; piece names live in pieces.ts).
// Reading settings.lang here is what re-renders every t() when the language changes. A language not
// loaded yet is fetched then, and the words stay in the last language shown until it is here.
import { settings } from './settings.svelte';
import type { Lang } from './pieces';
import { hasMessage, isLoaded, loadMessages, message, type Key, type Vars } from './i18n/messages';
import { initialLang } from './i18n/lang';

export type { Key };

let shown: Lang = initialLang(); // loaded before any module that reads it ran (messages.ts)
let arrived = $state(0); // a language's messages came: re-render what read the one before

/** The language to show now: the settings', once its messages are here. */
function lang(): Lang {
  void arrived;
  const wanted = settings.lang;
  if (isLoaded(wanted)) return (shown = wanted);
  void loadMessages(wanted).then(
    () => arrived++,
    () => undefined, // offline: the words stay in the language shown; the next change tries again
  );
  return isLoaded(shown) ? shown : wanted;
}

/** The language the words are in now: the page's `lang` follows it, not the setting whose messages may still be on their way. */
export const shownLang = (): Lang => lang();

/** t('chat.unread', { n: 3 }) → "3 new"; `n` picks the plural form. */
export function t(key: Key, vars?: Vars): string {
  return message(lang(), key, vars);
}

/** Translate a string code from the server or the rules ('illegal.counter-strike'), falling back to English or the code. */
export function tCode(prefix: 'outcome' | 'illegal' | 'err' | 'account.err', code: string): string {
  const key = `${prefix}.${code}`;
  const l = lang();
  return hasMessage(l, key) ? message(l, key as Key) : code;
}

export const LANGS: { code: Lang; label: string }[] = [
  { code: 'es', label: 'Español' },
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
];
