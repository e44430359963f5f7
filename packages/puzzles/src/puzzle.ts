// A chu puzzle as shipped in data/puzzles.json: a position from the engine's self-play where exactly
// one move keeps a decisive gain, the line the solver must play (with the engine's best replies),
// the themes read from what the line does, and where it came from.

/** What the line does, read from its moves by the generator (src/themes.ts): the protocol's words, as the server and web use them. */
export { PUZZLE_THEMES as THEMES, type PuzzleTheme as Theme } from '@chu/protocol';
import type { PuzzleTheme as Theme } from '@chu/protocol';

/** 'hunt': the royal captured by force; 'material': at least a Lion's worth won. */
export type PuzzleKind = 'hunt' | 'material';

export interface Puzzle {
  /** stable: a hash of the position */
  id: string;
  kind: PuzzleKind;
  /** the position to solve (the solver to move) */
  sfen: string;
  /** the opponent's move that led to it, shown before the puzzle starts (USI) */
  lastMove: string;
  /** the solution: the solver's move, the opponent's reply, … ending with the solver's move (canonical USI) */
  moves: string[];
  themes: Theme[];
  /** material won along the line (centipawns, Pawn = 100; a royal capture is a hunt, gain 0) */
  gain: number;
  /** how much worse the engine's second-best first move is (centipawns; 10 000 = it loses the mate) */
  margin: number;
  /** Glicko-2 start rating, from the line's length */
  rating: number;
  provenance: Provenance;
}

export interface Provenance {
  /** the game's seed: its random opening moves and nothing else */
  seed: number;
  /** the game's index in the run */
  game: number;
  /** plies from the start to the puzzle's position */
  ply: number;
  /** the moves from the start position to the puzzle's (USI) */
  moves: string[];
  /** the engine commit the generator ran on */
  commit: string;
}

/** The budgets the generator used, written once for the whole set. */
export interface Budget {
  /** nodes a move of the self-play games */
  playNodes: number;
  /** nodes of each MultiPV (2 lines) search that checks a solution move and picks a reply */
  verifyNodes: number;
  /** lines searched to check a move is the only one */
  multiPv: number;
  /** the royal-hunt solver's node budget a position */
  huntNodes: number;
  /** the second-best line must be at least this much worse (centipawns) */
  minMargin: number;
  /** the material a 'material' puzzle must win (centipawns: a Lion) */
  minGain: number;
}

export interface PuzzleSet {
  command: string;
  engine: { version: string; commit: string };
  budget: Budget;
  /** what the run did: games, candidates checked and puzzles kept, minutes */
  yield: { games: number; candidates: number; kept: number; minutes: number };
  puzzles: Puzzle[];
}
