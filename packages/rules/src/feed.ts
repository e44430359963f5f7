import type { Game } from './game.ts';
import { ALL_CODES, EMPTY, OFF, WHITE_BIT } from './piece.ts';
import { IS_LION } from './position.ts';
import type { Square } from './types.ts';
import { parseUsi } from './usi.ts';

// What a rules-agnostic board is fed (chessground style): computed once per position from its
// legal moves, in one pass over them plus the few other spellings of a lion-power piece's moves.

/** Whether a gesture asks the promotion question: both moves legal, only the promotion, or no choice. */
export type PromotionChoice = 'none' | 'optional' | 'forced';

/** A move as a board reports it (onMove's arguments), with whether it asks the promotion question. */
export interface Gesture {
  from: Square;
  to: Square;
  /** a Lion's first step, when the move has two: '6e' */
  mid?: Square;
  promotion: PromotionChoice;
}

/**
 * What the piece on a square may do, click by click: all a board needs to play it without knowing
 * the rules. A first click on a capture a Lion may go on from makes it a midpoint (the next click
 * says where the move ends: there again, on, or back home for igui); through an empty square every
 * continuation is a single move or jump, save the pass, which no click spells and is offered apart.
 */
export interface PieceGestures {
  /** first-click targets: {'5e' => 6f-5e, '4d' => 6f-4d (a jump), '6e' => 'midpoint'} */
  readonly first: ReadonlyMap<Square, Gesture | 'midpoint'>;
  /** second-click targets after the first step to `mid`: {'6e' => stop on 6e, '5d' => 6f-6e-5d, '6f' => igui} */
  second(mid: Square): ReadonlyMap<Square, Gesture>;
  /** the pass, when the piece may make one: 6f-5e-6f through the empty 5e */
  readonly pass?: Gesture;
}

export interface BoardFeed {
  /** what the piece on `from` may do, click by click (nothing for an empty square or the other side's piece) */
  gestures(from: Square): PieceGestures;
  /** first-step targets per origin, Lion midpoints included: {'6f' => ['6e', '5d', …]} */
  readonly dests: ReadonlyMap<Square, readonly Square[]>;
  /** second steps after the first step to `mid`: ('6f', '6e') => ['5d', '6f'] (`from` itself = igui or pass) */
  secondSteps(from: Square, mid: Square): readonly Square[];
  /** whether from → to is a whole move, not only a Lion's midpoint */
  canStop(from: Square, to: Square): boolean;
  promotion(from: Square, to: Square, mid?: Square): PromotionChoice;
  /** the canonical legal USI a gesture means ('6f', '6f', '6e' → the position's one pass '6f5e6f'), or undefined */
  find(from: Square, to: Square, mid?: Square, promote?: boolean): string | undefined;
  /** squares of the last move played: ['7i', '7h'], ['6f', '6e', '5d'], ['6f', '6e'] for igui or pass, ['5e'] for a drop */
  readonly lastMove: readonly Square[];
  /** heisei-chu.md §3: each reserve kind the side to move may drop, and where: {'o' => ['5e', …]} (empty in chu and dai) */
  readonly drops: ReadonlyMap<string, readonly Square[]>;
  /** whether dropping `code` on `to` asks the promotion question (into the zone: 'optional') */
  dropPromotion(code: string, to: Square): PromotionChoice;
  /** the legal USI of a drop gesture ('o', '5c', true → 'O*5c+'), or undefined */
  findDrop(code: string, to: Square, promote?: boolean): string | undefined;
}

/** Squares to mark for a move: from, the Lion's midpoint if any, to (igui and pass: from and mid). */
export function lastMoveSquares(usi: string | undefined): Square[] {
  // the widest board's syntax: a chu move reads the same; a drop marks its square
  const m = usi ? (parseUsi(usi, 'dai') ?? parseUsi(usi, 'heisei')) : undefined;
  if (!m) return [];
  if (m.drop) return [m.to];
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
  /** drops: code → squares, and 'code square' → its legal USI without and with promotion */
  const drops = new Map<string, Square[]>();
  const dropGestures = new Map<string, { plain?: string; promoted?: string }>();
  for (const m of legal) {
    const usi = t.usiOf(m);
    if (t.isDrop(m)) {
      const code = ALL_CODES[t.dropType(m)];
      const to = squareName(t.moveTo(m));
      const key = `${code} ${to}`;
      let entry = dropGestures.get(key);
      if (!entry) {
        dropGestures.set(key, (entry = {}));
        drops.set(code, [...(drops.get(code) ?? []), to]);
      }
      if (m & t.promote) entry.promoted = usi;
      else entry.plain = usi;
      continue;
    }
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

  const secondSteps = (from: Square, mid: Square): readonly Square[] => seconds.get(from + mid) ?? [];
  const canStop = (from: Square, to: Square) => gestures.has(from + to);
  const promotion = (from: Square, to: Square, mid?: Square): PromotionChoice => {
    const entry = gestures.get(from + (mid ?? '') + to);
    if (!entry?.promoted) return 'none';
    return entry.plain ? 'optional' : 'forced';
  };
  const gesture = (from: Square, to: Square, mid?: Square): Gesture => ({ from, to, ...(mid && { mid }), promotion: promotion(from, to, mid) });
  const occupied = (sq: Square) => board[t.parseSquare(sq)!] !== EMPTY;
  const byPiece = new Map<Square, PieceGestures>();
  const gesturesOf = (from: Square): PieceGestures => {
    const first = new Map<Square, Gesture | 'midpoint'>();
    let pass: Gesture | undefined;
    for (const to of dests.get(from) ?? []) {
      const onward = secondSteps(from, to);
      // a first-step capture the piece may go on from waits for the second click; so does a step it can't stop on
      if (onward.length && (occupied(to) || !canStop(from, to))) first.set(to, 'midpoint');
      else if (canStop(from, to)) first.set(to, gesture(from, to));
      if (!pass && !occupied(to) && onward.includes(from)) pass = gesture(from, from, to);
    }
    const second = (mid: Square) => {
      const out = new Map<Square, Gesture>();
      if (first.get(mid) !== 'midpoint') return out;
      if (canStop(from, mid)) out.set(mid, gesture(from, mid));
      for (const to of secondSteps(from, mid)) out.set(to, gesture(from, to, mid));
      return out;
    };
    return { first, second, ...(pass && { pass }) };
  };

  return {
    gestures: (from) => byPiece.get(from) ?? byPiece.set(from, gesturesOf(from)).get(from)!,
    dests,
    secondSteps,
    canStop,
    promotion,
    find: (from, to, mid, promote) => {
      const entry = gestures.get(from + (mid ?? '') + to);
      return promote ? entry?.promoted : entry?.plain;
    },
    lastMove: lastMoveSquares(game.moves[game.ply - 1]),
    drops,
    dropPromotion: (code, to) => {
      const entry = dropGestures.get(`${code} ${to}`);
      if (!entry?.promoted) return 'none';
      return entry.plain ? 'optional' : 'forced';
    },
    findDrop: (code, to, promote) => {
      const entry = dropGestures.get(`${code} ${to}`);
      return promote ? entry?.promoted : entry?.plain;
    },
  };
}
