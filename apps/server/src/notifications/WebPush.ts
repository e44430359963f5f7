import { Agent } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { notificationPath, type Notification, type NotificationKind, type PushMessage, type PushSubscriptionBody } from '@chu/protocol';
import type { Logger } from 'pino';
import type webpushModule from 'web-push';
import type { PushStore, StoredSubscription, VapidKeys } from '../db/PushStore.ts';
import type { PushSender } from './Notifications.ts';
import { publicLookup, reachable } from './publicAddress.ts';
import { pushEndpoint, type PushEndpoint } from './pushEndpoint.ts';
import { PUSH_TITLE, pushText } from './pushWords.ts';

const TTL_S = 24 * 3600; // a push service keeps a message this long for a browser that is offline
const SEND_TIMEOUT_MS = 10_000;
// web-push and its crypto dependencies (~10 MB resident) load with the site's first start or first push,
// not with every process that never sends one.
const library = async (): Promise<typeof webpushModule> => (await import('web-push')).default;

/**
 * Web Push with the `web-push` library: the site's VAPID keys (made at the first start, stored), the
 * browsers' subscriptions, and sending. A subscription its push service calls gone (404, 410) is removed.
 * Every push goes through one agent whose connections reach only public addresses of the push hosts
 * (or an address the operator listed among them), resolved when the push is sent.
 */
export class WebPush implements PushSender {
  private readonly agent: Agent;
  private readonly listed: ReadonlySet<string>; // the push hosts the operator gave as addresses: reached even when private

  private constructor(
    private readonly store: PushStore,
    private readonly keys: VapidKeys,
    private readonly subject: string,
    ca: string | null,
    private readonly hosts: readonly string[],
    private readonly log: Logger,
  ) {
    this.listed = new Set(hosts.filter((h) => isIP(h) !== 0));
    this.agent = new Agent({ ...(ca ? { ca: [...rootCertificates, ca] } : {}), keepAlive: true, lookup: publicLookup(this.listed) });
  }

  /** Loads the site's VAPID keys, making them if this is the first start. */
  static async open(store: PushStore, config: { subject: string; ca: string | null; hosts: readonly string[] }, log: Logger): Promise<WebPush> {
    const keys = await store.vapidKeys(async () => (await library()).generateVAPIDKeys());
    return new WebPush(store, keys, config.subject, config.ca, config.hosts, log);
  }

  /**
   * The endpoint as it will be sent, when it is at a push service this site sends to (CHU_PUSH_HOSTS)
   * however it is parsed: never an address of the user's choosing.
   */
  endpointOf(raw: string): PushEndpoint {
    return pushEndpoint(raw, this.hosts);
  }

  /** The applicationServerKey a browser subscribes with. */
  get publicKey(): string { return this.keys.publicKey; }

  subscribe(accountId: string, deviceId: string, s: PushSubscriptionBody): Promise<void> {
    return this.store.subscribe(accountId, deviceId, s);
  }

  unsubscribe(accountId: string, endpoint: string): Promise<void> {
    return this.store.unsubscribe(accountId, endpoint);
  }

  /** The kinds the account wants pushed (Ajustes); the others only show in the bell. */
  preferences(accountId: string): Promise<NotificationKind[]> {
    return this.store.pushKinds(accountId);
  }

  setPreferences(accountId: string, kinds: NotificationKind[]): Promise<NotificationKind[]> {
    return this.store.setPushKinds(accountId, kinds);
  }

  close(): void {
    this.agent.destroy();
  }

  /** To every browser of the account that subscribed, when the account wants this kind pushed. */
  async push(accountId: string, n: Notification): Promise<void> {
    if (!(await this.store.pushKinds(accountId)).includes(n.payload.kind)) return;
    await Promise.all((await this.store.subscriptionsOf(accountId)).map((s) => this.send(s, n)));
  }

  private async send(s: StoredSubscription, n: Notification): Promise<void> {
    // checked again as it is sent: a row stored before the check was strict, or a host list changed since
    const where = pushEndpoint(s.endpoint, this.hosts);
    if (!where.ok) {
      await this.store.remove(s.id);
      this.log.warn({ subscription: s.id, why: where.why }, 'push endpoint refused: subscription removed');
      return;
    }
    // a name is resolved and checked by the agent's lookup; an address is connected to without one
    if (isIP(where.host) !== 0 && !reachable(where.host, this.listed)) {
      this.log.warn({ subscription: s.id }, 'push endpoint at an internal address: not sent');
      return;
    }
    const message: PushMessage = { id: n.id, kind: n.payload.kind, title: pushText(n.payload, s.lang), body: PUSH_TITLE, url: notificationPath(n.payload), payload: n.payload };
    const webpush = await library();
    try {
      await webpush.sendNotification({ endpoint: where.endpoint, keys: s.keys }, JSON.stringify(message), {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: TTL_S,
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        agent: this.agent,
      });
    } catch (err) {
      if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await this.store.remove(s.id);
        this.log.info({ subscription: s.id, status: err.statusCode }, 'push subscription gone: removed');
        return;
      }
      this.log.warn({ err, subscription: s.id }, 'push not delivered');
    }
  }
}
