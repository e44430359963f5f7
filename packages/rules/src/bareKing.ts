import { EMPTY, TYPE_COUNT, WHITE_BIT, diesOnLastRank, isRoyalType, isWeakType } from './piece.ts';
import type { Position } from './position.ts';
import { FRAME, SQUARES } from './square.ts';
import { LAST_RANK } from './zone.ts';

// RULES.md §6, bare king: which pieces count, and what a move makes of the claim.
// The Game and the CPU player's search both judge with these, so they cannot disagree.

/**
 * 1 when the piece on a square keeps its side from being bare: not royal and not dead (a Pawn or
 * Lance that stayed unpromoted on its last rank). Index piece byte * FRAME + mailbox square.
 */
export const DEFENDS = new Uint8Array(256 * FRAME);
/** 1 when it also counts for claiming the win: unpromoted Pawns and Go-Betweens don't. Same index. */
export const CLAIMS = new Uint8Array(256 * FRAME);
for (let t = 0; t < TYPE_COUNT; t++)
  for (const bit of [0, WHITE_BIT]) {
    const p = t + 1 + bit;
    for (const sq of SQUARES) {
      const dead = diesOnLastRank(t) && LAST_RANK[(bit ? FRAME : 0) + sq] === 1;
      const defends = !isRoyalType(t) && !dead;
      DEFENDS[p * FRAME + sq] = defends ? 1 : 0;
      CLAIMS[p * FRAME + sq] = defends && !isWeakType(t) ? 1 : 0;
    }
  }

/** A side's pieces as the bare-king rule counts them. */
export interface Material {
  defends: number;
  claims: number;
}

export function material(pos: Position, bit: number): Material {
  let defends = 0;
  let claims = 0;
  for (const sq of SQUARES) {
    const p = pos.board[sq];
    if (p === EMPTY || (p & WHITE_BIT) !== bit) continue;
    defends += DEFENDS[p * FRAME + sq];
    claims += CLAIMS[p * FRAME + sq];
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
