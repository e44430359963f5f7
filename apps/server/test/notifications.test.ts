// Issue 37, notifications: stored per account, told on connecting (unread) and live to every tab, read
// once and only by their owner; correspondence "your move" and the 80 % deadline warning (which a
// restart does not lose, nor repeat); an offer made while its player was away; a finished game.
import {
  MarkReadResultSchema, NotificationPageSchema, type Notification, type NotificationKind, type ServerMessageOf,
} from '@chu/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { NOTIFICATION_BOUNDS } from '../src/db/NotificationStore.ts';
import { seatedPair, TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const SLOW = 240_000; // a server restart or a fresh database, on a loaded machine
const DAY_MS = 24 * 3600_000;
// each test's accounts are its own: more registrations from the one test address than a person makes
const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 100 };
type Holder = { token: string; deviceId: string };

const page = async (url: string, who: Holder, query = '') => {
  const res = await request(url, 'GET', `/api/notifications${query}`, undefined, { bearer: who.token });
  return { status: res.status, body: (await res.json()) as unknown };
};
const list = async (url: string, who: Holder, query = '') => NotificationPageSchema.parse((await page(url, who, query)).body);
const markRead = async (url: string, who: Holder, body: unknown) => {
  const res = await post(url, '/api/notifications/read', body, { bearer: who.token });
  return { status: res.status, body: (await res.json()) as unknown };
};
const unreadOnConnect = (c: TestClient) => c.nextOf('notifications');
const live = (c: TestClient, kind: NotificationKind) =>
  c.nextOf('notification', (m) => m.notification.payload.kind === kind, 15_000).then((m) => m.notification);
/** A notification of this kind, told either on connecting (stored before) or live (stored after). */
const told = async (c: TestClient, kind: NotificationKind): Promise<Notification> => {
  const m = await c.next((x) => (x.type === 'notification' && x.notification.payload.kind === kind)
    || (x.type === 'notifications' && x.notifications.some((n) => n.payload.kind === kind)), 15_000);
  if (m.type === 'notification') return m.notification;
  return (m as ServerMessageOf<'notifications'>).notifications.find((n) => n.payload.kind === kind)!;
};
const userOf = async (server: TestServer, who: Holder) =>
  (await server.db.prisma.device.findUniqueOrThrow({ where: { id: who.deviceId } })).userId!;
const challengeFrom = (from: string, n: number) => ({ kind: 'challenge' as const, challengeId: `c${n}`, from });

