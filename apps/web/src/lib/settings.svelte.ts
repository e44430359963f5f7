// Per-device display settings, kept in localStorage.
import type { Lang, PieceSet } from './pieces';

export type Notation = 'hodges' | 'kanji';
export interface Settings {
  pieceSet: PieceSet; // 'kanji1'
  coordinates: boolean; // show 12…1 / a…l
  showDests: boolean; // mark legal destinations (RULES.md §7: default on)
  sound: boolean; // false = muted
  volume: number; // 0–1: 0.7
  lang: Lang; // 'es'
  notation: Notation; // move list style
  name: string; // display name for rooms
  quietChat: boolean; // "quiet": no room chat for this player
  hideSpectatorChat: boolean; // a seated player sees only the players' channel
  hiddenChat: HiddenParticipant[]; // people whose chat messages this device does not show
}

/** Someone whose chat messages are hidden on this device (the name as they last wrote it). */
export interface HiddenParticipant {
  id: string; // device id
  name: string; // 'Ana'
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
  volume: 0.7,
  lang: 'en',
  notation: 'hodges',
  name: '',
  quietChat: false,
  hideSpectatorChat: false,
  hiddenChat: [],
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
    out.volume = Number.isFinite(out.volume) ? Math.min(1, Math.max(0, out.volume)) : base.volume;
    out.hiddenChat = Array.isArray(out.hiddenChat)
      ? out.hiddenChat.filter((h) => typeof h?.id === 'string' && typeof h?.name === 'string').map((h) => ({ id: h.id, name: h.name }))
      : [];
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
