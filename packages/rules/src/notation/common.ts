import { ALL_CODES, EMPTY, WHITE_BIT, typeOf } from '../piece.ts';
import { MAX_MOVES, type PackedMove, type Position } from '../position.ts';
import type { VariantTables } from '../variant.ts';

/** What a notation needs to know about one move, read from the position before it. */
export interface MoveFacts {
  /** SFEN code of the moving piece: 'n', '+o' */
  code: string;
  white: boolean;
  from: number;
  to: number;
  /** square of a lion-power first-step capture, 0 if none */
  mid: number;
  /** 'drop': a reserve piece put down (heisei-chu.md §3); `from` is then its square */
  kind: 'plain' | 'double' | 'igui' | 'pass' | 'drop';
  /** the move captures on its destination (plain, double) */
  capture: boolean;
  promote: boolean;
  /** the same move with the other promotion choice is legal too */
  promotionChoice: boolean;
  /** origin squares of identical pieces that could make a move written the same way */
  rivals: number[];
  /** the board the squares are on, for their names */
  tables: VariantTables;
}

/** Reads a move off the position; the position is only read (generate leaves the board alone). */
export function moveFacts(
  pos: Position,
  m: PackedMove,
  sameText: (t: VariantTables, a: PackedMove, b: PackedMove) => boolean,
): MoveFacts {
  const t = pos.tables;
  const board = pos.board;
  if (t.isDrop(m)) return dropFacts(pos, m);
  const from = t.moveFrom(m);
  const to = t.moveTo(m);
  const mid = t.moveMid(m);
  const piece = board[from];
  const kind = to === from && mid ? (board[mid] === EMPTY ? 'pass' : 'igui') : mid ? 'double' : 'plain';
  const legal = new Int32Array(MAX_MOVES);
  const n = pos.generate(legal);
  let promotionChoice = false;
  const rivals: number[] = [];
  for (let i = 0; i < n; i++) {
    const l = legal[i];
    if (l === (m ^ t.promote)) promotionChoice = true;
    const f = t.moveFrom(l);
    if (f !== from && board[f] === piece && sameText(t, l, m) && !rivals.includes(f)) rivals.push(f);
  }
  return {
    code: ALL_CODES[typeOf(piece)],
    white: (piece & WHITE_BIT) !== 0,
    from,
    to,
    mid: kind === 'pass' ? 0 : mid,
    kind,
    capture: kind !== 'pass' && kind !== 'igui' && board[to] !== EMPTY,
    promote: (m & t.promote) !== 0,
    promotionChoice,
    rivals,
    tables: t,
  };
}

/** A drop names only its piece and square (a reserve's pieces of a kind are alike: no rivals). */
function dropFacts(pos: Position, m: PackedMove): MoveFacts {
  const t = pos.tables;
  const to = t.moveTo(m);
  const legal = new Int32Array(MAX_MOVES);
  const n = pos.generate(legal);
  let promotionChoice = false;
  for (let i = 0; i < n; i++) if (legal[i] === (m ^ t.promote)) promotionChoice = true;
  return {
    code: ALL_CODES[t.dropType(m)], white: pos.turnBit !== 0, from: to, to, mid: 0, kind: 'drop', capture: false,
    promote: (m & t.promote) !== 0, promotionChoice, rivals: [], tables: t,
  };
}

/** Two moves land the same way: same destination and same first-step capture (promotion aside). */
export const sameLanding = (t: VariantTables, a: PackedMove, b: PackedMove): boolean =>
  t.moveTo(a) === t.moveTo(b) && t.moveMid(a) === t.moveMid(b);
