export type { Exercise, Goal, GoalKind, Lesson, Stage, Stars } from './exercise.ts';
export { KINGS, sfenOf } from './board.ts';
export { LESSON_OPTIONS, begin, optionsOf, play, replay, type Attempt, type Progress, type Refusal } from './checker.ts';
export { starsFor } from './stars.ts';
export { EXERCISES, LESSONS, STAGES, exerciseById } from './stages.ts';
