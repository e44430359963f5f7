import { NotificationPayloadSchema, type Notification, type NotificationPayload } from '@chu/protocol';
import { Prisma } from '../generated/prisma/client.ts';
import type { PrismaClient } from './database.ts';

interface Row { id: number; createdAt: Date; readAt: Date | null; payload: unknown }

/**
 * Notifications as stored: every query names the account, so an id of another account's notification
 * reads or changes nothing.
 */
export class NotificationStore {
  constructor(private readonly prisma: PrismaClient) {}

  /** Stored for a live (not deleted) account, unless `once` was stored for it already: then null. */
  async add(accountId: string, payload: NotificationPayload, once: string | null): Promise<Notification | null> {
    const rows = await this.prisma.$queryRaw<{ id: number; created_at: Date }[]>`
      INSERT INTO "notifications" ("user_id", "kind", "payload", "once_key")
      SELECT "id", ${payload.kind}, ${JSON.stringify(payload)}::jsonb, ${once}
      FROM "users" WHERE "id" = ${accountId} AND "deleted_at" IS NULL
      ON CONFLICT ("user_id", "once_key") DO NOTHING
      RETURNING "id", "created_at"`;
    const row = rows[0];
    return row ? { id: Number(row.id), at: row.created_at.getTime(), read: false, payload } : null;
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
