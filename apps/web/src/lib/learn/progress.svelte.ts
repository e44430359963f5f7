// The lessons' progress this tab shows: read from the server (an account's on any device, a guest's on
// this device) and written there when an exercise is solved. The server counts the stars from the moves.
import type { SolvedExercise } from '@chu/protocol';
import { fetchLessonProgress, saveLessonSolution } from '../api';
import { connect } from '../device';

export const progress = $state<{ solved: Record<string, SolvedExercise>; loaded: boolean }>({ solved: {}, loaded: false });

/** Reads the progress (the device cookie first: a guest's progress is its device's). */
export async function loadProgress(): Promise<void> {
  await connect();
  const r = await fetchLessonProgress();
  if (!r.ok) return;
  progress.solved = Object.fromEntries(r.data.solved.map((s) => [s.exercise, s]));
  progress.loaded = true;
}

/** Sends a solution; the stars shown are the server's answer (the best kept). Resolves false when it could not be saved. */
export async function recordSolution(exercise: string, moves: readonly string[]): Promise<boolean> {
  await connect();
  const kept = await saveLessonSolution(exercise, moves);
  if (kept) progress.solved = { ...progress.solved, [exercise]: kept };
  return kept !== null;
}
