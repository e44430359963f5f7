import type { Square, Variant } from '@chu/rules';

/**
 * What an exercise asks of the player (Black, always to move):
 * - `reach`: stand on every one of these squares at least once (a Lion's midpoint counts);
 * - `capture`: take every White piece but the King;
 * - `safe`: make a move after which White can capture nothing;
 * - `promote`: end a move with a piece of this code on the board ('+p');
 * - `win`: end the game, Black winning (White's last royal taken);
 * - `answer`: play one of these moves (any spelling of them): the only move that does what the text says.
 */
export type Goal =
  | { kind: 'reach'; squares: readonly Square[] }
  | { kind: 'capture' }
  | { kind: 'safe' }
  | { kind: 'promote'; code: string }
  | { kind: 'win' }
  | { kind: 'answer'; moves: readonly string[] };
export type GoalKind = Goal['kind'];

/** Moves for 3 and for 2 stars (fewer or equal); any longer solution gets 1 star. */
export interface Stars {
  three: number;
  two: number;
}

export interface Exercise {
  /** unique over every stage: 'steppers-gold' */
  readonly id: string;
  /** chu, dai (15×15, docs/dai-shogi.md) or Heisei chu (drops, docs/heisei-chu.md) */
  readonly variant: Variant;
  /** lishogi SFEN of the variant (Heisei's with its reserves), Black to move once the prelude is played */
  readonly sfen: string;
  readonly goal: Goal;
  /** moves already played from `sfen` before the player's turn (both sides'), for rules that need a history: repetition */
  readonly prelude?: readonly string[];
  /** the player's moves of a shortest solution (USI) */
  readonly solution: readonly string[];
  /** White's scripted answer after the player's n-th move (index n), where the exercise has one: never invented */
  readonly replies?: readonly (string | null)[];
  /** RULES.md §6's bare-king rule, off in lessons unless the exercise is about it */
  readonly bareKing?: boolean;
  /** a move that must not solve it: refused by the rules, refused as wrong, or simply not enough */
  readonly wrong: string;
  readonly stars: Stars;
  /** i18n key of the instruction shown above the board: 'learn.ex.steppers-gold' */
  readonly text: string;
}

export interface Lesson {
  readonly id: string;
  /** i18n key of the title: 'learn.lesson.generals' */
  readonly title: string;
  readonly exercises: readonly Exercise[];
}

export interface Stage {
  readonly id: string;
  /** i18n key of the title: 'learn.stage.steppers' */
  readonly title: string;
  /** i18n key of the one-line summary on the stage list */
  readonly summary: string;
  readonly lessons: readonly Lesson[];
}
