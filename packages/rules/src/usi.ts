import { EMPTY, WHITE_BIT } from './piece.ts';
import { Position, isLionPiece, type PackedMove } from './position.ts';
import { VARIANTS, err, ok, type IllegalReason, type Result, type Square, type Variant } from './types.ts';
import { TABLES, type VariantTables } from './variant.ts';

/** A move as plain data. `mid` is the Lion's (Falcon's, Eagle's) first step in a double move. */
export interface Move {
  from: Square;
  to: Square;
  mid?: Square;
  promote: boolean;
}

const USI = Object.fromEntries(
  VARIANTS.map((v) => {
    const sq = TABLES[v].squarePattern;
    return [v, new RegExp(`^(${sq})(${sq})(${sq})?(\\+)?$`)];
  }),
) as Record<Variant, RegExp>;

/** Syntax only (squares of the variant's board: 1a…12l, or 1a…15o): whether it is legal is the position's question. */
export function parseUsi(usi: string, variant: Variant = 'chu'): Move | undefined {
  const m = USI[variant].exec(usi);
  if (!m) return undefined;
  return m[3]
    ? { from: m[1], mid: m[2], to: m[3], promote: m[4] === '+' }
    : { from: m[1], to: m[2], promote: m[4] === '+' };
}

export function makeUsi(m: Move): string {
  return m.from + (m.mid ?? '') + m.to + (m.promote ? '+' : '');
}

/** A packed move of the variant's board as plain data. */
export function packedToMove(m: PackedMove, variant: Variant = 'chu'): Move {
  return moveOf(TABLES[variant], m);
}

function moveOf(t: VariantTables, m: PackedMove): Move {
  const mid = t.moveMid(m);
  const move: Move = { from: t.squareName(t.moveFrom(m)), to: t.squareName(t.moveTo(m)), promote: (m & t.promote) !== 0 };
  if (mid) move.mid = t.squareName(mid);
  return move;
}

/** Chu's USI of a packed move (a dai game's: `VARIANT_TABLES.dai.usiOf`, or Game's own lists). */
export const usiOf = (m: PackedMove): string => TABLES.chu.usiOf(m);

/**
 * Finds the legal move a USI string means, in any of its equivalent spellings (a two-step through
 * an empty square is the jump; any pass is the position's one pass). `legal` is the position's
 * generated list; anything else gets the reason it is refused.
 */
export function resolveUsi(pos: Position, usi: string, legal: ArrayLike<number>, count: number): Result<PackedMove, IllegalReason> {
  const t = pos.tables;
  const move = parseUsi(usi, t.variant);
  if (!move) return err('malformed-usi');
  const from = t.parseSquare(move.from)!;
  const to = t.parseSquare(move.to)!;
  const piece = pos.board[from];
  if (piece === EMPTY) return err('no-piece');
  if ((piece & WHITE_BIT) !== pos.turnBit) return err('not-your-piece');
  const own = (sq: number) => pos.board[sq] !== EMPTY && (pos.board[sq] & WHITE_BIT) === pos.turnBit;
  let mid = 0;
  if (move.mid) {
    const m = t.parseSquare(move.mid)!;
    if (!isLionPath(t, piece, from, m, to)) return err(own(m) || (to !== from && own(to)) ? 'occupied-by-own-piece' : 'unreachable');
    if (own(m)) return err('occupied-by-own-piece');
    if (to === from) {
      // igui on one square, or a pass, has the same result whichever piece makes it
      // (a Lion's igui of a Lion differs from a non-Lion's: only the latter sets the counter-strike square, in chu)
      const pass = pos.board[m] === EMPTY;
      const sameKind = (l: number) =>
        !t.lionTrading || !isLionPiece(pos.board[m]) || isLionPiece(pos.board[t.moveFrom(l)]) === isLionPiece(piece);
      for (let i = 0; i < count; i++) {
        const l = legal[i];
        const lMid = t.moveMid(l);
        if (t.moveFrom(l) === t.moveTo(l) && lMid && (pass ? pos.board[lMid] === EMPTY : lMid === m && sameKind(l)))
          return move.promote ? err('no-promotion-here') : ok(l);
      }
      if (pass) return err('unreachable');
    }
    if (pos.board[m] !== EMPTY) mid = m;
  } else if (to === from) return err('unreachable');
  const wanted = t.pack(from, to, mid, move.promote);
  for (let i = 0; i < count; i++) if (legal[i] === wanted) return ok(wanted);
  return err(pos.explain(from, to, mid, move.promote));
}

/** Whether from → mid → to follows the piece's lion power (two king steps, or along a Falcon/Eagle line). */
function isLionPath(t: VariantTables, piece: number, from: number, mid: number, to: number): boolean {
  const mv = t.movesByPiece[piece];
  if (mv.fullLion) return t.distance(from, mid) === 1 && t.distance(mid, to) === 1 && mid !== to;
  for (const d of mv.lionDirs) if (mid === from + d && (to === from || to === mid + d)) return true;
  return false;
}

