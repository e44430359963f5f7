import { z } from 'zod';
import { IdSchema, UsiSchema } from './common.ts';
import { PUZZLE_MOVES_MAX, PUZZLE_THEMES } from './terms/puzzles.ts';

// Chu puzzles (issue 49 §3). The server holds each puzzle's solution and judges the moves a player
// sends; the client never sees the solution before the attempt is over.

export const PuzzleThemeSchema = z.enum(PUZZLE_THEMES);

/** GET /api/puzzles/next?theme= — the query. */
export const PuzzleNextQuerySchema = z.object({ theme: PuzzleThemeSchema.optional() }).strict();
export type PuzzleNextQuery = z.infer<typeof PuzzleNextQuerySchema>;

/** A puzzle as the player sees it: the position, the move that led to it, no solution. */
export const PuzzleViewSchema = z.object({
  id: IdSchema,
  sfen: z.string(),
  lastMove: UsiSchema,
  themes: z.array(PuzzleThemeSchema),
  /** the puzzle's rating, rounded */
  rating: z.number().int(),
  /** how many moves the player has to find */
  toFind: z.number().int().positive(),
});
export type PuzzleView = z.infer<typeof PuzzleViewSchema>;

/** A player's puzzle rating as shown (null for a guest: guests solve unrated). */
export const PuzzleRatingViewSchema = z.object({ rating: z.number().int(), provisional: z.boolean(), attempts: z.number().int(), solved: z.number().int() });
export type PuzzleRatingView = z.infer<typeof PuzzleRatingViewSchema>;

/** GET /api/puzzles/next and /api/puzzles/daily. */
export const PuzzleResponseSchema = z.object({ puzzle: PuzzleViewSchema, player: PuzzleRatingViewSchema.nullable() });
export type PuzzleResponse = z.infer<typeof PuzzleResponseSchema>;

/** POST /api/puzzles/:id/attempt — the player's moves so far, in order (the opponent's replies left out). */
export const PuzzleAttemptBodySchema = z.object({ moves: z.array(UsiSchema).min(1).max(PUZZLE_MOVES_MAX) }).strict();
export type PuzzleAttemptBody = z.infer<typeof PuzzleAttemptBodySchema>;

/** A rating before and after one attempt (the player's, or the puzzle's). */
export const PuzzleRatingChangeSchema = z.object({ before: z.number().int(), after: z.number().int() });

/**
 * The server's judgement. 'continue': right so far, `reply` the opponent's answer; 'solved'; 'failed':
 * move `index` was wrong, `refutation` the engine's answer to it; 'illegal': move `index` is not legal
 * (nothing judged). Once solved or failed, `solution` is the whole line (player and opponent moves) for
 * the replay, and a logged-in player's first attempt at the puzzle is rated (`rating`, both sides).
 */
export const PuzzleAttemptResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('continue'), reply: UsiSchema.optional() }),
  z.object({
    status: z.literal('solved'),
    solution: z.array(UsiSchema),
    rating: z.object({ player: PuzzleRatingChangeSchema, puzzle: PuzzleRatingChangeSchema }).nullable(),
  }),
  z.object({
    status: z.literal('failed'),
    index: z.number().int().nonnegative(),
    expected: UsiSchema,
    refutation: UsiSchema.optional(),
    solution: z.array(UsiSchema),
    rating: z.object({ player: PuzzleRatingChangeSchema, puzzle: PuzzleRatingChangeSchema }).nullable(),
  }),
  z.object({ status: z.literal('illegal'), index: z.number().int().nonnegative(), reason: z.string() }),
]);
export type PuzzleAttemptResponse = z.infer<typeof PuzzleAttemptResponseSchema>;
