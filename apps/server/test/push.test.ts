// Issue 37, Web Push for real: the `web-push` library sends to a push service of our own on 127.0.0.1,
// which decrypts what arrives as a browser would (RFC 8291) and checks the VAPID signature with the key
// the site serves. A push goes when no tab of the account is open, for the kinds it wants pushed, to
// browsers still logged in to it; a subscription its service calls gone is removed.
import { PushMessageSchema, PushPublicKeySchema } from '@chu/protocol';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, KNOWN_PUSH_SERVICES } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { PushStore } from '../src/db/PushStore.ts';
import { publicLookup } from '../src/notifications/publicAddress.ts';
import { deviceChannel } from '../src/realtime/Fanout.ts';
import { TestClient } from './support/TestClient.ts';
import { account, post, request } from './support/http.ts';
import { BrowserKeys, PUSH_SERVICE_CA, PushService, vapidClaims } from './support/pushService.ts';
import { testDatabase } from './support/testDatabase.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const SLOW = 240_000;
const SUBJECT = 'mailto:push-test@chu.example';
const roomy = { ...defaultConfig().httpLimits, devices: 200, registers: 100 };
type Holder = { token: string; deviceId: string };

const subscribe = (url: string, who: Holder, body: unknown) => post(url, '/api/push/subscriptions', body, { bearer: who.token });
const unsubscribe = (url: string, who: Holder, endpoint: string) => request(url, 'DELETE', '/api/push/subscriptions', { endpoint }, { bearer: who.token });
const userOf = async (server: TestServer, who: Holder) => (await server.db.prisma.device.findUniqueOrThrow({ where: { id: who.deviceId } })).userId!;
const publicKey = async (url: string) => PushPublicKeySchema.parse(await (await request(url, 'GET', '/api/push/public-key')).json()).publicKey;
let challenges = 0;
const challenge = (from: string) => ({ kind: 'challenge' as const, challengeId: `c${++challenges}`, from });