describe('notifications (issue 37)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('a notification stored while offline arrives on connect, and is read once', async () => {
    const ana = await account(server.url, 'ana_offline');
    const stored = await server.notifications.notify(await userOf(server, ana), challengeFrom('ben', 1));
    expect(stored).toMatchObject({ read: false, payload: { kind: 'challenge', v: 1, from: 'ben' } });

    const tab = await TestClient.connect(server.url, ana);
    const told = await unreadOnConnect(tab);
    expect(told).toMatchObject({ unread: 1, notifications: [{ id: stored!.id, read: false }] });

    expect(MarkReadResultSchema.parse((await markRead(server.url, ana, { ids: [stored!.id] })).body)).toEqual({ marked: 1, unread: 0 });
    expect(await tab.nextOf('notifications.read')).toMatchObject({ ids: [stored!.id], unread: 0 });
    // marking again changes nothing; the next connection has nothing unread; the list still holds it, read
    expect((await markRead(server.url, ana, { ids: [stored!.id] })).body).toEqual({ marked: 0, unread: 0 });
    tab.close();
    const again = await TestClient.connect(server.url, ana);
    expect(await unreadOnConnect(again)).toMatchObject({ unread: 0, notifications: [] });
    expect((await list(server.url, ana)).notifications).toMatchObject([{ id: stored!.id, read: true }]);
    again.close();
  });

  it('live to every tab of the account, on every device; marking all read tells each of them', async () => {
    const ana = await account(server.url, 'ana_tabs');
    const anaId = await userOf(server, ana);
    const tabs = [await TestClient.connect(server.url, ana), await TestClient.connect(server.url, ana)];
    for (const t of tabs) await unreadOnConnect(t);
    const made = await server.notifications.notify(anaId, challengeFrom('ben', 2));
    for (const t of tabs) expect(await live(t, 'challenge')).toEqual(made);

    expect((await markRead(server.url, ana, { all: true })).body).toEqual({ marked: 1, unread: 0 });
    for (const t of tabs) expect(await t.nextOf('notifications.read')).toMatchObject({ ids: 'all', unread: 0 });
    for (const t of tabs) t.close();
  });

  it('pages newest first, read and unread', async () => {
    const ana = await account(server.url, 'ana_pages');
    const anaId = await userOf(server, ana);
    const made: Notification[] = [];
    for (let i = 0; i < 5; i++) made.push((await server.notifications.notify(anaId, challengeFrom(`ben${i}`, 10 + i)))!);
    await markRead(server.url, ana, { ids: [made[0].id] });
    const first = await list(server.url, ana, '?limit=3');
    expect(first.notifications.map((n) => n.id)).toEqual([made[4].id, made[3].id, made[2].id]);
    expect(first.unread).toBe(4);
    const second = await list(server.url, ana, `?limit=3&before=${first.next}`);
    expect(second.notifications.map((n) => [n.id, n.read])).toEqual([[made[1].id, false], [made[0].id, true]]);
    expect(second.next).toBeNull();
  });

  it('nothing in any answer reveals or changes another account\'s notifications', async () => {
    const ana = await account(server.url, 'ana_private');
    const ben = await account(server.url, 'ben_private');
    const anaNote = (await server.notifications.notify(await userOf(server, ana), challengeFrom('eve', 20)))!;
    const benTab = await TestClient.connect(server.url, ben);
    await unreadOnConnect(benTab);

    // Ben names Ana's notification: nothing is marked, and his answer is the one an unknown id gets
    expect((await markRead(server.url, ben, { ids: [anaNote.id] })).body).toEqual({ marked: 0, unread: 0 });
    expect((await markRead(server.url, ben, { ids: [anaNote.id + 100_000] })).body).toEqual({ marked: 0, unread: 0 });
    expect((await markRead(server.url, ben, { all: true })).body).toEqual({ marked: 0, unread: 0 });
    // his pages hold none of hers, from wherever he starts
    expect((await list(server.url, ben)).notifications).toEqual([]);
    expect((await list(server.url, ben, `?before=${anaNote.id + 1}`)).notifications).toEqual([]);
    // hers is still unread, and his socket heard nothing of it
    expect((await list(server.url, ana)).notifications).toMatchObject([{ id: anaNote.id, read: false }]);
    expect(benTab.silentFor((m) => m.type === 'notification' || m.type === 'notifications.read')).toBe(true);
    benTab.close();

    // a guest device has no notifications, and no way to anyone's
    const guest = await TestClient.device(server.url, 'Guest');
    expect(await page(server.url, guest)).toMatchObject({ status: 403, body: { code: 'account-required' } });
    expect(await markRead(server.url, guest, { ids: [anaNote.id] })).toMatchObject({ status: 403, body: { code: 'account-required' } });
  });

  it.each([
    ['an empty list of ids', { ids: [] }, 'ids:'],
    ['an id that is not a number', { ids: ['x'] }, 'ids.0:'],
    ['neither ids nor all', {}, 'either ids or all'],
    ['all: false', { all: false }, 'all:'],
    ['both ids and all', { ids: [1], all: true }, 'either ids or all'],
  ])('marking read refuses %s, naming it', async (_what, body, where) => {
    const ana = await account(server.url, `ana_bad_${Math.floor(Math.random() * 1e6)}`);
    const r = await markRead(server.url, ana, body);
    expect(r).toMatchObject({ status: 400, body: { code: 'malformed' } });
    expect((r.body as { message: string }).message).toContain(where);
  });

  it('a page larger than the limit is refused', async () => {
    const ana = await account(server.url, 'ana_big_page');
    expect(await page(server.url, ana, '?limit=500')).toMatchObject({ status: 400, body: { code: 'malformed' } });
  });

  it('an offer made while its player is away reaches them; one made while they are here does not', async () => {
    const ana = await account(server.url, 'ana_offer');
    const ben = await account(server.url, 'ben_offer');
    const benId = await userOf(server, ben);
    const { host, guest } = await seatedPair(server.url, { timeControl: { kind: 'correspondence', daysPerMove: 3 } }, { host: ana, guest: ben });
    expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
    expect(await host.command({ type: 'draw', gameId: host.game!.id, action: 'offer' }, 'offer-here')).toMatchObject({ type: 'ack' });
    expect(await guest.command({ type: 'draw', gameId: host.game!.id, action: 'decline' }, 'decline')).toMatchObject({ type: 'ack' });
    guest.close();
    await host.nextOf('room', (m) => !m.room.present.some((p) => p.deviceId === ben.deviceId));
    expect(await host.command({ type: 'draw', gameId: host.game!.id, action: 'offer' }, 'offer-away')).toMatchObject({ type: 'ack' });

    const back = await TestClient.connect(server.url, ben);
    expect((await told(back, 'offer')).payload).toEqual({ kind: 'offer', v: 1, gameId: host.game!.id, roomCode: host.room!.code, opponent: 'ana_offer', offer: 'draw' });
    await server.notifications.settled();
    expect(await server.db.prisma.notification.count({ where: { userId: benId, kind: 'offer' } })).toBe(1);
    host.close(); back.close();
  });

  it('a finished game is told to each account that played it, never to an account that watched it', async () => {
    const ana = await account(server.url, 'ana_finish');
    const ben = await account(server.url, 'ben_finish');
    const cleo = await account(server.url, 'cleo_watch');
    const { host, guest, gameId, code } = await seatedPair(server.url, {}, { host: ana, guest: ben });
    const watcher = await TestClient.connect(server.url, cleo);
    await watcher.join(code);
    guest.send({ type: 'resign', gameId, ack: 'resign' });
    const [forAna, forBen] = await Promise.all([live(host, 'game-finished'), live(guest, 'game-finished')]);
    expect(forAna.payload).toMatchObject({ color: 'black', opponent: 'ben_finish', outcome: { winner: 'black', reason: 'resign' } });
    expect(forBen.payload).toMatchObject({ color: 'white', opponent: 'ana_finish', outcome: { winner: 'black', reason: 'resign' } });
    await watcher.nextOf('event', (m) => m.event.kind === 'end');
    await server.notifications.settled();
    expect(await server.db.prisma.notification.count({ where: { userId: await userOf(server, cleo) } })).toBe(0); // issue 47, item 17
    host.close(); guest.close(); watcher.close();
  });

  it('a guest seat is told nothing (it has no inbox)', async () => {
    const ana = await account(server.url, 'ana_vs_guest');
    const { host, guest, gameId } = await seatedPair(server.url, {}, { host: ana });
    guest.send({ type: 'resign', gameId, ack: 'resign' });
    await live(host, 'game-finished');
    expect(await server.db.prisma.notification.count({ where: { payload: { path: ['gameId'], equals: gameId } } })).toBe(1);
    host.close(); guest.close();
  });
});

