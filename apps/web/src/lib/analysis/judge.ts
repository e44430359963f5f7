// A reviewed game's moves judged by what they cost the mover: our thresholds, in centipawns.
import { opposite, type Color } from '@chu/rules';
import type { PositionEval } from './protocol';
import { clampCp, flip, forBlack, share } from './score';

export const MARKS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type Mark = (typeof MARKS)[number];

/** How a move list writes a mark after the move. */
export const GLYPH: Record<Mark, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** Centipawns a move loses, from the mover's point of view, to earn each mark (ours, not a standard). */
export const THRESHOLDS: Record<Mark, number> = { inaccuracy: 50, mistake: 150, blunder: 300 };
/** Evaluations count as at most ±10 pawns: from a won (or lost) game a move cannot lose much more. */
export const EVAL_LIMIT = 1000;

export interface Judgement {
  /** the move's ply, 1-based: the position after it is ply `ply` */
  ply: number;
  mover: Color;
  /** centipawns lost, ≥ 0 */
  loss: number;
  mark?: Mark;
  /** what the engine preferred in the position before (canonical USI, its line first) */
  better?: string[];
}

export const markOf = (loss: number): Mark | undefined =>
  loss >= THRESHOLDS.blunder ? 'blunder' : loss >= THRESHOLDS.mistake ? 'mistake' : loss >= THRESHOLDS.inaccuracy ? 'inaccuracy' : undefined;

/** The side to move after `ply` plies of a game whose start has `first` to move. */
export const turnAt = (first: Color, ply: number): Color => (ply % 2 === 0 ? first : opposite(first));

/**
 * Every move whose positions before and after are both evaluated. `evals[i]` is the side to move's
 * score after i plies; playing the engine's own move costs nothing (the two searches differ in depth).
 */
export function judge(evals: readonly (PositionEval | undefined)[], moves: readonly string[], first: Color): Judgement[] {
  const out: Judgement[] = [];
  for (let ply = 1; ply <= moves.length; ply++) {
    const before = evals[ply - 1];
    const after = evals[ply];
    if (!before || !after) continue;
    const played = moves[ply - 1];
    const lost = clampCp(before, EVAL_LIMIT) - clampCp(flip(after), EVAL_LIMIT);
    const loss = before.best === played ? 0 : Math.max(0, lost);
    const j: Judgement = { ply, mover: turnAt(first, ply - 1), loss };
    const mark = markOf(loss);
    if (mark) {
      j.mark = mark;
      j.better = before.pv.length && before.pv[0] === before.best ? before.pv : before.best ? [before.best] : [];
    }
    out.push(j);
  }
  return out;
}

/** Black's share of the evaluation after each ply (0…1, see `share`), null where not evaluated yet. */
export const curve = (evals: readonly (PositionEval | undefined)[], first: Color): (number | null)[] =>
  evals.map((e, ply) => (e ? share(forBlack(e, turnAt(first, ply))) : null));
