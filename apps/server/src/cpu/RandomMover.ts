import { seededRandom, type Game } from '@chu/rules';
import type { CpuPlayer } from './CpuPlayer.ts';

// Minimal legal mover: a seeded random pick among the legal moves.
export class RandomMover implements CpuPlayer {
  private readonly next: () => number;

  readonly workers = 1;

  constructor(seed: number) { this.next = seededRandom(seed >>> 0 || 1); }

  async chooseMove(game: Game, _opts: { level: number; timeMs: number; signal: AbortSignal }): Promise<string> {
    const moves = game.legalMoves();
    if (moves.length === 0) throw new Error('no legal move');
    return moves[Math.floor(this.next() * moves.length)];
  }
}
