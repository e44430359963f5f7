// The puzzle trainer's requests (issue 49 §3). The server holds the solutions: the trainer sends the
// player's moves and shows what it answers.
import type { PuzzleAttemptResponse, PuzzleResponse, PuzzleTheme } from '@chu/protocol';
import { getJson, type Loaded } from '../api';
import { answerSchemas } from '../answers';

/** GET /api/puzzles/next (near the player's rating, of `theme` if given), /daily, or /:id. */
export function fetchPuzzle(which: { id: string } | { theme: PuzzleTheme | '' }): Promise<Loaded<PuzzleResponse>> {
  const path = 'id' in which ? `/api/puzzles/${encodeURIComponent(which.id)}` : `/api/puzzles/next${which.theme ? `?theme=${which.theme}` : ''}`;
  return getJson(path, (j, s) => s.PuzzleResponseSchema.parse(j));
}

/** POST /api/puzzles/:id/attempt: the player's moves so far; the server's judgement, or null when it did not answer. */
export async function attemptPuzzle(id: string, moves: readonly string[]): Promise<PuzzleAttemptResponse | null> {
  try {
    const res = await fetch(`/api/puzzles/${encodeURIComponent(id)}/attempt`, {
      method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ moves }),
    });
    return res.ok ? (await answerSchemas()).PuzzleAttemptResponseSchema.parse(await res.json()) : null;
  } catch {
    return null;
  }
}
