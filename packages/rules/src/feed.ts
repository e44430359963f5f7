import type { Game } from './game.ts';
import { EMPTY, OFF, WHITE_BIT } from './piece.ts';
import { IS_LION } from './position.ts';
import type { Square } from './types.ts';
import { parseUsi } from './usi.ts';

// What a rules-agnostic board is fed (chessground style): computed once per position from its
// legal moves, in one pass over them plus the few other spellings of a lion-power piece's moves.

/** Whether a gesture asks the promotion question: both moves legal, only the promotion, or no choice. */
export type PromotionChoice = 'none' | 'optional' | 'forced';

export interface BoardFeed {
  /** first-step targets per origin, Lion midpoints included: {'6f' => ['6e', '5d', …]} */
  readonly dests: ReadonlyMap<Square, readonly Square[]>;
  /** second steps after the first step to `mid`: ('6f', '6e') => ['5d', '6f'] (`from` itself = igui or pass) */
  secondSteps(from: Square, mid: Square): readonly Square[];
  /** whether from → to is a whole move, not only a Lion's midpoint */
  canStop(from: Square, to: Square): boolean;
  promotion(from: Square, to: Square, mid?: Square): PromotionChoice;
  /** the canonical legal USI a gesture means ('6f', '6f', '6e' → the position's one pass '6f5e6f'), or undefined */
  find(from: Square, to: Square, mid?: Square, promote?: boolean): string | undefined;
  /** squares of the last move played: ['7i', '7h'], ['6f', '6e', '5d'], ['6f', '6e'] for igui or pass */
  readonly lastMove: readonly Square[];
}

/** Squares to mark for a move: from, the Lion's midpoint if any, to (igui and pass: from and mid). */
export function lastMoveSquares(usi: string | undefined): Square[] {
  // the widest board's syntax: a chu move reads the same
  const m = usi ? parseUsi(usi, 'dai') : undefined;
  if (!m) return [];
  return [...new Set(m.mid ? [m.from, m.mid, m.to] : [m.from, m.to])];
}

/**
 * The board feed of the game's current position (empty when the game is over). Every spelling of
 * a legal move is a gesture (RULES.md §1): a Lion may go through an empty square to where it could
 * step or jump, and any piece that can pass or igui is offered it, not only the one in the
 * canonical move.
 */
export function boardFeed(game: Game): BoardFeed {
  const t = game.position.tables;
  const { squareName } = t;
  const board = game.position.board;
  const legal = game.legalPacked();
  /** gesture (USI without '+') → its legal USI without and with promotion */
  const gestures = new Map<string, { plain?: string; promoted?: string }>();
  const dests = new Map<Square, Square[]>();
  const seconds = new Map<string, Square[]>();

  const add = (from: number, mid: number, to: number, promote: boolean, usi: string) => {
    const f = squareName(from);
    const key = f + (mid ? squareName(mid) : '') + squareName(to);
    let entry = gestures.get(key);
    if (!entry) {
      gestures.set(key, (entry = {}));
      const first = squareName(mid || to);
      const list = dests.get(f) ?? [];
      if (!list.includes(first)) list.push(first);
      dests.set(f, list);
      if (mid) {
        const k = f + first;
        seconds.set(k, [...(seconds.get(k) ?? []), squareName(to)]);
      }
    }
    if (promote) entry.promoted = usi;
    else entry.plain = usi;
  };

  const plain = new Map<number, string>();
  let pass: string | undefined;
  /** igui on a square is one move, whoever makes it, but in chu a non-Lion taking a Lion is another (counter-strike) */
  const igui = new Map<number, string>();
  const iguiKind = (from: number, mid: number) => mid + (t.lionTrading && IS_LION[board[mid]] && !IS_LION[board[from]] ? t.frame : 0);
  for (const m of legal) {
    const usi = t.usiOf(m);
    const [from, mid, to, promote] = [t.moveFrom(m), t.moveMid(m), t.moveTo(m), (m & t.promote) !== 0];
    add(from, mid, to, promote, usi);
    if (from !== to) {
      if (!mid && !promote) plain.set(m, usi);
    } else if (board[mid] === EMPTY) pass = usi;
    else igui.set(iguiKind(from, mid), usi);
  }

  // the other spellings: first step to `mid`, then `to`
  const other = (from: number, mid: number, to: number) => {
    if (to === from) {
      const usi = board[mid] === EMPTY ? pass : igui.get(iguiKind(from, mid));
      if (usi) add(from, mid, from, false, usi);
    } else if (board[mid] === EMPTY) {
      const usi = plain.get(t.pack(from, to));
      if (usi) add(from, mid, to, false, usi);
    }
  };
  const me = game.turn === 'white' ? WHITE_BIT : 0;
  for (const from of t.squares) {
    const piece = board[from];
    if (piece === EMPTY || (piece & WHITE_BIT) !== me) continue;
    const mv = t.movesByPiece[piece];
    const open = (sq: number) => board[sq] === EMPTY || (board[sq] !== OFF && (board[sq] & WHITE_BIT) !== me);
    if (mv.fullLion) {
      for (const d of t.kingDirs) {
        const mid = from + d;
        if (open(mid)) for (const e of t.kingDirs) other(from, mid, mid + e);
      }
    } else
      for (const d of mv.lionDirs) {
        const mid = from + d;
        if (!open(mid)) continue;
        other(from, mid, from);
        other(from, mid, mid + d);
      }
  }

  return {
    dests,
    secondSteps: (from, mid) => seconds.get(from + mid) ?? [],
    canStop: (from, to) => gestures.has(from + to),
    promotion: (from, to, mid) => {
      const entry = gestures.get(from + (mid ?? '') + to);
      if (!entry?.promoted) return 'none';
      return entry.plain ? 'optional' : 'forced';
    },
    find: (from, to, mid, promote) => {
      const entry = gestures.get(from + (mid ?? '') + to);
      return promote ? entry?.promoted : entry?.plain;
    },
    lastMove: lastMoveSquares(game.moves[game.ply - 1]),
  };
}
