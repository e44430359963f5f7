// Notifications on the wire (issue 37): payloads typed per kind and versioned, the socket messages, the
// HTTP bodies, and where each kind leads.
import { describe, expect, it } from 'vitest';
import {
  MarkReadBodySchema, NotificationPayloadSchema, notificationPath, PushSubscriptionBodySchema, ServerMessageSchema, type NotificationPayload,
} from '../src/index.ts';

const game = { gameId: 'g1', roomCode: 'ABCDEF', opponent: 'ben' };
const finished: NotificationPayload = { kind: 'game-finished', v: 1, ...game, color: 'black', outcome: { winner: 'white', reason: 'resign' } };

describe('notification payloads', () => {
  it.each([
    // [payload, where it leads]
    [{ kind: 'challenge', v: 1, challengeId: 'c1', from: 'ana' }, '/#/challenge/c1'],
    [{ kind: 'your-move', v: 1, ...game, deadline: 1_800_000_000_000 }, '/#/room/ABCDEF'],
    [{ kind: 'deadline', v: 1, ...game, deadline: 1_800_000_000_000 }, '/#/room/ABCDEF'],
    [{ kind: 'offer', v: 1, ...game, offer: 'takeback' }, '/#/room/ABCDEF'],
    [finished, '/#/room/ABCDEF'],
    [{ kind: 'tournament-starting', v: 1, tournamentId: 't1', name: 'Winter', startsAt: 1_800_000_000_000 }, '/#/tournament/t1'],
    [{ kind: 'round-ready', v: 1, tournamentId: 't1', name: 'Winter', round: 2, roomCode: 'ABCDEF' }, '/#/room/ABCDEF'],
    [{ kind: 'round-ready', v: 1, tournamentId: 't1', name: 'Winter', round: 2, roomCode: null }, '/#/tournament/t1'],
  ] as const)('%o leads to %s', (payload, path) => {
    const parsed = NotificationPayloadSchema.parse(payload);
    expect(notificationPath(parsed)).toBe(path);
  });

  it.each([
    ['no version', { kind: 'offer', ...game, offer: 'draw' }],
    ['a version not written yet', { kind: 'offer', v: 2, ...game, offer: 'draw' }],
    ['an unknown kind', { kind: 'friend-online', v: 1 }],
    ['a field of another kind', { kind: 'offer', v: 1, ...game, offer: 'draw', from: 'ana' }],
    ['an offer of something else', { kind: 'offer', v: 1, ...game, offer: 'rematch' }],
  ])('refuses %s', (_what, payload) => {
    expect(NotificationPayloadSchema.safeParse(payload).success).toBe(false);
  });

  it('the socket messages parse as server messages', () => {
    const notification = { id: 7, at: 1_800_000_000_000, read: false, payload: finished };
    for (const m of [
      { type: 'notifications', notifications: [notification], unread: 1 },
      { type: 'notification', notification },
      { type: 'notifications.read', ids: [7], unread: 0 },
      { type: 'notifications.read', ids: 'all', unread: 0 },
    ]) expect(ServerMessageSchema.parse(m)).toEqual(m);
  });
});

describe('notification bodies', () => {
  it.each([
    [{ ids: [1, 2] }, true],
    [{ all: true }, true],
    [{}, false],
    [{ ids: [] }, false],
    [{ ids: [1], all: true }, false],
    [{ ids: Array.from({ length: 51 }, (_, i) => i + 1) }, false], // at most a page
  ])('mark read %o: %s', (body, ok) => {
    expect(MarkReadBodySchema.safeParse(body).success).toBe(ok);
  });

  it('a push subscription is https, with a P-256 key and an auth secret, and a language', () => {
    const sub = { endpoint: 'https://push.example/x', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }, lang: 'ja' };
    expect(PushSubscriptionBodySchema.safeParse(sub).success).toBe(true);
    expect(PushSubscriptionBodySchema.safeParse({ ...sub, endpoint: 'http://push.example/x' }).success).toBe(false);
    expect(PushSubscriptionBodySchema.safeParse({ ...sub, keys: { p256dh: 'B'.repeat(87) } }).success).toBe(false);
    expect(PushSubscriptionBodySchema.safeParse({ ...sub, lang: 'de' }).success).toBe(false);
  });
});
