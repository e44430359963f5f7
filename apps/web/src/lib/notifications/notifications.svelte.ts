// The bell's notifications in this tab (inbox.ts says how each server message changes them), the
// older pages it asks for, and marking read. Every tab of the account hears what any tab marks.
import type { ServerMessage } from '@chu/protocol';
import { fetchNotifications, markReadRequest } from '../api';
import { EMPTY_INBOX, inboxPage, inboxReduce, type Inbox } from './inbox';

export const inbox: Inbox = $state(structuredClone(EMPTY_INBOX));

function replace(next: Inbox): void {
  inbox.items = next.items;
  inbox.unread = next.unread;
  inbox.next = next.next;
}

export function inboxReceived(msg: Extract<ServerMessage, { type: 'notifications' | 'notification' | 'notifications.read' }>): void {
  replace(inboxReduce(inbox, msg));
}

/** Another account (or none) on this tab: nothing of the last one's stays. */
export function inboxCleared(): void {
  replace(structuredClone(EMPTY_INBOX));
}

/** The newest page (on opening the bell), or the next older one. */
export async function loadNotifications(older = false): Promise<boolean> {
  const r = await fetchNotifications(older ? inbox.next : null);
  if (r.ok) replace(inboxPage(inbox, r.data));
  return r.ok;
}

/** Marks read; the server tells every tab (this one too) which, so the count follows from its answer. */
export async function markRead(which: number[] | 'all'): Promise<void> {
  const r = await markReadRequest(which);
  if (r) inbox.unread = r.unread;
}
