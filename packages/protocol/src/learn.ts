import { z } from 'zod';
import { UsiSchema } from './common.ts';

// Lessons' progress (issue 49): what the client sends when it solves an exercise, and what it reads back.
// The stars are never sent: the server replays the moves through @chu/learn and counts them itself.

/** @chu/learn's exercise ids: 'gold', 'trade-bridge' */
export const ExerciseIdSchema = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/, 'an exercise id: lowercase letters, digits and -');

/** The longest solution a client may send: the longest lesson needs a few moves, a wandering player more. */
export const MAX_LESSON_MOVES = 64;

// PUT /api/learn/progress/{exercise}: the player's moves, from the exercise's position to its goal.
export const LessonSolutionBodySchema = z.object({ moves: z.array(UsiSchema).min(1).max(MAX_LESSON_MOVES) }).strict();
export type LessonSolutionBody = z.infer<typeof LessonSolutionBodySchema>;

export const LessonStarsSchema = z.number().int().min(1).max(3);

/** One exercise solved: its best stars, and the moves of that solution. */
export const SolvedExerciseSchema = z.object({ exercise: ExerciseIdSchema, stars: LessonStarsSchema, moves: z.number().int().min(1) });
export type SolvedExercise = z.infer<typeof SolvedExerciseSchema>;

// GET /api/learn/progress: every exercise this account (or guest device) has solved. PUT answers the exercise's row.
export const LessonProgressSchema = z.object({ solved: z.array(SolvedExerciseSchema) });
export type LessonProgress = z.infer<typeof LessonProgressSchema>;
