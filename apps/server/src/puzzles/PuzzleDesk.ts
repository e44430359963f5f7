import {
  PUZZLE_RATING_WINDOW, PUZZLE_START_RATING, type PuzzleAttemptResponse, type PuzzleRatingView, type PuzzleResponse, type PuzzleTheme, type PuzzleView,
} from '@chu/protocol';
import type { Puzzle, PuzzleBook } from '@chu/puzzles';
import { INITIAL, isProvisional, rateResult, type Rating } from '@chu/ratings';
import type { PrismaClient } from '../db/database.ts';
import type { Tx } from '../db/Store.ts';

// Chu puzzles (issue 49 §3): the shipped set, served and judged here. The answer is checked against the
// puzzle's line by the rules (packages/puzzles' checkAttempt), never taken from the client. As on
// lichess, an account's first attempt at a puzzle is rated: the player and the puzzle are each rated
// against the other (Glicko-2, packages/ratings), a solve a win for the player; later attempts, and
// guests' attempts, are judged the same but rated never.

interface RatingRow {
  rating: number;
  deviation: number;
  volatility: number;
  ratedAt: Date | null;
}

const glicko = (r: RatingRow): Rating => ({ rating: r.rating, rd: r.deviation, vol: r.volatility, ratedAt: r.ratedAt?.getTime() ?? null });
const columns = (r: Rating) => ({ rating: r.rating, deviation: r.rd, volatility: r.vol, ratedAt: r.ratedAt === null ? null : new Date(r.ratedAt) });

/** Puzzles picked among this many of the nearest in rating, at random, so that two players at one rating see different ones. */
const NEAREST = 12;

export class PuzzleDesk {
  private loaded: Promise<PuzzleBook> | null = null;

