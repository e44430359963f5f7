import { ALL_CODES, EMPTY, OFF, WHITE_BIT, typeOfCode } from './piece.ts';
import { Position, isLionPiece, type PackedMove } from './position.ts';
import { ALL_VARIANTS, err, ok, type IllegalReason, type Result, type Square, type Variant } from './types.ts';
import { TABLES, type VariantTables } from './variant.ts';

/**
 * A move as plain data. `mid` is the Lion's (Falcon's, Eagle's) first step in a double move. A drop
 * (heisei-chu.md §3) has `drop`, the SFEN code of the piece put down ('o'), and no origin: its `from` is its square.
 */
export interface Move {
  from: Square;
  to: Square;
  mid?: Square;
  promote: boolean;
  drop?: string;
}

const USI = Object.fromEntries(
  ALL_VARIANTS.map((v) => {
    const sq = TABLES[v].squarePattern;
    return [v, new RegExp(`^(${sq})(${sq})(${sq})?(\\+)?$`)];
  }),
) as Record<Variant, RegExp>;
/** A drop: the piece's capital letter, '*', the square, '+' to promote at once: 'O*5e', 'O*5c+'. */
const DROP = new RegExp(`^([A-Z])\\*(${TABLES.heisei.squarePattern})(\\+)?$`);

/**
 * Syntax only (squares of the variant's board: 1a…12l, or 1a…15o; drops in a game that has them):
 * whether it is legal is the position's question.
 */
export function parseUsi(usi: string, variant: Variant = 'chu'): Move | undefined {
  if (TABLES[variant].drops) {
    const d = DROP.exec(usi);
    if (d) return { from: d[2], to: d[2], promote: d[3] === '+', drop: d[1].toLowerCase() };
  }
  const m = USI[variant].exec(usi);
  if (!m) return undefined;
  return m[3]
    ? { from: m[1], mid: m[2], to: m[3], promote: m[4] === '+' }
    : { from: m[1], to: m[2], promote: m[4] === '+' };
}

export function makeUsi(m: Move): string {
  if (m.drop) return `${m.drop.toUpperCase()}*${m.to}${m.promote ? '+' : ''}`;
  return m.from + (m.mid ?? '') + m.to + (m.promote ? '+' : '');
}

/** A packed move of the variant's board as plain data. */
export function packedToMove(m: PackedMove, variant: Variant = 'chu'): Move {
  return moveOf(TABLES[variant], m);
}

function moveOf(t: VariantTables, m: PackedMove): Move {
  if (t.isDrop(m)) {
    const to = t.squareName(t.moveTo(m));
    return { from: to, to, promote: (m & t.promote) !== 0, drop: ALL_CODES[t.dropType(m)] };
  }
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
  if (move.drop) return resolveDrop(pos, move, legal, count);
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

/** The legal drop a parsed drop means, or why it is refused (heisei-chu.md §3–4). */
function resolveDrop(pos: Position, move: Move, legal: ArrayLike<number>, count: number): Result<PackedMove, IllegalReason> {
  const t = pos.tables;
  const type = typeOfCode(move.drop!);
  const to = t.parseSquare(move.to)!;
  const wanted = t.packDrop(type, to, move.promote);
  for (let i = 0; i < count; i++) if (legal[i] === wanted) return ok(wanted);
  if (type < 0 || !pos.reserve[type + 1 + pos.turnBit]) return err('not-in-reserve');
  if (pos.board[to] !== EMPTY) return err('drop-occupied');
  const near = t.kingDirs.some((d) => {
    const p = pos.board[to + d];
    return p !== EMPTY && p !== OFF && (p & WHITE_BIT) === pos.turnBit;
  });
  if (!near) return err('drop-not-adjacent');
  if (move.promote) {
    for (let i = 0; i < count; i++) if (legal[i] === (wanted ^ t.promote)) return err('no-promotion-here');
  }
  return err('drop-dead-end');
}

/** Whether from → mid → to follows the piece's lion power (two king steps, or along a Falcon/Eagle line). */
function isLionPath(t: VariantTables, piece: number, from: number, mid: number, to: number): boolean {
  const mv = t.movesByPiece[piece];
  if (mv.fullLion) return t.distance(from, mid) === 1 && t.distance(mid, to) === 1 && mid !== to;
  for (const d of mv.lionDirs) if (mid === from + d && (to === from || to === mid + d)) return true;
  return false;
}

