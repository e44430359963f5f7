import { Game, VARIANT_INFO, err, ok, parseUsi, unwrap, type IllegalReason, type Options, type Result, type Square } from '@chu/rules';
import type { Exercise, Goal } from './exercise.ts';
import { starsFor } from './stars.ts';

/** Lessons play by RULES.md's defaults, save the bare-king rule: a lone King is how most exercises start. */
export const LESSON_OPTIONS: Partial<Options> = { bareKing: false };

/** The options of an exercise: the lessons' own, in its variant (the bare-king rule on where the exercise is about it). */
export const optionsOf = (exercise: Exercise): Partial<Options> => ({ ...LESSON_OPTIONS, variant: exercise.variant, bareKing: !!exercise.bareKing });

/** Where a player stands in an exercise: the position, the moves played so far and the squares reached. */
export interface Attempt {
  readonly exercise: Exercise;
  /** Black to move, unless the exercise is solved */
  readonly game: Game;
  /** the player's moves so far, canonical USI */
  readonly moves: readonly string[];
  readonly reached: ReadonlySet<Square>;
  readonly solved: boolean;
}

/**
 * Why a move is not taken: the rules refuse it (`illegal`, with their reason code), or it is legal but
 * not what the exercise asks (`wrong`: an `answer` exercise's other moves, a `safe` exercise's move that
 * leaves a piece to be taken). Either way nothing is played.
 */
export type Refusal = { kind: 'illegal'; reason: IllegalReason } | { kind: 'wrong' } | { kind: 'solved' };

/** What a move did: the attempt after it, White's scripted reply if any, and the stars once solved. */
export interface Progress {
  readonly attempt: Attempt;
  /** the move as the rules spell it */
  readonly played: string;
  readonly reply?: string;
  readonly stars?: 1 | 2 | 3;
}

export function begin(exercise: Exercise): Result<Attempt, 'bad-sfen'> {
  // the prelude is part of the position: a history the rules judge repetition by
  const game = Game.replay(exercise.prelude ?? [], optionsOf(exercise), exercise.sfen);
  if (!game.ok || game.value.turn !== 'black') return err('bad-sfen');
  return ok({ exercise, game: game.value, moves: [], reached: new Set(), solved: false });
}

/** The player's move (USI) in an attempt: progress, or the refusal and its reason. The attempt given is not changed. */
export function play(attempt: Attempt, usi: string): Result<Progress, Refusal> {
  if (attempt.solved) return err({ kind: 'solved' });
  const { exercise } = attempt;
  const canonical = attempt.game.check(usi);
  if (!canonical.ok) return err({ kind: 'illegal', reason: canonical.error });
  const played = canonical.value;
  if (exercise.goal.kind === 'answer' && !answers(attempt.game, exercise.goal.moves).has(played)) return err({ kind: 'wrong' });
  const after = attempt.game.clone();
  unwrap(after.play(played));
  if (exercise.goal.kind === 'safe' && threatened(after, exercise)) return err({ kind: 'wrong' });

  const moves = [...attempt.moves, played];
  const m = parseUsi(played, exercise.variant);
  const reached = new Set(attempt.reached);
  if (m) for (const sq of m.mid ? [m.mid, m.to] : [m.to]) reached.add(sq);
  const solved = met(exercise.goal, after, reached);
  if (solved) return ok({ attempt: { exercise, game: after, moves, reached, solved }, played, stars: starsFor(exercise.stars, moves.length) });

  // not solved yet: White answers as the script says, or passes its turn back (lessons are Black's moves).
  // The script follows the solution: after another move of the player's its reply may not be legal, and
  // then White passes as in an exercise without one (nothing is invented for it).
  const scripted = exercise.replies?.[attempt.moves.length] ?? undefined;
  const game = after.clone();
  const reply = scripted && game.play(scripted).ok ? scripted : undefined;
  const next = reply ? game : unwrap(Game.fromSfen(blackToMove(after.sfen()), optionsOf(exercise)));
  // the game may end on White's reply: a bare King's one reply (RULES.md §6) is how Black wins by bare king
  const won = !!reply && met(exercise.goal, next, reached);
  return ok({
    attempt: { exercise, game: next, moves, reached, solved: won }, played, ...(reply ? { reply } : {}),
    ...(won ? { stars: starsFor(exercise.stars, moves.length) } : {}),
  });
}

/** Plays the player's moves from the start: the stars earned, or where and why it failed (for the server's check of a claim). */
export function replay(exercise: Exercise, usis: readonly string[]): Result<{ stars: 1 | 2 | 3; attempt: Attempt }, { ply: number; refusal: Refusal | 'unsolved' | 'bad-sfen' }> {
  const start = begin(exercise);
  if (!start.ok) return err({ ply: -1, refusal: 'bad-sfen' });
  let attempt = start.value;
  for (let i = 0; i < usis.length; i++) {
    const r = play(attempt, usis[i]);
    if (!r.ok) return err({ ply: i, refusal: r.error });
    attempt = r.value.attempt;
    if (r.value.stars) return i === usis.length - 1 ? ok({ stars: r.value.stars, attempt }) : err({ ply: i + 1, refusal: { kind: 'solved' } });
  }
  return err({ ply: usis.length, refusal: 'unsolved' });
}

function met(goal: Goal, game: Game, reached: ReadonlySet<Square>): boolean {
  switch (goal.kind) {
    case 'reach':
      return goal.squares.every((sq) => reached.has(sq));
    case 'capture':
      return game.board().every((p) => !p || p.color === 'black' || p.code === 'k');
    case 'promote':
      return game.board().some((p) => p?.color === 'black' && p.code === goal.code);
    case 'win':
      return game.outcome()?.winner === 'black';
    case 'safe':
    case 'answer':
      return true; // the move was checked before it was played
  }
}

/** The canonical spellings of an exercise's answers in this position. */
function answers(game: Game, moves: readonly string[]): Set<string> {
  return new Set(moves.flatMap((u) => {
    const c = game.check(u);
    return c.ok ? [c.value] : [];
  }));
}

/** Whether White, to move after the player's move, could capture any Black piece. */
function threatened(after: Game, exercise: Exercise): boolean {
  const board = after.board();
  const black = new Set(VARIANT_INFO[exercise.variant].squareNames.filter((_, i) => board[i]?.color === 'black'));
  return after.legalMoves().some((u) => {
    const m = parseUsi(u, exercise.variant);
    return !!m && (black.has(m.to) || (!!m.mid && black.has(m.mid)));
  });
}

/**
 * The same position with Black to move: White's turn is skipped in exercises with no script. A counter-strike
 * square goes with it (it was about White's move); Heisei's reserves stay (heisei-chu.md §1: `w <reserves> [<square>] n`).
 */
function blackToMove(sfen: string): string {
  const [board, , third, ...rest] = sfen.split(' ');
  // a square starts with a digit; reserves are letters
  return `${board} b ${/^[A-Za-z]/.test(third) ? third : '-'} ${rest.at(-1)}`;
}
