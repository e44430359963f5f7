import type { Square, Variant } from '@chu/rules';
import { sfenOf } from './board.ts';
import type { Exercise, Goal, Lesson, Stage, Stars } from './exercise.ts';

// How the stage files write their data: ids name the i18n keys, so a text can never point at another exercise.

export interface ExerciseSpec {
  /** sparse board, Black to move; the corner Kings are added */
  board: Record<Square, string>;
  goal: Goal;
  solution: string[];
  wrong: string;
  replies?: (string | null)[];
  /** SFEN's counter-strike square: a non-Lion took a Lion there on White's last move */
  lionCaptured?: Square;
  /** default chu */
  variant?: Variant;
  /** RULES.md §6's rule on (off in other lessons) */
  bareKing?: boolean;
  /** moves played before the player's turn, for the repetition rule; White's first when `turn` is 'w' */
  prelude?: string[];
  turn?: 'b' | 'w';
  /** Heisei's reserves: 'LO' (Black's in capitals) */
  reserves?: string;
  /** defaults: 3 stars for the solution's length, 2 for two moves more */
  stars?: Stars;
}

export const exercise = (id: string, spec: ExerciseSpec): Exercise => ({
  id,
  variant: spec.variant ?? 'chu',
  sfen: sfenOf(spec.board, { variant: spec.variant, lionSquare: spec.lionCaptured, reserves: spec.reserves, turn: spec.turn }),
  goal: spec.goal,
  solution: spec.solution,
  wrong: spec.wrong,
  ...(spec.replies ? { replies: spec.replies } : {}),
  ...(spec.bareKing ? { bareKing: true } : {}),
  ...(spec.prelude ? { prelude: spec.prelude } : {}),
  stars: spec.stars ?? { three: spec.solution.length, two: spec.solution.length + 2 },
  text: `learn.ex.${id}`,
});

export const lesson = (id: string, exercises: Exercise[]): Lesson => ({ id, title: `learn.lesson.${id}`, exercises });

export const stage = (id: string, lessons: Lesson[]): Stage => ({ id, title: `learn.stage.${id}`, summary: `learn.stage.${id}.summary`, lessons });

export const reach = (...squares: Square[]): Goal => ({ kind: 'reach', squares });
export const capture: Goal = { kind: 'capture' };
export const safe: Goal = { kind: 'safe' };
export const promote = (code: string): Goal => ({ kind: 'promote', code });
export const win: Goal = { kind: 'win' };
export const answer = (...moves: string[]): Goal => ({ kind: 'answer', moves });
