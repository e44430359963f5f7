import type { Game } from '@chu/rules';

// The CPU seat's brain: packages/engine's worker pool (EngineCpuPlayer), or the seeded random mover in tests.
export interface CpuPlayer {
  /** Engine workers searching at once. */
  readonly workers: number;
  /** A legal move within `timeMs` of starting to think, and before `deadline` (Date.now() ms) if given. */
  chooseMove(game: Game, opts: { level: number; timeMs: number; deadline?: number; signal: AbortSignal }): Promise<string>;
}
