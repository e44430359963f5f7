import type { Game } from '@chu/rules';
import type { CpuPlayer } from './CpuPlayer.ts';

// Minimal legal mover: a seeded random pick among the legal moves.
export class RandomMover implements CpuPlayer {
  private state: number;

  readonly workers = 1;

  constructor(seed: number) { this.state = seed >>> 0 || 1; }

  async chooseMove(game: Game, _opts: { level: number; timeMs: number; signal: AbortSignal }): Promise<string> {
    const moves = game.legalMoves();
    if (moves.length === 0) throw new Error('no legal move');
    return moves[Math.floor(this.next() * moves.length)];
  }

  // mulberry32
  private next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
