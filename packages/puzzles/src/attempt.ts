import { Game, unwrap, type IllegalReason } from '@chu/rules';
import { bestMove } from '@chu/engine';
import type { Puzzle } from './puzzle.ts';

/** Nodes of the search that finds the opponent's answer to a wrong move (a few ms). */
const REFUTATION_NODES = 5000;

/**
 * What the server answers to the moves a player has played in a puzzle so far (the solver's moves
 * only; the opponent's replies are the puzzle's):
 * - 'continue': every move right so far, `reply` is the opponent's answer to the last one (none before the first);
 * - 'solved': the line is done (or a move took the last royal: any such move is right);
 * - 'failed': move `index` (0-based among the player's) was wrong; `expected` is the line's move there and
 *   `refutation` the engine's answer to the wrong move (none when the wrong move ended the game);
 * - 'illegal': move `index` is not a legal move there (nothing is judged: the player may try again).
 */
export type AttemptVerdict =
  | { status: 'continue'; reply?: string }
  | { status: 'solved' }
  | { status: 'failed'; index: number; expected: string; refutation?: string }
  | { status: 'illegal'; index: number; reason: IllegalReason };

/** The position to solve (the solver to move). */
export function puzzleGame(puzzle: Puzzle): Game {
  return unwrap(Game.fromSfen(puzzle.sfen));
}

/** Judges the player's moves against the puzzle's line, by the rules alone (the answer never comes from the client). */
export function checkAttempt(puzzle: Puzzle, played: readonly string[]): AttemptVerdict {
  const game = puzzleGame(puzzle);
  const solver = game.turn;
  for (const [index, usi] of played.entries()) {
    const canonical = game.check(usi);
    if (!canonical.ok) return { status: 'illegal', index, reason: canonical.error };
    const expected = puzzle.moves[2 * index];
    if (expected === undefined) return { status: 'solved' }; // moves after the end change nothing
    unwrap(game.play(canonical.value));
    const won = game.outcome()?.winner === solver;
    if (canonical.value !== expected && !won) {
      const outcome = game.outcome();
      const refutation = outcome ? undefined : bestMove(game, { nodes: REFUTATION_NODES, timeMs: 1e9, hunt: false }).move;
      return { status: 'failed', index, expected, refutation };
    }
    const reply = puzzle.moves[2 * index + 1];
    if (won || reply === undefined) return { status: 'solved' };
    unwrap(game.play(reply));
    if (index === played.length - 1) return { status: 'continue', reply };
  }
  return { status: 'continue' }; // nothing played yet
}
