// The analysis worker's messages, one typed union per direction.
import type { Options } from '@chu/rules';
import type { Score } from './score';

/** A position as the worker rebuilds it: start, rules and the moves since (the history counts for repetitions). */
export interface PositionSpec {
  /** start SFEN: 'lfcsgekgscfl/… b - 1' */
  sfen: string;
  /** canonical USI since the start: ['7i7h', '6d6e'] */
  moves: string[];
  options: Options;
}

/** One principal variation; the score is the side to move's at the analysed position. */
export interface Line extends Score {
  /** canonical USI, first the root move: ['7i7h', '6d6e'] */
  moves: string[];
}

/** One finished depth of an analysis: its lines, best first. */
export interface LinesInfo {
  depth: number;
  lines: Line[];
  /** nodes searched so far for this position, all lines and depths together */
  nodes: number;
  /** ms spent so far on this position */
  timeMs: number;
}

/** A position of a game under review: the side to move's score and what the engine would play. */
export interface PositionEval extends Score {
  /** canonical USI of the engine's move; absent once the game is over */
  best?: string;
  pv: string[];
  depth: number;
}

export type ToWorker =
  /** analyse until stopped, a depth of `maxDepth` or `maxMs` of thinking */
  | { type: 'analyse'; id: number; position: PositionSpec; multiPv: number; maxMs: number; maxDepth: number }
  /** evaluate the start and the position after every move, from ply `from` on */
  | { type: 'review'; id: number; position: PositionSpec; msPerPosition: number; from: number }
  | { type: 'stop'; id: number };

export type FromWorker =
  | { type: 'lines'; id: number; info: LinesInfo }
  | { type: 'evaluated'; id: number; ply: number; eval: PositionEval; nodes: number; timeMs: number }
  /** the job is over and the worker idle: 'stopped' on request, 'limit' at maxMs, 'finished' when nothing is left */
  | { type: 'done'; id: number; reason: 'stopped' | 'limit' | 'finished' }
  | { type: 'error'; id: number; message: string };
