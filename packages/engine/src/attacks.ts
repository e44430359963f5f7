import { EMPTY, OFF, WHITE_BIT, type EngineTables } from './tables.ts';

/**
 * Whether a piece of colour `by` (0 or WHITE_BIT) could move to `target` (Position.attacked, read from
 * the target outwards: the 24 squares a Lion reaches, the eight rays, dai's limited ranges). The
 * search and the royal hunt both ask it.
 */
export function attackedOn(board: Uint8Array, t: EngineTables, target: number, by: number): boolean {
  const lionReach = t.lionReach;
  const kingDirs = t.kingDirs;
  const hits = t.hits;
  const rays = t.rays;
  for (let k = 0; k < 24; k++) {
    const d = lionReach[k];
    const q = board[target - d];
    if (q !== EMPTY && (q & (OFF | WHITE_BIT)) === by && hits[q * 128 + 64 + d] === 1) return true;
  }
  for (let k = 0; k < 8; k++) {
    const d = kingDirs[k];
    let s = target + d;
    while (board[s] === EMPTY) s += d;
    const q = board[s];
    if ((q & (OFF | WHITE_BIT)) === by && rays[q * 128 + 64 - d] === 1) return true;
  }
  if (t.hasHops) {
    // dai's limited ranges: two squares out, through an empty square between
    const hops = t.hops;
    for (let k = 0; k < 8; k++) {
      const d = kingDirs[k];
      const q = board[target - 2 * d];
      if (q !== EMPTY && (q & (OFF | WHITE_BIT)) === by && hops[q * 128 + 64 + 2 * d] === 1 && board[target - d] === EMPTY) return true;
    }
  }
  return false;
}
