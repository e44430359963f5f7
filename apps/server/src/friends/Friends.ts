import { ChallengesFromSchema, usernameKey, type ChallengesFrom } from '@chu/protocol';
import type { PrismaClient } from '../db/database.ts';

/** An account as others name it. */
export interface Account { id: string; username: string }
export interface ChallengeSettings { challengesFrom: ChallengesFrom; botChallenges: boolean }

export type Relating = { ok: true; other: Account } | { ok: false; code: 'no-player' | 'self-challenge'; message: string };

/**
 * Follows (one way) and blocks between accounts, and who may challenge an account. A block between two
 * accounts, either way, ends their follows and keeps them from following or challenging each other;
 * the blocker no longer reads the blocked one's chat (rooms/Room.chat asks `blockersOf`).
 */
export class Friends {
  constructor(private readonly prisma: PrismaClient) {}

  /** A live (not deleted) account by name, any case. */
  async account(username: string): Promise<Account | null> {
    const rows = await this.prisma.$queryRaw<Account[]>`
      SELECT "id", "username" FROM "users" WHERE lower("username") = ${usernameKey(username)} AND "deleted_at" IS NULL LIMIT 1`;
    return rows[0] ?? null;
  }

  /** The other account, named by `me`; not `me` itself. */
  async other(me: Account, username: string): Promise<Relating> {
    const other = await this.account(username);
    if (!other) return { ok: false, code: 'no-player', message: 'No such player.' };
    if (other.id === me.id) return { ok: false, code: 'self-challenge', message: 'That is you.' };
    return { ok: true, other };
  }

  /** Following is refused across a block (either way), so a block keeps them apart. */
  async follow(me: Account, other: Account): Promise<boolean> {
    if (await this.blockedBetween(me.id, other.id)) return false;
    await this.prisma.follow.upsert({
      where: { followerId_followeeId: { followerId: me.id, followeeId: other.id } },
      create: { followerId: me.id, followeeId: other.id },
      update: {},
    });
    return true;
  }

  async unfollow(me: Account, other: Account): Promise<void> {
    await this.prisma.follow.deleteMany({ where: { followerId: me.id, followeeId: other.id } });
  }

  /** Blocking drops the follows both ways in the same transaction. */
  async block(me: Account, other: Account): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.block.upsert({
        where: { blockerId_blockedId: { blockerId: me.id, blockedId: other.id } },
        create: { blockerId: me.id, blockedId: other.id },
        update: {},
      }),
      this.prisma.follow.deleteMany({
        where: { OR: [{ followerId: me.id, followeeId: other.id }, { followerId: other.id, followeeId: me.id }] },
      }),
    ]);
  }

  async unblock(me: Account, other: Account): Promise<void> {
    await this.prisma.block.deleteMany({ where: { blockerId: me.id, blockedId: other.id } });
  }

  async blockedBetween(a: string, b: string): Promise<boolean> {
    const n = await this.prisma.block.count({
      where: { OR: [{ blockerId: a, blockedId: b }, { blockerId: b, blockedId: a }] },
    });
    return n > 0;
  }

  async follows(follower: string, followee: string): Promise<boolean> {
    return (await this.prisma.follow.count({ where: { followerId: follower, followeeId: followee } })) > 0;
  }

  /** The accounts that blocked `userId`: its chat does not reach them. */
  async blockersOf(userId: string): Promise<string[]> {
    const rows = await this.prisma.block.findMany({ where: { blockedId: userId }, select: { blockerId: true } });
    return rows.map((r) => r.blockerId);
  }

  /** The devices signed in now as accounts `userId` blocked: their chat is left out of what it reads. */
  async blockedDevices(userId: string): Promise<Set<string>> {
    const rows = await this.prisma.device.findMany({
      where: { user: { blockedBy: { some: { blockerId: userId } } } },
      select: { id: true },
    });
    return new Set(rows.map((r) => r.id));
  }

  /** Who may challenge the account: everyone or the people it follows; and whether bot accounts may (issue 50). */
  async challengeSettings(userId: string): Promise<ChallengeSettings> {
    const u = await this.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { challengesFrom: true, botChallenges: true } });
    return { challengesFrom: ChallengesFromSchema.parse(u.challengesFrom), botChallenges: u.botChallenges };
  }

  async setChallengeSettings(userId: string, settings: Partial<ChallengeSettings>): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: settings });
  }

  /** Whom the account follows, who follows it, and whom it blocked: live accounts, by name. */
  async lists(userId: string): Promise<{ following: Account[]; followers: Account[]; blocked: string[] }> {
    const live = { deletedAt: null };
    const [following, followers, blocked] = await Promise.all([
      this.prisma.follow.findMany({ where: { followerId: userId, followee: live }, select: { followee: { select: { id: true, username: true } } }, orderBy: { createdAt: 'desc' } }),
      this.prisma.follow.findMany({ where: { followeeId: userId, follower: live }, select: { follower: { select: { id: true, username: true } } }, orderBy: { createdAt: 'desc' } }),
      this.prisma.block.findMany({ where: { blockerId: userId, blocked: live }, select: { blocked: { select: { username: true } } }, orderBy: { createdAt: 'desc' } }),
    ]);
    return {
      following: following.map((f) => f.followee),
      followers: followers.map((f) => f.follower),
      blocked: blocked.map((b) => b.blocked.username),
    };
  }
}
