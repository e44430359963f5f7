import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../log.ts';

/** Devices another process changed, or null: news may have been missed, believe nothing cached before now. */
export type ChangeListener = (deviceIds: string[] | null) => void;

/**
 * How a change to devices (a token rotated at login, logout or registration, an account logged out
 * elsewhere, a rename) reaches every process of the site, whose identity caches and open sockets
 * must follow it at once.
 */
export interface IdentityChanges {
  /** Whether this process hears every change now: if not, a cached identity is not to be believed. */
  readonly listening: boolean;
  /** Tells the site's other processes (a change is stored before it is published). */
  publish(deviceIds: string[]): Promise<void>;
  listen(listener: ChangeListener): void;
  close(): void;
}

/** One process alone: it makes every change itself, so it hears them all. */
export const aloneChanges: IdentityChanges = {
  listening: true,
  publish: async () => {},
  listen: () => {},
  close: () => {},
};

const NewsSchema = z.object({ from: z.string(), devices: z.array(z.string().max(64)).max(10_000) });
const PUBLISH_WAIT_MS = 1000;

/**
 * Changes on a Redis pub/sub channel of the site (`<site prefix>:identity`). Pub/sub keeps nothing for
 * a subscriber that is away, so a process is `listening` only while its subscription stands; each time
 * it is (re)established, listeners hear null (forget what was cached while deaf).
 */
export class RedisChanges implements IdentityChanges {
  private readonly channel: string;
  private readonly from = randomBytes(6).toString('hex'); // our own news comes back on the channel: skipped
  private readonly sub: Redis;
  private readonly pub: Redis;
  private readonly listeners: ChangeListener[] = [];
  private subscribed = false;
  private connection = 0; // counts connections of `sub`: a subscription confirmed after a drop is not trusted

  constructor(redis: Redis, prefix: string, private readonly log: Logger) {
    this.channel = `${prefix}:identity`;
    this.sub = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null, autoResubscribe: false });
    // The shared client fails fast while Redis is away (for the rate limits); news waits for Redis instead.
    this.pub = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null });
    for (const r of [this.sub, this.pub]) r.on('error', () => {}); // the shared client already says when Redis is unreachable
    this.sub.on('close', () => {
      this.connection++;
      this.subscribed = false;
    });
    this.sub.on('ready', () => {
      const at = ++this.connection;
      this.sub.subscribe(this.channel).then(() => {
        if (at !== this.connection) return;
        this.subscribed = true;
        for (const l of this.listeners) l(null);
      }, (err: Error) => this.log.warn({ err: err.message }, 'identity channel not subscribed'));
    });
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      const news = parseNews(raw);
      if (!news) return this.log.warn({ raw: raw.slice(0, 200) }, 'identity news not understood');
      if (news.from !== this.from) for (const l of this.listeners) l(news.devices);
    });
  }

  get listening(): boolean {
    return this.subscribed;
  }

  /**
   * Waits at most PUBLISH_WAIT_MS: while Redis is away the news goes out when it is back. The other
   * processes are then deaf as well (their subscription dropped with it), so they believe no cache meanwhile.
   */
  async publish(deviceIds: string[]): Promise<void> {
    if (deviceIds.length === 0) return;
    const sent = this.pub.publish(this.channel, JSON.stringify({ from: this.from, devices: deviceIds }))
      .catch((err: Error) => this.log.error({ err: err.message, devices: deviceIds }, 'identity change not published'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([sent, new Promise((r) => { timer = setTimeout(r, PUBLISH_WAIT_MS); })]);
    clearTimeout(timer);
  }

  listen(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.subscribed = false;
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

function parseNews(raw: string): z.infer<typeof NewsSchema> | null {
  try {
    const r = NewsSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
