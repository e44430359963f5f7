import { apiSeatId } from './apiSeat.ts';
import type { PrismaClient } from '../db/database.ts';

export type BotUpgrade = { ok: true } | { ok: false; code: 'already-bot' | 'has-games' };

/** Bot accounts (issue 50): a program's account, marked so wherever its name is shown. */
export class Bots {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Makes the account a bot, for good: only one that has played no game on any seat (a person's rating
   * and record never become a program's). One statement, so a game that starts meanwhile is seen.
   */
  async upgrade(userId: string): Promise<BotUpgrade> {
    const changed = await this.prisma.$executeRaw`
      UPDATE "users" u SET "bot" = true
       WHERE u."id" = ${userId} AND u."bot" = false
         AND NOT EXISTS (SELECT 1 FROM "games" g
                          WHERE g."seats"->'black'->>'userId' = ${userId} OR g."seats"->'white'->>'userId' = ${userId})`;
    if (changed > 0) return { ok: true };
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { bot: true } });
    return { ok: false, code: user?.bot ? 'already-bot' : 'has-games' };
  }

  /** The games in play on the account's API seat (identity/apiSeat), newest first: what a program's event stream opens with. */
  async gamesInPlay(userId: string): Promise<string[]> {
    const seat = apiSeatId(userId);
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT g."id" FROM "games" g
       WHERE g."status" = 'active' AND (g."seats"->'black'->>'deviceId' = ${seat} OR g."seats"->'white'->>'deviceId' = ${seat})
       ORDER BY g."created_at" DESC LIMIT 100`;
    return rows.map((r) => r.id);
  }

  async isBot(userId: string): Promise<boolean> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { bot: true } });
    return user?.bot ?? false;
  }
}
