import {
  COLORS, ColorSchema, DELETED_PLAYER, RatingPoolSchema, type Color, type Leaderboard, type Outcome, type Profile,
  type RatingChanges, type RatingPool, type SeatRating, type Seats, type Standing,
} from '@chu/protocol';
import { INITIAL, PROVISIONAL_RD, isProvisional, rateResult, type Rating, type Score } from '@chu/ratings';
import type { PrismaClient } from '../db/database.ts';
import type { RatedGame, Store, Tx } from '../db/Store.ts';
import type { MoveRecord } from '../db/MoveWriter.ts';

interface RatingRow {
  userId: string;
  rating: number;
  deviation: number;
  volatility: number;
  ratedAt: Date | null;
  wins: number;
  draws: number;
  losses: number;
}

const glicko = (r: Pick<RatingRow, 'rating' | 'deviation' | 'volatility' | 'ratedAt'>): Rating => ({
  rating: r.rating,
  rd: r.deviation,
  vol: r.volatility,
  ratedAt: r.ratedAt?.getTime() ?? null,
});


/**
 * The finishing transaction with its rating step (Store.finish): the final move, the result, and for a
 * game whose result counts both rating changes, all together or not at all. A game's ledger finishes
 * games the same way, through its session's `ratings` (a RatingBook).
 */
export function recordResult(
  store: Store, r: { gameId: string; version: number; outcome: Outcome; finalMove?: MoveRecord; fence: number | null },
): Promise<RatingChanges | null> {
  return store.finish(r, { rate: rateGame });
}

/**
 * Rates a finished game inside the transaction that records its result, so a result and its
 * rating change exist together or not at all. Draw = ½. Each side's rating in its own pool changes (a
 * bot's in the bots' pool), computed against the other's current rating in the other's.
 */
async function rateGame(tx: Tx, game: RatedGame, winner: Color | null, now: Date): Promise<RatingChanges> {
  const { pools } = game;
  const ids = { black: game.blackUserId, white: game.whiteUserId };
  await tx.rating.createMany({ data: COLORS.map((c) => ({ userId: ids[c], pool: pools[c] })), skipDuplicates: true });
  // row locks: two rated games ending at once for one player are rated one after the other
  const rows = await tx.$queryRaw<(RatingRow & { pool: string })[]>`
    SELECT "user_id" AS "userId", "pool", "rating", "deviation", "volatility", "rated_at" AS "ratedAt"
    FROM "ratings" WHERE ("user_id" = ${ids.black} AND "pool" = ${pools.black}) OR ("user_id" = ${ids.white} AND "pool" = ${pools.white})
    ORDER BY "user_id", "pool" FOR UPDATE`;
  const before = (c: Color) => glicko(rows.find((r) => r.userId === ids[c] && r.pool === pools[c])!);
  const black = before('black');
  const white = before('white');
  const blackScore: Score = winner === null ? 0.5 : winner === 'black' ? 1 : 0;
  const [blackAfter, whiteAfter] = rateResult(black, white, blackScore, now.getTime());
  const sides = [
    { userId: game.blackUserId, color: 'black' as const, pool: pools.black, score: blackScore, from: black, to: blackAfter },
    { userId: game.whiteUserId, color: 'white' as const, pool: pools.white, score: (1 - blackScore) as Score, from: white, to: whiteAfter },
  ];
  await tx.gameRating.createMany({
    data: sides.map((s) => ({
      gameId: game.id, userId: s.userId, color: s.color, pool: s.pool, score: s.score,
      ratingBefore: s.from.rating, rdBefore: s.from.rd, volatilityBefore: s.from.vol,
      ratingAfter: s.to.rating, rdAfter: s.to.rd, volatilityAfter: s.to.vol, createdAt: now,
    })),
  });
  for (const s of sides)
    await tx.rating.update({
      where: { userId_pool: { userId: s.userId, pool: s.pool } },
      data: {
        rating: s.to.rating, deviation: s.to.rd, volatility: s.to.vol, ratedAt: now, games: { increment: 1 },
        ...(s.score === 1 ? { wins: { increment: 1 } } : s.score === 0 ? { losses: { increment: 1 } } : { draws: { increment: 1 } }),
      },
    });
  const change = (i: number) => ({ before: sides[i].from.rating, after: sides[i].to.rating, provisional: isProvisional(sides[i].to) });
  return { black: change(0), white: change(1) };
}

const LEADERBOARD_SIZE = 100;
const RECENT_GAMES = 20;

/** Players' Glicko-2 ratings in the database, one per pool (a person's real-time and correspondence, a bot's own): rated results, leaderboards and profiles. */
export class RatingBook {
  constructor(private readonly prisma: PrismaClient) {}

  /** The rating step of a game's finishing transaction (Store.finish's RatingStep): see `rateGame`. */
  rate(tx: Tx, game: RatedGame, winner: Color | null, now: Date): Promise<RatingChanges> {
    return rateGame(tx, game, winner, now);
  }


