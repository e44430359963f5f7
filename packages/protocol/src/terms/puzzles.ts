// Chu puzzles (issue 49 §3): the themes a puzzle is tagged with and a player may choose, and the bounds
// of what a player sends. The generator (packages/puzzles) tags puzzles with these words, the server
// filters by them and the web names them.

/** What a puzzle's solution does, read from its moves by the generator. */
export const PUZZLE_THEMES = [
  'royalHunt', // the last royal taken by force (proven by the engine's royal-hunt solver)
  'material', // a Lion's worth of material or more won
  'lionCapture', // the gain includes the opponent's Lion
  'lionDoubleCapture', // a Lion-like piece takes two pieces in one move
  'igui', // a capture without moving (the Lion takes next to it and stays)
  'promotion', // a solution move promotes
  'fork', // a solution move attacks two valuable pieces (or a royal and one) at once
  'sacrifice', // the first move gives material before the gain comes
  'hangingPiece', // one move that takes what was left unguarded
  'oneMove', // one move to find
  'short', // two moves to find
  'long', // three or more moves to find
] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/** The longest line a player can send: no shipped puzzle asks for more moves than this. */
export const PUZZLE_MOVES_MAX = 16;

/** A player's puzzle rating before any attempt, and a puzzle is picked within this of the player's rating first. */
export const PUZZLE_START_RATING = 1500;
export const PUZZLE_RATING_WINDOW = 250;

/** Requests a minute per address on each puzzle door, on top of the address's global limit. */
export const PUZZLE_LIMITS = { nextPerMinute: 60, attemptsPerMinute: 120 } as const;
