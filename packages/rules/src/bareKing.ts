import { EMPTY, WHITE_BIT } from './piece.ts';
import type { Position } from './position.ts';
import { TABLES } from './variant.ts';

// RULES.md §6, bare king: which pieces count, and what a move makes of the claim.
// The Game and the CPU player's search both judge with these, so they cannot disagree.
// The tables per variant are variant.ts's `defends` and `claims`; these are chu's. A reserve piece
// (Heisei chu) defends and claims: a piece the player still has (heisei-chu.md §6).

/**
 * 1 when the piece on a square keeps its side from being bare: not royal and not dead (a Pawn or
 * Lance that stayed unpromoted on its last rank). Index piece byte * FRAME + mailbox square.
 */
export const DEFENDS = TABLES.chu.defends;
/** 1 when it also counts for claiming the win: unpromoted Pawns and Go-Betweens don't. Same index. */
export const CLAIMS = TABLES.chu.claims;

/** A side's pieces as the bare-king rule counts them. */
export interface Material {
  defends: number;
  claims: number;
}

export function material(pos: Position, bit: number): Material {
  const t = pos.tables;
  let defends = 0;
  let claims = 0;
  for (const sq of t.squares) {
    const p = pos.board[sq];
    if (p === EMPTY || (p & WHITE_BIT) !== bit) continue;
    defends += t.defends[p * t.frame + sq];
    claims += t.claims[p * t.frame + sq];
  }
  for (const type of t.reserveTypes) {
    const held = pos.reserve[type + 1 + bit];
    defends += held;
    claims += held;
  }
  return { defends, claims };
}

/**
 * What the rule makes of the position right after a move (royal capture already judged):
 * - 'opponent-wins': the mover was bared and this was its one reply, and the opponent still claims;
 * - 'claim': the mover has just bared the opponent (or keeps it bare) with a piece that claims: one reply follows;
 * - 'draw': the opponent is bare and so is the mover (only royals and dead pieces) — king against king;
 * - null: the game goes on, e.g. a bared side facing only unpromoted Pawns and Go-Betweens, which must promote first.
 * `replied` = the previous move was a claim against the mover.
 */
export function bareKingVerdict(mover: Material, opponent: Material, replied: boolean): 'opponent-wins' | 'claim' | 'draw' | null {
  if (replied && opponent.claims > 0) return 'opponent-wins';
  if (opponent.defends > 0) return null;
  if (mover.claims > 0) return 'claim';
  return mover.defends === 0 ? 'draw' : null;
}