describe('Web Push (issue 37)', () => {
  let server: TestServer;
  let service: PushService;
  beforeAll(async () => {
    service = await PushService.start();
    server = await startTestServer({ httpLimits: roomy, push: { subject: SUBJECT, ca: PUSH_SERVICE_CA, hosts: ['127.0.0.1'] } });
  }, SLOW);
  afterAll(async () => { await server?.stop(); await service?.close(); });
  /** A new account whose browser (keys of its own, an endpoint of the service) turned pushes on. */
  const subscriber = async (username: string, lang = 'en') => {
    const who = await account(server.url, username);
    const browser = new BrowserKeys();
    const endpoint = service.endpoint();
    expect((await subscribe(server.url, who, browser.subscription(endpoint, lang))).status).toBe(204);
    return { who, id: await userOf(server, who), browser, endpoint };
  };

  it('a notification for an account with no tab open is pushed, encrypted for its browser and signed by the site', async () => {
    const { id, browser, endpoint } = await subscriber('ana_push', 'es');
    const made = (await server.notifications.notify(id, challenge('ben')))!;
    const delivery = await service.nth(endpoint, 1);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
    expect(PushMessageSchema.parse(browser.decrypt(delivery.body))).toEqual({
      id: made.id, kind: 'challenge', title: 'ben te desafía', body: 'Chu Shogi Online', url: `/#/challenge/${made.payload.kind === 'challenge' && made.payload.challengeId}`, payload: made.payload,
    });
    const served = await publicKey(server.url);
    const { claims, k } = vapidClaims(String(delivery.headers.authorization), served);
    expect(k).toBe(served);
    expect(claims).toMatchObject({ aud: service.origin, sub: SUBJECT });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('a tab open gets it live instead; once it closes, the next one is pushed', async () => {
    const { who: ana, id: anaId, browser, endpoint } = await subscriber('ana_tab_open');
    const tab = await TestClient.connect(server.url, ana);
    await server.notifications.notify(anaId, challenge('ben'));
    await tab.nextOf('notification');
    await server.notifications.settled();
    expect(service.to(endpoint)).toHaveLength(0);
    tab.close();
    while ((await server.io.in(deviceChannel(ana.deviceId)).fetchSockets()).length > 0) await new Promise((r) => setTimeout(r, 20));
    await server.notifications.notify(anaId, challenge('eve'));
    expect(browser.decrypt((await service.nth(endpoint, 1)).body)).toMatchObject({ title: 'eve challenges you' });
  });

  it('only the kinds the account wants pushed are pushed; the others only show in the bell', async () => {
    const { who: ana, id: anaId, browser, endpoint } = await subscriber('ana_prefs');
    const prefs = (path: string, method: string, body?: unknown) => request(server.url, method, path, body, { bearer: ana.token });
    expect(await (await prefs('/api/notifications/preferences', 'GET')).json()).toEqual({ push: ['challenge', 'your-move', 'deadline', 'offer', 'game-finished', 'tournament-starting', 'round-ready'] });
    const put = await prefs('/api/notifications/preferences', 'PUT', { push: ['game-finished', 'your-move', 'your-move'] });
    expect(await put.json()).toEqual({ push: ['your-move', 'game-finished'] });
    expect((await prefs('/api/notifications/preferences', 'PUT', { push: ['everything'] })).status).toBe(400);

    await server.notifications.notify(anaId, challenge('ben'));
    await server.notifications.settled();
    expect(service.to(endpoint)).toHaveLength(0);
    const finished = { kind: 'game-finished' as const, gameId: 'g1', roomCode: 'ABCDEF', opponent: 'ben', color: 'white' as const, outcome: { winner: 'white' as const, reason: 'resign' as const } };
    await server.notifications.notify(anaId, finished);
    expect(browser.decrypt((await service.nth(endpoint, 1)).body)).toMatchObject({ kind: 'game-finished', title: 'You won against ben', url: '/#/room/ABCDEF' });
  });

  it.each([410, 404])('a subscription its push service answers %i is removed, and pushed to no more', async (status) => {
    const { id: anaId, endpoint } = await subscriber(`ana_gone_${status}`);
    service.answer(endpoint, status);
    await server.notifications.notify(anaId, challenge('ben'));
    await service.nth(endpoint, 1);
    await server.notifications.settled();
    expect(await server.db.prisma.pushSubscription.count({ where: { endpoint } })).toBe(0);
    await server.notifications.notify(anaId, challenge('eve')); // another sender: news of its own
    await server.notifications.settled();
    expect(service.to(endpoint)).toHaveLength(1);
  });

  it('nothing reveals or ends another account\'s subscription; a device logged out is pushed nothing of the account', async () => {
    const ana = await account(server.url, 'ana_private_push');
    const ben = await account(server.url, 'ben_private_push');
    const browser = new BrowserKeys();
    const endpoint = service.endpoint();
    const anaSubscribed = await subscribe(server.url, ana, browser.subscription(endpoint));
    expect(anaSubscribed.status).toBe(204);
    expect(await anaSubscribed.text()).toBe('');
    // Ben names Ana's endpoint: answered as any other, and hers stands
    const benTries = await unsubscribe(server.url, ben, endpoint);
    expect(benTries.status).toBe(204);
    expect(await benTries.text()).toBe('');
    const anaId = await userOf(server, ana);
    await server.notifications.notify(anaId, challenge('eve'));
    await service.nth(endpoint, 1);
    // her own unsubscribe ends it
    expect((await unsubscribe(server.url, ana, endpoint)).status).toBe(204);
    expect(await server.db.prisma.pushSubscription.count({ where: { endpoint } })).toBe(0);

    // subscribed again, then that device logs out: the account's pushes no longer go there
    await subscribe(server.url, ana, browser.subscription(endpoint));
    expect((await post(server.url, '/api/account/logout', {}, { bearer: ana.token })).status).toBe(200);
    await server.notifications.notify(anaId, challenge('fay'));
    await server.notifications.settled();
    expect(service.to(endpoint)).toHaveLength(1);
  });

  // issue 46, defect 12: the upsert by endpoint moved Ana's row to Ben, and his delete then ended her pushes
  it('posting another account\'s endpoint takes nothing over: hers stays hers, and his delete leaves it', async () => {
    const { id: anaId, browser, endpoint } = await subscriber('ana_taken_over');
    const ben = await account(server.url, 'ben_takes_over');
    expect((await subscribe(server.url, ben, new BrowserKeys().subscription(endpoint))).status).toBe(204);
    await server.notifications.notify(anaId, challenge('eve'));
    expect(browser.decrypt((await service.nth(endpoint, 1)).body)).toMatchObject({ title: 'eve challenges you' });
    expect((await unsubscribe(server.url, ben, endpoint)).status).toBe(204);
    await server.notifications.notify(anaId, challenge('fay'));
    expect(browser.decrypt((await service.nth(endpoint, 2)).body)).toMatchObject({ title: 'fay challenges you' });
    expect((await server.db.prisma.pushSubscription.findMany({ where: { endpoint } })).map((r) => r.userId)).toEqual([anaId]);
  });

  it('a deleted account leaves no subscription, notification or preference behind, and is notified no more', async () => {
    const { who, id, endpoint } = await subscriber('ana_deleted');
    await server.notifications.notify(id, challenge('ben'));
    await service.nth(endpoint, 1);
    await request(server.url, 'PUT', '/api/notifications/preferences', { push: ['challenge'] }, { bearer: who.token });
    expect((await post(server.url, '/api/account/delete', { password: 'correct horse battery' }, { bearer: who.token })).status).toBe(200);
    const { prisma } = server.db;
    expect([await prisma.pushSubscription.count({ where: { userId: id } }), await prisma.notification.count({ where: { userId: id } }),
      await prisma.notificationPreference.count({ where: { userId: id } })]).toEqual([0, 0, 0]);
    expect(await server.notifications.notify(id, challenge('ben'))).toBeNull();
  });

  it.each([
    ['an http endpoint', (b: ReturnType<BrowserKeys['subscription']>) => ({ ...b, endpoint: b.endpoint.replace('https:', 'http:') }), 'endpoint:'],
    ['a key that is not base64url', (b: ReturnType<BrowserKeys['subscription']>) => ({ ...b, keys: { ...b.keys, p256dh: '!'.repeat(87) } }), 'keys.p256dh:'],
    ['no auth secret', (b: ReturnType<BrowserKeys['subscription']>) => ({ ...b, keys: { p256dh: b.keys.p256dh } }), 'keys.auth:'],
    ['an endpoint at no known push service', (b: ReturnType<BrowserKeys['subscription']>) => ({ ...b, endpoint: 'https://169.254.169.254/latest/meta-data' }), 'endpoint: not at a push service'],
    ['an endpoint at a look-alike host', (b: ReturnType<BrowserKeys['subscription']>) => ({ ...b, endpoint: b.endpoint.replace('127.0.0.1', '127.0.0.1.example.net') }), 'endpoint: not at a push service'],
    ['an unknown language', (b: ReturnType<BrowserKeys['subscription']>) => ({ ...b, lang: 'fr' }), 'lang:'],
  ])('a subscription with %s is refused, naming it, and nothing is stored', async (_what, spoil, where) => {
    const ana = await account(server.url, `ana_bad_sub_${Math.floor(Math.random() * 1e6)}`);
    const body = spoil(new BrowserKeys().subscription(service.endpoint()));
    const res = await subscribe(server.url, ana, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe('malformed');
    expect(answer.message).toContain(where);
    expect(await server.db.prisma.pushSubscription.count({ where: { userId: await userOf(server, ana) } })).toBe(0);
  });

  it('a guest device cannot subscribe; the public key is anyone\'s', async () => {
    const guest = await TestClient.device(server.url, 'Guest');
    const res = await subscribe(server.url, guest, new BrowserKeys().subscription(service.endpoint()));
    expect(res.status).toBe(403);
    expect(Buffer.from(await publicKey(server.url), 'base64url')).toHaveLength(65); // an uncompressed P-256 point
  });
});

// Issue 46, defect 2: the allow-list was read with WHATWG URL and the push sent with the legacy url.parse,
// which reads another host in these: each was accepted (204) and contacted on the next push. An endpoint
// is taken only in a strict grammar that both parsers read alike, and a push connects only to a public
// address of its host, resolved when it is sent.
describe('push endpoints are read one way, and pushes reach no internal address (issue 46)', () => {
  let server: TestServer;
  let service: PushService;
  beforeAll(async () => {
    service = await PushService.start();
    // the push services of the world, and one name of this machine (localhost resolves to 127.0.0.1)
    server = await startTestServer({ httpLimits: roomy, push: { subject: SUBJECT, ca: PUSH_SERVICE_CA, hosts: [...KNOWN_PUSH_SERVICES, 'localhost'] } });
  }, SLOW);
  afterAll(async () => { await server?.stop(); await service?.close(); });

  it.each([
    'https://127.0.0.1;.fcm.googleapis.com/a',
    'https://localhost;.fcm.googleapis.com/b',
    "https://127.0.0.1'.fcm.googleapis.com/c",
    'https://127.0.0.1{.fcm.googleapis.com/d',
    'https://evil.example;.push.services.mozilla.com/e',
    'https:fcm.googleapis.com/x',
    'https://169.254.169.254\\.fcm.googleapis.com/f',
    'https://fcm.googleapis.com@127.0.0.1/g',
    'https://127.0.0.1#.fcm.googleapis.com/h',
    'https://127.0.0.1?.fcm.googleapis.com/i',
    'https://FCM.googleapis.com%2e127.0.0.1/j',
    'https://fcm.googleapis.com./k',
    'https://0x7f.0.0.1/l',
    'https://fcm.googleapis.com/a/../../m',
  ])('%s is refused (400, naming the endpoint), and nothing is stored', async (endpoint) => {
    const ana = await account(server.url, `ana_parse_${Math.floor(Math.random() * 1e6)}`);
    const res = await subscribe(server.url, ana, new BrowserKeys().subscription(endpoint));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'malformed', message: expect.stringContaining('endpoint') });
    expect(await server.db.prisma.pushSubscription.count({ where: { userId: await userOf(server, ana) } })).toBe(0);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH-x_y8Z',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-2_aZ',
    'https://wns2-bl2p.notify.windows.com/w/?token=BQYAAAD%2bG%3d%3d',
    'https://web.push.apple.com/QGm5_8wYm-R1w',
  ])('a real push service\'s endpoint is taken as it is: %s', async (endpoint) => {
    const ana = await account(server.url, `ana_real_${Math.floor(Math.random() * 1e6)}`);
    expect((await subscribe(server.url, ana, new BrowserKeys().subscription(endpoint))).status).toBe(204);
    expect((await server.db.prisma.pushSubscription.findMany({ where: { userId: await userOf(server, ana) } })).map((r) => r.endpoint)).toEqual([endpoint]);
  });

  it('a listed name that resolves to a loopback address is never contacted', async () => {
    const ana = await account(server.url, 'ana_loopback');
    const endpoint = service.endpoint().replace('127.0.0.1', 'localhost');
    expect((await subscribe(server.url, ana, new BrowserKeys().subscription(endpoint))).status).toBe(204);
    await server.notifications.notify(await userOf(server, ana), challenge('ben'));
    await server.notifications.settled();
    expect(service.to(endpoint)).toHaveLength(0);
  });

  // the agent's lookup, given a resolver of the test's own that answers these addresses for any name
  it.each([
    ['127.0.0.1', false], ['127.8.9.10', false], ['10.1.2.3', false], ['172.16.0.1', false], ['192.168.1.1', false],
    ['169.254.169.254', false], ['100.64.0.1', false], ['0.0.0.0', false], ['::1', false], ['fe80::1', false],
    ['fd00::1', false], ['::ffff:127.0.0.1', false], ['::ffff:a9fe:a9fe', false], ['142.250.74.106', true], ['2a00:1450:4001::200a', true],
  ] as const)('a push host resolving to %s: %s', async (address, sent) => {
    const resolve = (_name: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
    const lookup = publicLookup(new Set(), resolve);
    const answer = await new Promise<{ err: Error | null; address: unknown }>((r) => lookup('push.example', { all: true }, (err, a) => r({ err, address: a })));
    expect(answer.err === null).toBe(sent);
    if (sent) expect(answer.address).toEqual([{ address, family: address.includes(':') ? 6 : 4 }]);
  });
});

describe('the site\'s VAPID keys', () => {
  it('are made once: processes starting at once agree on one pair, and a restart keeps it', async () => {
    const target = await testDatabase();
    try {
      // Postgres: three connections, as three processes have. PGlite serves one process per data
      // directory: there, concurrent starts on its one connection stand in.
      const open = () => openDatabase({ ...target, migrationsDir: defaultConfig().migrationsDir });
      const dbs = target.databaseUrl ? [await open(), await open(), await open()] : [await open()];
      const stores = [0, 1, 2].map((i) => new PushStore(dbs[i % dbs.length].prisma));
      const keys = await Promise.all(stores.map((s) => s.vapidKeys(() => webpush.generateVAPIDKeys())));
      expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
      for (const d of dbs) await d.close();
      const server = await startTestServer({}, target);
      try {
        expect(await publicKey(server.url)).toBe(keys[0].publicKey);
      } finally {
        await server.stop();
      }
    } finally {
      await target.dispose();
    }
  }, SLOW);
});