  /** What each seated account's rating in `pool` (the game's; a bot's own) is now, to show next to its name. */
  async seatRatings(seats: Seats, pool: RatingPool): Promise<Record<Color, SeatRating | null>> {
    const one = async (color: Color): Promise<SeatRating | null> => {
      const s = seats[color];
      if (s.kind !== 'human' || !s.userId) return null;
      const r = await this.current(s.userId, s.bot ? 'bot' : pool);
      return { rating: r.rating, provisional: isProvisional(r) };
    };
    const [black, white] = await Promise.all(COLORS.map(one));
    return { black, white };
  }

  /**
   * A finished rated game's changes, as stored with its result, and the ratings it was played at:
   * each side's rating before it, provisional ("?") if its deviation then was.
   */
  async changes(gameId: string): Promise<{ changes: RatingChanges; playedAt: Record<Color, SeatRating> } | null> {
    const rows = await this.prisma.gameRating.findMany({ where: { gameId } });
    const black = rows.find((x) => x.color === 'black');
    const white = rows.find((x) => x.color === 'white');
    if (!black || !white) return null;
    const change = (r: typeof black) => ({ before: r.ratingBefore, after: r.ratingAfter, provisional: isProvisional({ rd: r.rdAfter }) });
    const before = (r: typeof black): SeatRating => ({ rating: r.ratingBefore, provisional: isProvisional({ rd: r.rdBefore }) });
    return { changes: { black: change(black), white: change(white) }, playedAt: { black: before(black), white: before(white) } };
  }

  /** A player's rating in a pool as it stands (defaults for someone never rated there). */
  async current(userId: string, pool: RatingPool): Promise<Rating> {
    const row = await this.prisma.rating.findUnique({ where: { userId_pool: { userId, pool } } });
    return row ? glicko(row) : { ...INITIAL };
  }

  /** A pool's established players ranked; provisional ones listed after them, so a young site is not empty. */
  async leaderboard(pool: RatingPool): Promise<Leaderboard> {
    const list = (deviation: { lt: number } | { gte: number }) => this.prisma.rating.findMany({
      where: { pool, deviation, games: { gt: 0 } },
      orderBy: [{ rating: 'desc' }, { userId: 'asc' }],
      take: LEADERBOARD_SIZE,
      include: { user: { select: { username: true } } },
    });
    const [established, provisional] = await Promise.all([list({ lt: PROVISIONAL_RD }), list({ gte: PROVISIONAL_RD })]);
    const named = (rows: typeof established) => rows.map((r) => ({ username: r.user.username, ...standing(r) }));
    return {
      pool,
      players: named(established),
      provisional: named(provisional),
      establishedBelowRd: PROVISIONAL_RD,
    };
  }

  async profile(username: string): Promise<Profile | null> {
    const user = await this.prisma.user.findUnique({
      where: { username },
      include: {
        ratings: true,
        gameRatings: {
          orderBy: { createdAt: 'asc' },
          include: { game: { select: { id: true, reason: true, finishedAt: true, ratings: { include: { user: { select: { username: true, deletedAt: true } } } } } } },
        },
      },
    });
    if (!user) return null;
    const inPool = (pool: RatingPool) => {
      const rating = user.ratings.find((r) => r.pool === pool) ?? { rating: INITIAL.rating, deviation: INITIAL.rd, wins: 0, draws: 0, losses: 0 };
      const history = user.gameRatings.filter((g) => g.pool === pool).map((g) => ({ at: g.createdAt.toISOString(), rating: g.ratingAfter, rd: g.rdAfter }));
      return { ...standing(rating), history };
    };
    const recent = user.gameRatings
      .slice(-RECENT_GAMES)
      .reverse()
      .map((g) => ({
        gameId: g.gameId,
        pool: RatingPoolSchema.parse(g.pool),
        color: ColorSchema.parse(g.color),
        opponent: shownName(g.game.ratings.find((o) => o.userId !== user.id)?.user),
        result: g.score === 1 ? ('win' as const) : g.score === 0 ? ('loss' as const) : ('draw' as const),
        reason: g.game.reason ?? '',
        ratingBefore: g.ratingBefore,
        ratingAfter: g.ratingAfter,
        finishedAt: (g.game.finishedAt ?? g.createdAt).toISOString(),
      }));
    return {
      username: user.username, bot: user.bot,
      ratings: { realtime: inPool('realtime'), correspondence: inPool('correspondence'), ...(user.bot ? { bot: inPool('bot') } : {}) },
      recent,
    };
  }
}

/** An opponent's name as others see it: a deleted account is the client's "deleted player". */
const shownName = (user: { username: string; deletedAt: Date | null } | undefined): string =>
  !user ? '?' : user.deletedAt ? DELETED_PLAYER : user.username;

function standing(r: { rating: number; deviation: number; wins: number; draws: number; losses: number }): Standing {
  return {
    rating: r.rating,
    rd: r.deviation,
    provisional: isProvisional({ rd: r.deviation }),
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
  };
}
