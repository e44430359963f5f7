// Which language this browser reads before anything is shown: the one saved in the settings, else the
// browser's own when the site speaks it, else English. Read before the settings module exists, because
// that language's messages are loaded first (messages.ts).
import type { Lang } from '../pieces';

export const SETTINGS_KEY = 'chu.settings';

export const isLang = (l: unknown): l is Lang => l === 'en' || l === 'es' || l === 'ja';

export function browserLang(): Lang {
  const l = (typeof navigator !== 'undefined' ? navigator.language : 'en').slice(0, 2);
  return isLang(l) ? l : 'en';
}

/** The saved language, else the browser's. */
export function initialLang(): Lang {
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(SETTINGS_KEY) : null;
    const saved = (raw ? JSON.parse(raw) : {}) as { lang?: unknown };
    return isLang(saved?.lang) ? saved.lang : browserLang();
  } catch {
    return browserLang();
  }
}
