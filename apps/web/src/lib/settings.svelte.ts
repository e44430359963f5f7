// Per-device display settings, kept in localStorage.
import { isLessonPieceSet, isPieceSet, type Lang, type LessonPieceSet, type PieceSet } from './piece-sets';
import { guestName } from './i18n/guest-name';
import { SETTINGS_KEY as KEY, browserLang as guessLang, isLang } from './i18n/lang';
// by path, as cpu-levels.ts does (which cannot be imported here: it reads the messages, which read the settings)
import { MAX_LEVEL, MIN_LEVEL } from '../../../../packages/engine/src/levels.ts';

export type Notation = 'hodges' | 'kanji';
export interface Settings {
  pieceSet: PieceSet; // 'kanji1'
  lessonPieceSet: LessonPieceSet; // the lessons' board: 'default' (mnemonic unless Japanese, pieces.ts lessonPieceSet) or a set
  coordinates: boolean; // show 12…1 / a…l
  showDests: boolean; // mark legal destinations (RULES.md §7: default on)
  sound: boolean; // false = muted
  volume: number; // 0–1: 0.7
  lang: Lang; // 'es'
  notation: Notation; // move list style: 'kanji' by default in Japanese, else 'hodges'
  name: string; // display name for rooms: a new guest's is made in the UI's language, 'Águila 4821'
  quietChat: boolean; // "quiet": no room chat for this player
  hideSpectatorChat: boolean; // a seated player sees only the players' channel
  hiddenChat: HiddenParticipant[]; // people whose chat messages this device does not show
  cpuLevel: number; // Home's "play the CPU" level, kept for the next visit: 3
}

/** Someone whose chat messages are hidden on this device (the name as they last wrote it). */
export interface HiddenParticipant {
  id: string; // device id
  name: string; // 'Ana'
}

export const DEFAULT_SETTINGS: Settings = {
  pieceSet: 'kanji1',
  lessonPieceSet: 'default',
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
  cpuLevel: 3,
};

/** A new device's settings in `lang`: its notation (Japanese in Japanese) and a guest name in that language. */
export function defaultsFor(lang: Lang, random: () => number = Math.random): Settings {
  return { ...DEFAULT_SETTINGS, lang, notation: lang === 'ja' ? 'kanji' : 'hodges', name: guestName(lang, random) };
}

function load(): Settings {
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null;
    const saved = (raw ? JSON.parse(raw) : {}) as Partial<Settings>;
    const base = defaultsFor(isLang(saved.lang) ? saved.lang : guessLang());
    const out = { ...base };
    for (const k of Object.keys(base) as (keyof Settings)[]) {
      if (saved[k] !== undefined && typeof saved[k] === typeof base[k]) (out as Record<string, unknown>)[k] = saved[k];
    }
    if (!isLang(out.lang)) out.lang = base.lang;
    if (!isPieceSet(out.pieceSet)) out.pieceSet = base.pieceSet; // a set this version no longer draws
    if (!isLessonPieceSet(out.lessonPieceSet)) out.lessonPieceSet = base.lessonPieceSet;
    if (!Number.isInteger(out.cpuLevel) || out.cpuLevel < MIN_LEVEL || out.cpuLevel > MAX_LEVEL) out.cpuLevel = base.cpuLevel;
    out.volume = Number.isFinite(out.volume) ? Math.min(1, Math.max(0, out.volume)) : base.volume;
    out.hiddenChat = Array.isArray(out.hiddenChat)
      ? out.hiddenChat.filter((h) => typeof h?.id === 'string' && typeof h?.name === 'string').map((h) => ({ id: h.id, name: h.name }))
      : [];
    // nobody chose '' (the name field keeps the old name instead): a guest from before names were
    // made here, whose server-made name read "Eagle--_4P", gets a readable one
    if (!out.name.trim()) out.name = base.name;
    return out;
  } catch {
    return defaultsFor(guessLang());
  }
}

export const settings: Settings = $state(load());
// the guest name made above is kept: the next visit must not rename the device again
saveSettings();

export function saveSettings(): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings last for this page only */
  }
}
