import { NotificationPayloadSchema, type Notification, type NotificationPayload } from '@chu/protocol';
import { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from './database.ts';

interface Row { id: number; createdAt: Date; readAt: Date | null; payload: unknown }

/** What an add did: stored a new one, updated the sender's last one in place, or nothing (null). */
export type Added = Notification | 'collapsed' | null;

/**
 * How much a bell holds. News from other people (a challenge) is collapsed per sender and bounded per
 * account in a window, so sending and cancelling again and again, from one account or many, cannot
 * fill it; every account keeps its newest `kept`, and read ones for `readKeptMs`.
 */
export const NOTIFICATION_BOUNDS = { windowMs: 10 * 60_000, fromOthersPerWindow: 20, kept: 200, readKeptMs: 30 * 86_400_000 } as const;

/**
 * Notifications as stored: every query names the account, so an id of another account's notification
 * reads or changes nothing.
 */
export class NotificationStore {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Stored for a live (not deleted) account, unless `once` was stored for it already: then null. News
   * from another person carries a `collapse` key ("challenge:<sender>"): while that sender's last one is
   * unread or recent it is updated in place (`collapsed`: nothing new to deliver), and past the account's
   * bound of such news in the window nothing is stored. Each add prunes the account's oldest.
   */
  async add(accountId: string, payload: NotificationPayload, once: string | null, collapse: string | null = null): Promise<Added> {
    const json = JSON.stringify(payload);
    if (collapse !== null) {
      const since = new Date(Date.now() - NOTIFICATION_BOUNDS.windowMs);
      const updated = await this.prisma.$executeRaw`
        UPDATE "notifications" SET "payload" = ${json}::jsonb, "created_at" = now(), "read_at" = NULL
        WHERE "user_id" = ${accountId} AND "collapse_key" = ${collapse} AND ("read_at" IS NULL OR "created_at" > ${since})`;
      if (updated > 0) return 'collapsed';
      const recent = await this.prisma.notification.count({ where: { userId: accountId, collapseKey: { not: null }, createdAt: { gt: since } } });
      if (recent >= NOTIFICATION_BOUNDS.fromOthersPerWindow) return null;
    }
    const rows = await this.prisma.$queryRaw<{ id: number; created_at: Date }[]>`
      INSERT INTO "notifications" ("user_id", "kind", "payload", "once_key", "collapse_key")
      SELECT "id", ${payload.kind}, ${json}::jsonb, ${once}, ${collapse}
      FROM "users" WHERE "id" = ${accountId} AND "deleted_at" IS NULL
      ON CONFLICT ("user_id", "once_key") DO NOTHING
      RETURNING "id", "created_at"`;
    const row = rows[0];
    if (!row) return null;
    await this.prune(accountId);
    return { id: Number(row.id), at: row.created_at.getTime(), read: false, payload };
  }

  /** The account keeps its newest `kept` notifications, and read ones only while they are younger than `readKeptMs`. */
  private async prune(accountId: string): Promise<void> {
    const readBefore = new Date(Date.now() - NOTIFICATION_BOUNDS.readKeptMs);
    await this.prisma.$executeRaw`
      DELETE FROM "notifications" WHERE "user_id" = ${accountId} AND (
        ("read_at" IS NOT NULL AND "created_at" < ${readBefore})
        OR "id" <= (SELECT "id" FROM "notifications" WHERE "user_id" = ${accountId} ORDER BY "id" DESC OFFSET ${NOTIFICATION_BOUNDS.kept} LIMIT 1))`;
  }

  /** Newest first, older than `before` when given; `unreadOnly` for what a connecting socket is told. */
  async page(accountId: string, opts: { before?: number; take: number; unreadOnly?: boolean }): Promise<Notification[]> {
    const rows = await this.prisma.notification.findMany({
      where: { userId: accountId, ...(opts.before ? { id: { lt: opts.before } } : {}), ...(opts.unreadOnly ? { readAt: null } : {}) },
      orderBy: { id: 'desc' },
      take: opts.take,
    });
    return rows.map(toNotification);
  }

  unreadCount(accountId: string): Promise<number> {
    return this.prisma.notification.count({ where: { userId: accountId, readAt: null } });
  }

  /** Marks the account's unread ones among `which` (or all) read; the ids it marked. */
  async markRead(accountId: string, which: number[] | 'all', at: Date): Promise<number[]> {
    if (which !== 'all' && which.length === 0) return [];
    const rows = which === 'all'
      ? await this.prisma.$queryRaw<{ id: number }[]>`
          UPDATE "notifications" SET "read_at" = ${at} WHERE "user_id" = ${accountId} AND "read_at" IS NULL RETURNING "id"`
      : await this.prisma.$queryRaw<{ id: number }[]>`
          UPDATE "notifications" SET "read_at" = ${at}
          WHERE "user_id" = ${accountId} AND "read_at" IS NULL AND "id" IN (${Prisma.join(which)}) RETURNING "id"`;
    return rows.map((r) => Number(r.id));
  }

  /** The devices the account is logged in on now: where its sockets are. */
  async devicesOf(accountId: string): Promise<string[]> {
    return (await this.prisma.device.findMany({ where: { userId: accountId }, select: { id: true } })).map((d) => d.id);
  }
}

function toNotification(row: Row): Notification {
  const parsed = NotificationPayloadSchema.safeParse(row.payload);
  if (!parsed.success) throw new Error(`notification ${row.id}: stored payload not understood`);
  return { id: row.id, at: row.createdAt.getTime(), read: row.readAt !== null, payload: parsed.data };
}
