// The piece sets a player may choose, and which one a lesson draws: plain names, apart from pieces.ts (which
// reads the rules' movement tables) so that the settings, read by the first page, do not bring the rules along (issue 48).
export type Lang = 'en' | 'es' | 'ja';

/** The piece sets a player may choose, in Settings' order: three written sets and the mnemonic one (board/mnemonic.ts). */
export const PIECE_SETS = ['kanji1', 'kanji2', 'western', 'mnemonic'] as const;
export type PieceSet = (typeof PIECE_SETS)[number];
export const isPieceSet = (s: unknown): s is PieceSet => (PIECE_SETS as readonly unknown[]).includes(s);

/** A lesson board's set: one of the sets, or 'default' for the one lessonPieceSet picks by language. */
export type LessonPieceSet = PieceSet | 'default';
export const LESSON_PIECE_SETS: readonly LessonPieceSet[] = ['default', ...PIECE_SETS];
export const isLessonPieceSet = (s: unknown): s is LessonPieceSet => s === 'default' || isPieceSet(s);

/**
 * The set a lesson's board draws: what the player chose for lessons, else by default the mnemonic set,
 * whose faces teach the moves to someone who cannot read the kanji, and for a Japanese reader the set they
 * play with (issue 49: the mnemonic set is the lessons' default for players not set to Japanese).
 */
export function lessonPieceSet(lang: Lang, played: PieceSet, forLessons: LessonPieceSet = 'default'): PieceSet {
  if (forLessons !== 'default') return forLessons;
  return lang === 'ja' ? played : 'mnemonic';
}

