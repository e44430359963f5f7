import { EMPTY, WHITE_BIT, movesOf } from './piece.ts';
import { Position, isLionPiece, isPromotion, moveFrom, moveMid, moveTo, packMove, type PackedMove } from './position.ts';
import { distance, parseSquare, squareName } from './square.ts';
import { err, ok, type IllegalReason, type Result, type Square } from './types.ts';

/** A move as plain data. `mid` is the Lion's (Falcon's, Eagle's) first step in a double move. */
export interface Move {
  from: Square;
  to: Square;
  mid?: Square;
  promote: boolean;
}

const SQ = '(?:1[0-2]|[1-9])[a-l]';
const USI = new RegExp(`^(${SQ})(${SQ})(${SQ})?(\\+)?$`);

/** Syntax only: whether it is legal is the position's question. */
export function parseUsi(usi: string): Move | undefined {
  const m = USI.exec(usi);
  if (!m) return undefined;
  return m[3]
    ? { from: m[1], mid: m[2], to: m[3], promote: m[4] === '+' }
    : { from: m[1], to: m[2], promote: m[4] === '+' };
}

export function makeUsi(m: Move): string {
  return m.from + (m.mid ?? '') + m.to + (m.promote ? '+' : '');
}

export function packedToMove(m: PackedMove): Move {
  const mid = moveMid(m);
  const move: Move = { from: squareName(moveFrom(m)), to: squareName(moveTo(m)), promote: isPromotion(m) };
  if (mid) move.mid = squareName(mid);
  return move;
}

export const usiOf = (m: PackedMove): string => makeUsi(packedToMove(m));

/**
 * Finds the legal move a USI string means, in any of its equivalent spellings (a two-step through
 * an empty square is the jump; any pass is the position's one pass). `legal` is the position's
 * generated list; anything else gets the reason it is refused.
 */
export function resolveUsi(pos: Position, usi: string, legal: ArrayLike<number>, count: number): Result<PackedMove, IllegalReason> {
  const move = parseUsi(usi);
  if (!move) return err('malformed-usi');
  const from = parseSquare(move.from)!;
  const to = parseSquare(move.to)!;
  const piece = pos.board[from];
  if (piece === EMPTY) return err('no-piece');
  if ((piece & WHITE_BIT) !== pos.turnBit) return err('not-your-piece');
  const own = (sq: number) => pos.board[sq] !== EMPTY && (pos.board[sq] & WHITE_BIT) === pos.turnBit;
  let mid = 0;
  if (move.mid) {
    const m = parseSquare(move.mid)!;
    if (!isLionPath(piece, from, m, to)) return err(own(m) || (to !== from && own(to)) ? 'occupied-by-own-piece' : 'unreachable');
    if (own(m)) return err('occupied-by-own-piece');
    if (to === from) {
      // igui on one square, or a pass, has the same result whichever piece makes it
      // (a Lion's igui of a Lion differs from a non-Lion's: only the latter sets the counter-strike square)
      const pass = pos.board[m] === EMPTY;
      const sameKind = (l: number) => !isLionPiece(pos.board[m]) || isLionPiece(pos.board[moveFrom(l)]) === isLionPiece(piece);
      for (let i = 0; i < count; i++) {
        const l = legal[i];
        if (moveFrom(l) === moveTo(l) && moveMid(l) && (pass ? pos.board[moveMid(l)] === EMPTY : moveMid(l) === m && sameKind(l)))
          return move.promote ? err('no-promotion-here') : ok(l);
      }
      if (pass) return err('unreachable');
    }
    if (pos.board[m] !== EMPTY) mid = m;
  } else if (to === from) return err('unreachable');
  const wanted = packMove(from, to, mid, move.promote);
  for (let i = 0; i < count; i++) if (legal[i] === wanted) return ok(wanted);
  return err(pos.explain(from, to, mid, move.promote));
}

/** Whether from → mid → to follows the piece's lion power (two king steps, or along a Falcon/Eagle line). */
function isLionPath(piece: number, from: number, mid: number, to: number): boolean {
  const mv = movesOf(piece);
  if (mv.fullLion) return distance(from, mid) === 1 && distance(mid, to) === 1 && mid !== to;
  for (const d of mv.lionDirs) if (mid === from + d && (to === from || to === mid + d)) return true;
  return false;
}

