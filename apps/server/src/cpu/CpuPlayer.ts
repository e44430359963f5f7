import type { Game } from '@chu/rules';

// The CPU seat's brain. packages/engine will implement this; until then RandomMover stands in.
export interface CpuPlayer {
  chooseMove(game: Game, opts: { level: number; timeMs: number; signal: AbortSignal }): Promise<string>;
}
