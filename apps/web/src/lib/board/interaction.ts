// What a click on the board does, as a pure function of the board's state and the click (as
// chessground's selectSquare/userMove): pick a piece up, step a Lion to its midpoint, finish a move,
// ask the promotion question, put a reserve piece down. The board knows no rules: what each click may
// do comes from the rules' feed (`Ground`); this module only says which of those the click is. The
// component draws the state and carries out what comes back (`Step.play`, the question's focus).
import type { Gesture, PieceGestures, PromotionChoice } from '@chu/rules';
import type { Color, Square } from '../squares';
import { NO_GESTURES, type Piece } from './types';

/** What the board is given, read-only: the pieces, whose may move, and the rules' answers. */
export interface Ground {
  pieceOn(sq: Square): Piece | undefined;
  movable: Color | 'both' | 'none';
  gestures(from: Square): PieceGestures; // the rules' boardFeed(game).gestures
  drops: ReadonlyMap<string, readonly Square[]>; // where each reserve kind may go: {'o' => ['5e', …]}
  dropPromotion(code: string, to: Square): PromotionChoice;
}

/** Where the user's hand is. */
export interface Selection {
  selected: Square | null; // the piece picked up: '6f'
  mid: Square | null; // a Lion's first step, the move going on from there: '6e'
  pending: Gesture | null; // a move awaiting the promotion answer: { from: '7e', to: '7c', promotion: 'optional' }
  pendingDrop: { piece: Piece; to: Square } | null; // a drop into the zone awaiting the answer
  holding: Piece | null; // a reserve piece picked up from a stand (Heisei): { color: 'black', code: 'o' }
}

/** Nothing in hand. */
export const EMPTY_HAND: Selection = Object.freeze({ selected: null, mid: null, pending: null, pendingDrop: null, holding: null });

/** What the user played: the board reports it as onMove / onDrop. */
export type Play =
  | { kind: 'move'; from: Square; to: Square; mid?: Square; promote: boolean }
  | { kind: 'drop'; code: string; to: Square; promote: boolean };

/**
 * A click where the piece in hand may not go: the board lets go, and says where it was asked to go (a lesson
 * explains why): a board piece's move, or a reserve piece's drop ('o' on '5e').
 */
export type Miss = { from: Square; to: Square; mid?: Square } | { drop: string; to: Square };

/** A click's result: the next state, what was played, whether the promotion question came up, or a move the rules do not offer. */
export interface Step {
  state: Selection;
  play?: Play;
  asks?: boolean;
  miss?: Miss;
}

const stay = (state: Selection): Step => ({ state });
const idle: Step = { state: EMPTY_HAND };

/** Whether the user may pick this piece up. */
export const canPick = (g: Ground, p: Piece | undefined): boolean => !!p && (g.movable === 'both' || g.movable === p.color);

/** What the picked-up piece may do, click by click (the rules' word). */
export const picked = (g: Ground, s: Selection): PieceGestures => (s.selected ? g.gestures(s.selected) : NO_GESTURES);

/** Where the next click may go, and what it does there. */
export function clicks(g: Ground, s: Selection): ReadonlyMap<Square, Gesture | 'midpoint'> {
  if (s.pending || s.holding) return new Map();
  return s.mid ? picked(g, s).second(s.mid) : picked(g, s).first;
}

/** Where the reserve piece held may be dropped (heisei-chu.md §3: the rules' feed). */
export const dropTargets = (g: Ground, s: Selection): ReadonlySet<Square> =>
  new Set(s.holding && !s.pendingDrop ? (g.drops.get(s.holding.code) ?? []) : []);

/** The squares marked as where the hand may go. */
export const targets = (g: Ground, s: Selection): ReadonlySet<Square> => (s.holding ? dropTargets(g, s) : new Set(clicks(g, s).keys()));

/** The selected Lion's pass, offered by a button: no click spells it. */
export const pass = (g: Ground, s: Selection): Gesture | undefined => (s.mid || s.pending ? undefined : picked(g, s).pass);

/** A whole move gestured: played, or held for the promotion question when promoting is optional. */
export function finish(s: Selection, move: Gesture): Step {
  if (move.promotion === 'optional') return { state: { ...s, pending: move }, asks: true };
  return { ...idle, play: { kind: 'move', from: move.from, to: move.to, mid: move.mid, promote: move.promotion === 'forced' } };
}

/** A reserve piece put down on `to`: dropped, or held for the question when it may promote there. */
function putDown(g: Ground, s: Selection, piece: Piece, to: Square): Step {
  const choice = g.dropPromotion(piece.code, to);
  if (choice === 'optional') return { state: { ...s, pendingDrop: { piece, to } }, asks: true };
  return { ...idle, play: { kind: 'drop', code: piece.code, to, promote: choice === 'forced' } };
}

/**
 * One user action on a square (a click, Enter on the cursor, the end of a drag; null: off the board).
 * With a question open it cancels; with a reserve piece held it drops it or picks a board piece up;
 * else it goes where the picked piece may go, picks another piece up, or lets go.
 */
export function act(g: Ground, s: Selection, sq: Square | null): Step {
  if (s.pending || s.pendingDrop || !sq) return idle;
  if (s.holding) {
    if (dropTargets(g, s).has(sq)) return putDown(g, s, s.holding, sq);
    if (canPick(g, g.pieceOn(sq))) return stay({ ...EMPTY_HAND, selected: sq });
    return { ...idle, miss: { drop: s.holding.code, to: sq } };
  }
  const click = clicks(g, s).get(sq);
  if (click === 'midpoint') return stay({ ...s, mid: sq });
  if (click) return finish(s, click);
  if (!s.mid && sq !== s.selected && canPick(g, g.pieceOn(sq))) return stay({ ...s, selected: sq });
  if (s.selected && sq !== s.selected) return { ...idle, miss: s.mid ? { from: s.selected, mid: s.mid, to: sq } : { from: s.selected, to: sq } };
  return idle;
}

/** The answer to the promotion question. */
export function answer(s: Selection, promote: boolean): Step {
  if (s.pendingDrop) return { ...idle, play: { kind: 'drop', code: s.pendingDrop.piece.code, to: s.pendingDrop.to, promote } };
  if (s.pending) return { ...idle, play: { kind: 'move', from: s.pending.from, to: s.pending.to, mid: s.pending.mid, promote } };
  return stay(s);
}

/** Whether a press on `sq` may start dragging: the Lion on its way from its midpoint, or a piece that may be picked up (not one the selected piece would capture). */
export const draggable = (g: Ground, s: Selection, sq: Square): boolean =>
  s.mid ? sq === s.mid : canPick(g, g.pieceOn(sq)) && !(s.selected && s.selected !== sq && targets(g, s).has(sq));

/** A drag under way picks its piece up, letting go of a reserve piece held. */
export const grab = (s: Selection, from: Square): Selection =>
  s.mid || s.selected === from ? s : { ...s, holding: null, selected: from };

/** A new position under the hand (a move, the opponent's, a resync): a selected piece that may no longer be picked up is let go. */
export const repositioned = (g: Ground, s: Selection): Selection =>
  s.selected && !canPick(g, g.pieceOn(s.selected)) ? EMPTY_HAND : s;

/**
 * A reserve piece picked up from a stand (or the feed changed under it): it lets go of the board's
 * piece, and one that may go nowhere is let go.
 */
export function held(g: Ground, s: Selection): Selection {
  if (!s.holding) return s;
  const may = (g.drops.get(s.holding.code)?.length ?? 0) > 0;
  if (!may && !s.pendingDrop) return { ...s, holding: null };
  return { ...s, selected: null, mid: null, pending: null };
}