// Issue 46, defect 7: sending and cancelling a challenge stored and pushed one notification each time
// (five fresh accounts put 74 in one bell in 20 s). A sender's repeats collapse into its one entry, the
// news from others an account takes in a window is bounded, and old notifications are pruned.
/** A game won against Ben: news of the account's own game, from nobody else. */
const finished = (i: number) => ({ kind: 'game-finished' as const, gameId: `g${i}`, roomCode: 'ABCDEF', opponent: 'ben', color: 'white' as const, outcome: { winner: 'white' as const, reason: 'resign' as const } });

describe('a bell cannot be flooded (issue 46)', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ httpLimits: roomy }); }, SLOW);
  afterAll(async () => { await server?.stop(); });

  it('five accounts sending and cancelling challenges again and again leave one entry each, with the latest challenge', async () => {
    const ben = await account(server.url, 'ben_flooded');
    const senders = await Promise.all([1, 2, 3, 4, 5].map((i) => account(server.url, `flooder_${i}`)));
    const last = new Map<string, string>();
    for (let round = 0; round < 4; round++) {
      for (const [i, who] of senders.entries()) {
        const res = await post(server.url, '/api/challenges', { to: 'ben_flooded' }, { bearer: who.token });
        expect(res.status).toBe(200);
        const { challenge } = (await res.json()) as { challenge: { id: string } };
        last.set(`flooder_${i + 1}`, challenge.id);
        expect((await post(server.url, `/api/challenges/${challenge.id}/cancel`, {}, { bearer: who.token })).status).toBe(200);
      }
    }
    await server.notifications.settled();
    const bell = await list(server.url, ben, '?limit=50');
    expect(bell.unread).toBe(5);
    expect(bell.notifications.map((n) => n.payload).sort((a, b) => (a.kind === 'challenge' && b.kind === 'challenge' ? a.from.localeCompare(b.from) : 0)))
      .toEqual([...last].map(([from, challengeId]) => ({ v: 1, kind: 'challenge', challengeId, from })));
  });

  it(`news from others is bounded per account: past ${NOTIFICATION_BOUNDS.fromOthersPerWindow} in the window, nothing more is stored`, async () => {
    const cy = await account(server.url, 'cy_flooded');
    const cyId = await userOf(server, cy);
    const made = [];
    for (let i = 0; i < NOTIFICATION_BOUNDS.fromOthersPerWindow + 5; i++) made.push(await server.notifications.notify(cyId, challengeFrom(`sender${i}`, 500 + i)));
    expect(made.filter((n) => n !== null)).toHaveLength(NOTIFICATION_BOUNDS.fromOthersPerWindow);
    expect((await list(server.url, cy, '?limit=50')).unread).toBe(NOTIFICATION_BOUNDS.fromOthersPerWindow);
    // the account's own games' news is not news from others: still told
    expect(await server.notifications.notify(cyId, finished(1))).not.toBeNull();
  });

  it(`an account keeps its newest ${NOTIFICATION_BOUNDS.kept}, and read ones for 30 days`, async () => {
    const dee = await account(server.url, 'dee_pruned');
    const deeId = await userOf(server, dee);
    const { prisma } = server.db;
    // an old read one, a month and a day back
    const old = (await server.notifications.notify(deeId, finished(0)))!;
    await prisma.notification.update({ where: { id: old.id }, data: { readAt: new Date(), createdAt: new Date(Date.now() - 31 * DAY_MS) } });
    const first = (await server.notifications.notify(deeId, finished(1)))!;
    expect(await prisma.notification.count({ where: { id: old.id } })).toBe(0);
    for (let i = 2; i <= NOTIFICATION_BOUNDS.kept + 1; i++) await server.notifications.notify(deeId, finished(i));
    expect(await prisma.notification.count({ where: { userId: deeId } })).toBe(NOTIFICATION_BOUNDS.kept);
    expect(await prisma.notification.count({ where: { id: first.id } })).toBe(0);
  }, SLOW);
});

