// Per-device display settings, kept in localStorage.
import type { Lang, PieceSet } from './pieces';

export type Notation = 'hodges' | 'kanji';
export interface Settings {
  pieceSet: PieceSet; // 'kanji1'
  coordinates: boolean; // show 12…1 / a…l
  showDests: boolean; // mark legal destinations (RULES.md §7: default on)
  sound: boolean;
  lang: Lang; // 'es'
  notation: Notation; // move list style
  name: string; // display name for rooms
}

const KEY = 'chu.settings';

function guessLang(): Lang {
  const l = (typeof navigator !== 'undefined' ? navigator.language : 'en').slice(0, 2);
  return l === 'es' || l === 'ja' ? l : 'en';
}

export const DEFAULT_SETTINGS: Settings = {
  pieceSet: 'kanji1',
  coordinates: true,
  showDests: true,
  sound: true,
  lang: 'en',
  notation: 'hodges',
  name: '',
};

function load(): Settings {
  const base = { ...DEFAULT_SETTINGS, lang: guessLang() };
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null;
    if (!raw) return base;
    const saved = JSON.parse(raw) as Partial<Settings>;
    const out = { ...base };
    for (const k of Object.keys(base) as (keyof Settings)[]) {
      if (saved[k] !== undefined && typeof saved[k] === typeof base[k]) (out as Record<string, unknown>)[k] = saved[k];
    }
    return out;
  } catch {
    return base;
  }
}

export const settings: Settings = $state(load());

export function saveSettings(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings last for this page only */
  }
}
