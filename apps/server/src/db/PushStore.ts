import { LanguageSchema, NOTIFICATION_KINDS, NotificationKindSchema, type Language, type NotificationKind, type PushSubscriptionBody } from '@chu/protocol';
import { z } from 'zod';
import type { PrismaClient } from './database.ts';

export interface VapidKeys { publicKey: string; privateKey: string } // base64url, as web-push makes them
export interface StoredSubscription { id: number; endpoint: string; keys: { p256dh: string; auth: string }; lang: Language }

/** Subscriptions kept per account; past this, the oldest goes (a browser that never unsubscribed). */
export const SUBSCRIPTIONS_PER_ACCOUNT = 20;
const PushKindsSchema = z.array(NotificationKindSchema);

/** Web Push as stored: the site's VAPID keys, browsers' subscriptions, and which kinds an account wants pushed. */
export class PushStore {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The site's key pair: the stored one, or `made` stored now. Two processes starting at once both
   * insert; the first wins, and both read what won.
   */
  async vapidKeys(made: () => VapidKeys | Promise<VapidKeys>): Promise<VapidKeys> {
    const found = await this.prisma.pushKey.findUnique({ where: { id: 1 } });
    if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
    const k = await made();
    await this.prisma.$executeRaw`
      INSERT INTO "push_keys" ("id", "public_key", "private_key") VALUES (1, ${k.publicKey}, ${k.privateKey})
      ON CONFLICT ("id") DO NOTHING`;
    const won = await this.prisma.pushKey.findUniqueOrThrow({ where: { id: 1 } });
    return { publicKey: won.publicKey, privateKey: won.privateKey };
  }

  /**
   * This browser (its endpoint) pushes to this account on this device now. Keyed by account and endpoint:
   * another account's subscription at the same endpoint is its own row, left as it is.
   */
  async subscribe(accountId: string, deviceId: string, s: PushSubscriptionBody): Promise<void> {
    const fields = { deviceId, p256dh: s.keys.p256dh, auth: s.keys.auth, lang: s.lang };
    await this.prisma.pushSubscription.upsert({
      where: { userId_endpoint: { userId: accountId, endpoint: s.endpoint } },
      create: { userId: accountId, endpoint: s.endpoint, ...fields },
      update: fields,
    });
    const extra = await this.prisma.pushSubscription.findMany({
      where: { userId: accountId }, orderBy: { id: 'desc' }, skip: SUBSCRIPTIONS_PER_ACCOUNT, select: { id: true },
    });
    if (extra.length > 0) await this.prisma.pushSubscription.deleteMany({ where: { id: { in: extra.map((e) => e.id) } } });
  }

  /** The account's subscription at this endpoint ends (another account's is left as it is). */
  async unsubscribe(accountId: string, endpoint: string): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { userId: accountId, endpoint } });
  }

  /** Where the account's pushes go: its subscriptions on devices still logged in to it. */
  async subscriptionsOf(accountId: string): Promise<StoredSubscription[]> {
    const rows = await this.prisma.pushSubscription.findMany({ where: { userId: accountId, device: { userId: accountId } }, orderBy: { id: 'asc' } });
    return rows.map((r) => ({ id: r.id, endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth }, lang: LanguageSchema.catch('es').parse(r.lang) }));
  }

  /** A subscription its push service says is gone (404, 410). */
  async remove(id: number): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { id } });
  }

  /** The kinds the account wants pushed: its choice, or every kind. */
  async pushKinds(accountId: string): Promise<NotificationKind[]> {
    const row = await this.prisma.notificationPreference.findUnique({ where: { userId: accountId } });
    const kinds = row && PushKindsSchema.safeParse(row.push);
    return kinds?.success ? kinds.data : [...NOTIFICATION_KINDS];
  }

  async setPushKinds(accountId: string, kinds: NotificationKind[]): Promise<NotificationKind[]> {
    const push = NOTIFICATION_KINDS.filter((k) => kinds.includes(k)); // one of each, in the protocol's order
    await this.prisma.notificationPreference.upsert({ where: { userId: accountId }, create: { userId: accountId, push }, update: { push } });
    return push;
  }
}
