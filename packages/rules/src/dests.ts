import { parseUsi } from './usi.ts';
import type { Square } from './types.ts';

// A rules-agnostic board is fed these, computed from Game.legalMoves().

/** Squares a piece on `from` can be moved to first: destinations, and Lion midpoints with a second step. */
export function destinations(moves: readonly string[], from: Square): Square[] {
  const out = new Set<Square>();
  for (const usi of moves) {
    const m = parseUsi(usi);
    if (m?.from !== from) continue;
    out.add(m.mid ?? m.to);
  }
  return [...out];
}

/** Second steps of a double move after the first step to `mid` (`from` itself = igui or pass). */
export function secondSteps(moves: readonly string[], from: Square, mid: Square): Square[] {
  const out = new Set<Square>();
  for (const usi of moves) {
    const m = parseUsi(usi);
    if (m?.from === from && m.mid === mid) out.add(m.to);
  }
  return [...out];
}
