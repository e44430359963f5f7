import { COLORS, ColorSchema, RATING_POOLS, SeatsSchema, type Color, type RatingPool } from '@chu/protocol';
import { isProvisional } from '@chu/ratings';
import type { PrismaClient } from './database.ts';

/** What a game's export shows beside its record (issue 50): the accounts at its seats, their ratings in it, its last move's time. */
export interface GameFacts {
  rated: boolean;
  accounts: Partial<Record<Color, { bot: boolean }>>; // the seats that hold a (live) account
  ratings: Partial<Record<Color, { before: number; after: number; provisional: boolean }>>; // a rated game's, as it changed them
  lastMoveAt: Date | null;
}

/** An account's public card: its name, when it was made and last seen, whether it is a bot, its standings. */
export interface AccountFacts {
  username: string; bot: boolean; createdAt: Date; seenAt: Date | null;
  pools: Partial<Record<RatingPool, { rating: number; deviation: number; games: number }>>;
}

/** The stored facts the lishogi-shaped export shows, read for a few games (a page of an export) or one account. */
export class PublicFacts {
  constructor(private readonly prisma: PrismaClient) {}

  /** Each game's facts, by id (one read for the games, one for their accounts). */
  async games(ids: string[]): Promise<Map<string, GameFacts>> {
    const rows = await this.prisma.game.findMany({
      where: { id: { in: ids } },
      select: {
        id: true, seats: true, rated: true,
        ratings: { select: { color: true, ratingBefore: true, ratingAfter: true, rdAfter: true } },
        moves: { orderBy: { ply: 'desc' }, take: 1, select: { createdAt: true } },
      },
    });
    const seated = rows.map((g) => ({ id: g.id, rated: g.rated, seats: SeatsSchema.parse(g.seats), ratings: g.ratings, last: g.moves[0]?.createdAt ?? null }));
    const userIds = [...new Set(seated.flatMap((g) => COLORS.flatMap((c) => {
      const s = g.seats[c];
      return s.kind === 'human' && s.userId ? [s.userId] : [];
    })))];
    const users = new Map((await this.prisma.user.findMany({ where: { id: { in: userIds }, deletedAt: null }, select: { id: true, bot: true } })).map((u) => [u.id, u]));
    return new Map(seated.map((g) => {
      const accounts: GameFacts['accounts'] = {};
      for (const c of COLORS) {
        const s = g.seats[c];
        const user = s.kind === 'human' && s.userId ? users.get(s.userId) : undefined;
        if (user) accounts[c] = { bot: user.bot };
      }
      const ratings: GameFacts['ratings'] = {};
      for (const r of g.ratings) ratings[ColorSchema.parse(r.color)] = { before: r.ratingBefore, after: r.ratingAfter, provisional: isProvisional({ rd: r.rdAfter }) };
      return [g.id, { rated: g.rated, accounts, ratings, lastMoveAt: g.last }];
    }));
  }

  /** A live account's card, found by its name in any case; null for none (or a deleted one). */
  async account(username: string): Promise<AccountFacts | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "users" WHERE lower("username") = lower(${username}) AND "deleted_at" IS NULL`;
    if (!rows[0]) return null;
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: rows[0].id },
      select: { username: true, bot: true, createdAt: true, ratings: { select: { pool: true, rating: true, deviation: true, games: true } } },
    });
    const seen = await this.prisma.device.aggregate({ where: { userId: rows[0].id }, _max: { lastSeenAt: true } });
    const pools: AccountFacts['pools'] = {};
    for (const r of user.ratings) {
      const pool = RATING_POOLS.find((p) => p === r.pool);
      if (pool) pools[pool] = { rating: r.rating, deviation: r.deviation, games: r.games };
    }
    return { username: user.username, bot: user.bot, createdAt: user.createdAt, seenAt: seen._max.lastSeenAt, pools };
  }
}