  /** `load`: the puzzle set, read at the first puzzle asked for (a few MB a process need not hold until then). */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly load: () => Promise<PuzzleBook>,
    private readonly random: () => number = Math.random,
  ) {}

  private book(): Promise<PuzzleBook> {
    this.loaded ??= this.load().catch((e: unknown) => {
      this.loaded = null; // a failed read is tried again by the next request
      throw e;
    });
    return this.loaded;
  }

  /** A puzzle near the player's rating (a guest's: the start rating), of the theme if given, not attempted before when there is one. */
  async next(userId: string | null, theme: PuzzleTheme | undefined): Promise<PuzzleResponse | null> {
    const pool = (await this.book()).withTheme(theme);
    if (pool.length === 0) return null;
    const player = userId ? await this.playerRow(userId) : null;
    const target = player?.rating ?? PUZZLE_START_RATING;
    const done = userId
      ? new Set((await this.prisma.puzzleAttempt.findMany({ where: { userId }, select: { puzzleId: true } })).map((a) => a.puzzleId))
      : new Set<string>();
    const ratings = await this.puzzleRatings();
    const fresh = pool.filter((p) => !done.has(p.id));
    const from = fresh.length > 0 ? fresh : pool;
    const distance = (p: Puzzle) => Math.abs((ratings.get(p.id) ?? p.rating) - target);
    const near = [...from].sort((a, b) => distance(a) - distance(b) || (a.id < b.id ? -1 : 1));
    const within = near.filter((p) => distance(p) <= PUZZLE_RATING_WINDOW);
    const choices = (within.length >= NEAREST ? within : near).slice(0, NEAREST);
    const puzzle = choices[Math.floor(this.random() * choices.length)];
    return { puzzle: this.view(puzzle, ratings.get(puzzle.id)), player: player && this.playerView(player) };
  }

  /** The day's puzzle, the same for everyone. */
  async daily(userId: string | null, now: Date): Promise<PuzzleResponse> {
    return this.shown(userId, (await this.book()).daily(now));
  }

  /** One puzzle by its id (a link to it), or null. */
  async one(userId: string | null, id: string): Promise<PuzzleResponse | null> {
    const puzzle = (await this.book()).byId.get(id);
    return puzzle ? this.shown(userId, puzzle) : null;
  }

  private async shown(userId: string | null, puzzle: Puzzle): Promise<PuzzleResponse> {
    const row = await this.prisma.puzzleRating.findUnique({ where: { puzzleId: puzzle.id } });
    const player = userId ? await this.playerRow(userId) : null;
    return { puzzle: this.view(puzzle, row?.rating), player: player && this.playerView(player) };
  }

  /** Judges the player's moves; a finished first attempt by an account is rated and stored before the answer goes out. */
  async attempt(userId: string | null, id: string, moves: readonly string[], now: Date): Promise<PuzzleAttemptResponse | null> {
    const puzzle = (await this.book()).byId.get(id);
    if (!puzzle) return null;
    // the judge searches for refutations with the engine: loaded with the first attempt, not with the server
    const { checkAttempt } = await import('@chu/puzzles');
    const verdict = checkAttempt(puzzle, moves);
    if (verdict.status === 'continue' || verdict.status === 'illegal') return verdict; // not over: nothing to rate
    const solved = verdict.status === 'solved';
    const played = solved ? moves.slice(0, Math.ceil(puzzle.moves.length / 2)) : moves.slice(0, verdict.index + 1);
    const rating = userId ? await this.rate(userId, puzzle, solved, played, now) : null;
    return solved
      ? { status: 'solved', solution: puzzle.moves, rating }
      : { status: 'failed', index: verdict.index, expected: verdict.expected, refutation: verdict.refutation, solution: puzzle.moves, rating };
  }

  /** The player's and the puzzle's new ratings, in one transaction with the history row; null when the account tried it before. */
  private rate(userId: string, puzzle: Puzzle, solved: boolean, moves: readonly string[], now: Date) {
    return this.prisma.$transaction(async (tx: Tx) => {
      await tx.puzzlePlayerRating.createMany({ data: [{ userId }], skipDuplicates: true });
      await tx.puzzleRating.createMany({ data: [{ puzzleId: puzzle.id, rating: puzzle.rating }], skipDuplicates: true });
      // row locks: two attempts at once by one player (or at one puzzle) are rated one after the other
      const [player] = await tx.$queryRaw<RatingRow[]>`
        SELECT "rating", "deviation", "volatility", "rated_at" AS "ratedAt" FROM "puzzle_player_ratings" WHERE "user_id" = ${userId} FOR UPDATE`;
      const [target] = await tx.$queryRaw<RatingRow[]>`
        SELECT "rating", "deviation", "volatility", "rated_at" AS "ratedAt" FROM "puzzle_ratings" WHERE "puzzle_id" = ${puzzle.id} FOR UPDATE`;
      if (await tx.puzzleAttempt.findUnique({ where: { userId_puzzleId: { userId, puzzleId: puzzle.id } }, select: { solved: true } })) return null;
      const [me, it] = rateResult(glicko(player), glicko(target), solved ? 1 : 0, now.getTime());
      await tx.puzzlePlayerRating.update({
        where: { userId },
        data: { ...columns(me), attempts: { increment: 1 }, solved: { increment: solved ? 1 : 0 } },
      });
      await tx.puzzleRating.update({
        where: { puzzleId: puzzle.id },
        data: { ...columns(it), plays: { increment: 1 }, solved: { increment: solved ? 1 : 0 } },
      });
      await tx.puzzleAttempt.create({
        data: {
          userId, puzzleId: puzzle.id, solved, moves: [...moves], createdAt: now,
          ratingBefore: player.rating, ratingAfter: me.rating, puzzleRatingBefore: target.rating, puzzleRatingAfter: it.rating,
        },
      });
      return {
        player: { before: Math.round(player.rating), after: Math.round(me.rating) },
        puzzle: { before: Math.round(target.rating), after: Math.round(it.rating) },
      };
    });
  }

  private async playerRow(userId: string) {
    return (await this.prisma.puzzlePlayerRating.findUnique({ where: { userId } })) ?? {
      rating: INITIAL.rating, deviation: INITIAL.rd, volatility: INITIAL.vol, ratedAt: null, attempts: 0, solved: 0,
    };
  }

  private playerView(r: { rating: number; deviation: number; attempts: number; solved: number }): PuzzleRatingView {
    return { rating: Math.round(r.rating), provisional: isProvisional({ rd: r.deviation }), attempts: r.attempts, solved: r.solved };
  }

  /** Every rated puzzle's rating (a few hundred rows; the others stand at their shipped start rating). */
  private async puzzleRatings(): Promise<Map<string, number>> {
    const rows = await this.prisma.puzzleRating.findMany({ select: { puzzleId: true, rating: true } });
    return new Map(rows.map((r) => [r.puzzleId, r.rating]));
  }

  private view(p: Puzzle, rating: number | undefined): PuzzleView {
    return { id: p.id, sfen: p.sfen, lastMove: p.lastMove, themes: [...p.themes], rating: Math.round(rating ?? p.rating), toFind: Math.ceil(p.moves.length / 2) };
  }
}
