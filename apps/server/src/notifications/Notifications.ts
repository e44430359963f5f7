import {
  NOTIFICATIONS_PAGE_MAX, NotificationPayloadSchema, usernameKey,
  type Notification, type NotificationPage, type NotificationPayload, type ServerMessage,
} from '@chu/protocol';
import type { Logger } from 'pino';
import type { NotificationStore } from '../db/NotificationStore.ts';

/** A notification as a caller words it: its payload, without the version (this module writes the current one). */
export type NotificationInput = NotificationPayload extends infer P ? (P extends NotificationPayload ? Omit<P, 'v'> : never) : never;

export interface NotifyOptions {
  /**
   * Names an event that is told once however often it is noticed ("deadline:<game>:<ply>", noticed
   * again when a restarted process loads the game): a second notify with the same key stores nothing.
   */
  once?: string;
}

/**
 * News another person causes, named by who and what: a repeat updates the one already in the bell.
 * A challenge by its sender (sent, cancelled and sent again is one entry), an offer by its game and kind.
 */
function collapseKey(p: NotificationPayload): string | null {
  switch (p.kind) {
    case 'challenge': return `challenge:${usernameKey(p.from)}`;
    case 'offer': return `offer:${p.gameId}:${p.offer}`;
    default: return null;
  }
}

/** The way out to an account's open sockets, on every process of the site (realtime/Fanout is one). */
export interface NotificationOutlet {
  toDevices(deviceIds: string[], messages: ServerMessage[]): void;
  anyConnected(deviceIds: string[]): Promise<boolean>;
}

/** Where a notification goes when no tab of its account is open (notifications/WebPush). */
export interface PushSender {
  push(accountId: string, notification: Notification): Promise<void>;
}

/**
 * An account's notifications: stored first, then delivered live to every socket of the account's
 * devices (on any process: the Socket.IO adapter carries it), then pushed when none is open. Reading
 * and marking are always by the owner's account id.
 */
export class Notifications {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly store: NotificationStore,
    private readonly outlet: NotificationOutlet,
    private readonly push: PushSender | null, // Web Push; none in a program that only stores
    private readonly log: Logger,
  ) {}

  /**
   * Stores a notification for the account, then delivers it (live, or pushed). Resolves once stored,
   * with the notification; null when nothing new was stored: the account is gone (deleted), `once` was
   * told already, the same sender's last one was updated in place, or the account has had its bound of
   * news from others in the window (NOTIFICATION_BOUNDS). Delivery runs on: a slow push service holds no
   * caller up.
   */
  async notify(accountId: string, input: NotificationInput, opts: NotifyOptions = {}): Promise<Notification | null> {
    const payload = NotificationPayloadSchema.parse({ ...input, v: 1 }); // a caller's bug if it throws
    const added = await this.store.add(accountId, payload, opts.once ?? null, collapseKey(payload));
    if (added === null || added === 'collapsed') return null; // nothing new: not delivered or pushed again
    this.track(this.deliver(accountId, added));
    return added;
  }

  /** A page of the account's notifications, read and unread, newest first. */
  async list(accountId: string, page: { before?: number; limit: number }): Promise<NotificationPage> {
    const limit = Math.min(page.limit, NOTIFICATIONS_PAGE_MAX);
    const rows = await this.store.page(accountId, { before: page.before, take: limit + 1 });
    const shown = rows.slice(0, limit);
    return {
      notifications: shown,
      unread: await this.store.unreadCount(accountId),
      next: rows.length > limit ? shown[shown.length - 1].id : null,
    };
  }

  /** The unread ones (newest first, at most a page) and how many there are: what a socket is told on connecting. */
  async unread(accountId: string): Promise<{ notifications: Notification[]; unread: number }> {
    const notifications = await this.store.page(accountId, { take: NOTIFICATIONS_PAGE_MAX, unreadOnly: true });
    return { notifications, unread: await this.store.unreadCount(accountId) };
  }

  /**
   * Marks the account's own notifications read (these ids, or all): each is read once; marking again,
   * or naming an id that is not the account's, changes nothing. Every tab of the account hears which.
   */
  async markRead(accountId: string, which: number[] | 'all'): Promise<{ marked: number; unread: number }> {
    const marked = await this.store.markRead(accountId, which, new Date());
    const unread = await this.store.unreadCount(accountId);
    if (marked.length > 0) {
      this.outlet.toDevices(await this.store.devicesOf(accountId), [{ type: 'notifications.read', ids: which === 'all' ? 'all' : marked, unread }]);
    }
    return { marked: marked.length, unread };
  }

  /** Deliveries still under way (tests and a closing server wait for them). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async deliver(accountId: string, notification: Notification): Promise<void> {
    const devices = await this.store.devicesOf(accountId);
    this.outlet.toDevices(devices, [{ type: 'notification', notification }]);
    // Could not tell whether a tab is open (a process did not answer): pushed, rather than maybe lost.
    const open = await this.outlet.anyConnected(devices).catch(() => false);
    if (!open && this.push) await this.push.push(accountId, notification);
  }

  private track(work: Promise<void>): void {
    const p: Promise<void> = work
      .catch((err) => this.log.error({ err }, 'notification not delivered'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }
}
