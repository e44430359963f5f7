import type { Stars } from './exercise.ts';

/** Stars for solving in `moves` moves: 3 within the shortest solution's count, 2 within a few more, else 1. */
export function starsFor(stars: Stars, moves: number): 1 | 2 | 3 {
  return moves <= stars.three ? 3 : moves <= stars.two ? 2 : 1;
}