describe('correspondence: your move, and the deadline at 80 % (RULES.md §7)', () => {
  it('the player to move is told, then warned at 80 % of the turn, before the turn runs out', async () => {
    // 1 "second" = 0.02 ms: a day lasts 1.7 s
    const server = await startTestServer({ msPerSecond: 0.02 });
    try {
      const ana = await account(server.url, 'ana_corr');
      const ben = await account(server.url, 'ben_corr');
      const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'correspondence', daysPerMove: 1 } }, { host: ana, guest: ben });
      // the first mover is in the room and sees the game start: no "your move" (issue 47, item 17)
      expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
      const yourMove = await live(guest, 'your-move');
      const deadline = host.game!.clock!.deadline!;
      expect(yourMove.payload).toEqual({ kind: 'your-move', v: 1, gameId, roomCode: host.room!.code, opponent: 'ana_corr', deadline });
      const warned = await live(guest, 'deadline');
      expect(warned.payload).toMatchObject({ kind: 'deadline', gameId, deadline });
      expect(warned.at).toBeGreaterThanOrEqual(deadline - 0.2 * 1728 - 5);
      // …and only then does the day run out
      await guest.nextOf('event', (m) => m.event.kind === 'end', 15_000);
      await live(guest, 'game-finished');
      await live(host, 'game-finished');
      const kinds = guest.inbox.flatMap((m) => (m.type === 'notification' ? [m.notification.payload.kind] : m.type === 'event' && m.event.kind === 'end' ? ['end'] : []));
      expect(kinds).toEqual(['your-move', 'deadline', 'end', 'game-finished']);
      // the mover is warned of nothing of their own
      expect(host.inbox.filter((m) => m.type === 'notification').map((m) => (m as ServerMessageOf<'notification'>).notification.payload.kind)).toEqual(['game-finished']);
      host.close(); guest.close();
    } finally {
      await server.stop();
    }
  }, SLOW);

  it('the warning is armed from the stored turn when the game loads again: due by then, it comes at once, and only once', async () => {
    const target = await testDatabase();
    let server = await startTestServer({ httpLimits: roomy }, target);
    try {
      const ana = await account(server.url, 'ana_restart');
      const ben = await account(server.url, 'ben_restart');
      const { host, guest, gameId } = await seatedPair(server.url, { timeControl: { kind: 'correspondence', daysPerMove: 1 } }, { host: ana, guest: ben });
      expect(await host.move('7j5h')).toMatchObject({ type: 'ack' });
      await live(guest, 'your-move');
      host.close(); guest.close();
      await server.stop();
      // while no server runs, 85 % of White's day goes by
      const db = await openDatabase({ ...target, migrationsDir: defaultConfig().migrationsDir });
      await db.prisma.$executeRaw`UPDATE "games" SET "turn_started_at" = ${new Date(Date.now() - 0.85 * DAY_MS)} WHERE "id" = ${gameId}`;
      await db.close();

      server = await startTestServer({}, target);
      const back = await TestClient.connect(server.url, ben);
      // on connecting (stored before) or live (stored just after): either way, once
      expect((await told(back, 'deadline')).payload).toMatchObject({ gameId, kind: 'deadline' });
      await server.stop();
      server = await startTestServer({}, target);
      await server.notifications.settled();
      const benId = await userOf(server, ben);
      expect(await server.db.prisma.notification.count({ where: { userId: benId, kind: 'deadline' } })).toBe(1);
      const game = await server.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
      expect(game.status).toBe('active'); // 15 % of the day is still White's
      back.close();
    } finally {
      await server.stop();
      await target.dispose();
    }
  }, SLOW);
});
