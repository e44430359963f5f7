// The bell's inbox (lib/notifications/inbox.ts): how each server message and each page changes it.
import type { Notification } from '@chu/protocol';
import { describe, expect, it } from 'vitest';
import { EMPTY_INBOX, inboxPage, inboxReduce, type Inbox } from '../src/lib/notifications/inbox';

const note = (id: number, read = false): Notification => ({
  id, at: 1_700_000_000_000 + id, read, payload: { kind: 'challenge', v: 1, challengeId: `c${id}`, from: 'ana' },
});
const ids = (i: Inbox) => i.items.map((n) => [n.id, n.read]);
const inbox = (items: Notification[], unread: number): Inbox => ({ items, unread, next: null });

describe('the bell\'s inbox', () => {
  it.each([
    // [what, before, message, items after, unread after]
    ['the unread ones on connecting fill an empty bell, newest first',
      EMPTY_INBOX, { type: 'notifications', notifications: [note(5), note(3)], unread: 2 }, [[5, false], [3, false]], 2],
    ['on connecting again, one read elsewhere meanwhile shows read (the list was all of them)',
      inbox([note(5), note(3)], 2), { type: 'notifications', notifications: [note(5)], unread: 1 }, [[5, false], [3, true]], 1],
    ['…but not when the list was only the newest page of them',
      inbox([note(5), note(3)], 2), { type: 'notifications', notifications: [note(5)], unread: 60 }, [[5, false], [3, false]], 60],
    ['a live one goes on top and counts',
      inbox([note(3)], 1), { type: 'notification', notification: note(7) }, [[7, false], [3, false]], 2],
    ['the same live one twice counts once',
      inbox([note(7)], 1), { type: 'notification', notification: note(7) }, [[7, false]], 1],
    ['some marked read (by any tab): those, and the server\'s count',
      inbox([note(7), note(3)], 2), { type: 'notifications.read', ids: [3], unread: 1 }, [[7, false], [3, true]], 1],
    ['all marked read',
      inbox([note(7), note(3)], 2), { type: 'notifications.read', ids: 'all', unread: 0 }, [[7, true], [3, true]], 0],
  ] as const)('%s', (_what, before, msg, after, unread) => {
    const next = inboxReduce(structuredClone(before) as Inbox, structuredClone(msg) as Parameters<typeof inboxReduce>[1]);
    expect(ids(next)).toEqual(after);
    expect(next.unread).toBe(unread);
  });

  it('an older page joins below, and says where the next one starts', () => {
    const next = inboxPage(inbox([note(9), note(8)], 2), { notifications: [note(8), note(6, true)], unread: 2, next: 6 });
    expect(ids(next)).toEqual([[9, false], [8, false], [6, true]]);
    expect(next.next).toBe(6);
  });
});
