// Words that come in one file per language, each a chunk of its own (issue 48): the UI's messages and the
// lessons' texts. Fetched once per language; a fetch that failed (offline) is tried again at the next call.
import type { Lang } from '../pieces';

export type LanguageFiles = Record<Lang, () => Promise<{ default: Record<string, string> }>>;

/** A loader of `files` that hands each language's file to `keep` once it is here. */
export function languageLoader(files: LanguageFiles, keep: (lang: Lang, file: Record<string, string>) => void, has: (lang: Lang) => boolean) {
  const loading = new Map<Lang, Promise<void>>();
  return (lang: Lang): Promise<void> => {
    if (has(lang)) return Promise.resolve();
    let p = loading.get(lang);
    if (!p) {
      p = files[lang]().then(
        ({ default: file }) => keep(lang, file),
        (e: unknown) => {
          loading.delete(lang);
          throw e;
        },
      );
      loading.set(lang, p);
    }
    return p;
  };
}
