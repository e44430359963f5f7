export { THEMES, type Budget, type Provenance, type Puzzle, type PuzzleKind, type PuzzleSet, type Theme } from './puzzle.ts';
export { checkAttempt, puzzleGame, type AttemptVerdict } from './attempt.ts';
export { PuzzleBook, PUZZLE_FILE, readPuzzleSet } from './set.ts';
