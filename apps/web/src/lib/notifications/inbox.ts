// The bell's notifications as this tab knows them, and how a server message changes them: a pure
// reducer, so each rule is a table row in test/notifications.test.ts. The socket brings the unread ones
// on connecting and each new one live; a page from GET /api/notifications brings read ones too.
import type { Notification, NotificationPage, ServerMessage } from '@chu/protocol';

export interface Inbox {
  items: Notification[]; // newest first, by id: [{ id: 9, read: false, … }, { id: 4, read: true, … }]
  unread: number; // the account's unread count, as the server last said it (over every page)
  next: number | null; // `before` for the next older page; null when there is none, or none asked yet
}

export const EMPTY_INBOX: Inbox = { items: [], unread: 0, next: null };

type InboxMessage = Extract<ServerMessage, { type: 'notifications' | 'notification' | 'notifications.read' }>;

/** Items of both lists, one per id (the later copy wins), newest first. */
function merged(a: Notification[], b: Notification[]): Notification[] {
  const byId = new Map<number, Notification>();
  for (const n of [...a, ...b]) byId.set(n.id, n);
  return [...byId.values()].sort((x, y) => y.id - x.id);
}

export function inboxReduce(inbox: Inbox, msg: InboxMessage): Inbox {
  switch (msg.type) {
    case 'notifications': {
      // on connecting: what is unread now. When that is all of them, one this tab thought unread was read elsewhere.
      const complete = msg.notifications.length === msg.unread;
      const unreadNow = new Set(msg.notifications.map((n) => n.id));
      const items = inbox.items.map((n) => (!n.read && complete && !unreadNow.has(n.id) ? { ...n, read: true } : n));
      return { ...inbox, unread: msg.unread, items: merged(items, msg.notifications) };
    }
    case 'notification':
      if (inbox.items.some((n) => n.id === msg.notification.id)) return inbox;
      return { ...inbox, items: merged(inbox.items, [msg.notification]), unread: inbox.unread + (msg.notification.read ? 0 : 1) };
    case 'notifications.read': {
      const read = (n: Notification) => msg.ids === 'all' || msg.ids.includes(n.id);
      return { ...inbox, unread: msg.unread, items: inbox.items.map((n) => (read(n) ? { ...n, read: true } : n)) };
    }
  }
}

/** A page the tab asked for: older items join the list; the count is the server's. */
export function inboxPage(inbox: Inbox, page: NotificationPage): Inbox {
  return { items: merged(inbox.items, page.notifications), unread: page.unread, next: page.next };
}
