import { MAX_MOVES, type Position } from './position.ts';

const buffers: Int32Array[] = [];

/**
 * Leaf count over distinct moves (one move per distinct successor), the oracle's convention:
 * a position whose side to move has lost its last royal counts 0. No history: no repetition.
 */
export function perft(pos: Position, depth: number, playLeaves = false): number {
  if (depth === 0) return 1;
  if (pos.royals[pos.turnBit ? 1 : 0] === 0) return 0;
  const moves = (buffers[depth] ??= new Int32Array(MAX_MOVES));
  const n = pos.generate(moves);
  // counting the last ply's moves is enough; playing them too measures make/unmake (benchmarks)
  if (depth === 1 && !playLeaves) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos.make(moves[i]);
    total += perft(pos, depth - 1, playLeaves);
    pos.unmake();
  }
  return total;
}
