// The lessons' words (issue 49): every stage's, lesson's and exercise's text, in i18n/lessons/<lang>.json. They
// are many and only the lesson screens show them, so they are a chunk of their own per language, not part of
// the first page's messages (issue 48): the screens that import this module wait for the reader's language
// (top-level await, as messages.ts does), and another is fetched when the reader switches to it.
import type { Lang } from '../pieces';
import { shownLang } from '../i18n.svelte';
import { initialLang } from '../i18n/lang';
import { languageLoader, type LanguageFiles } from '../i18n/chunks';

const FILES: LanguageFiles = {
  en: () => import('../i18n/lessons/en.json'),
  es: () => import('../i18n/lessons/es.json'),
  ja: () => import('../i18n/lessons/ja.json'),
};

const texts = $state<Partial<Record<Lang, Record<string, string>>>>({});

/** Loads `lang`'s lesson texts (once; a failed load is tried again at the next call). */
export const loadLessonTexts = languageLoader(FILES, (lang, file) => (texts[lang] = file), (lang) => texts[lang] !== undefined);

await loadLessonTexts(initialLang());

/**
 * A lesson text by its key ('learn.ex.gold') in the language the page speaks; until that language's texts are
 * here (a switch), the ones already loaded stand in, and the key for a text none has.
 */
export function lessonText(key: string): string {
  const lang = shownLang();
  if (!texts[lang]) void loadLessonTexts(lang).catch(() => undefined); // offline: the next call tries again
  return texts[lang]?.[key] ?? Object.values(texts).find((t) => t?.[key])?.[key] ?? key;
}
