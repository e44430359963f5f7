import {
  MarkReadBodySchema, NotificationPreferencesSchema, NotificationsQuerySchema, PushSubscriptionBodySchema, PushUnsubscribeBodySchema,
  type MarkReadResult, type NotificationPage, type NotificationPreferences,
} from '@chu/protocol';
import type { FastifyInstance } from 'fastify';
import type { Identity } from '../identity/Identity.ts';
import type { Notifications } from '../notifications/Notifications.ts';
import type { WebPush } from '../notifications/WebPush.ts';
import { HttpRefusal } from './errors.ts';
import { parsed, requestAccount } from './requester.ts';

// Every door here also counts against the address's global limit (http/limits.ts); the writes have their own.
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

/**
 * An account's notifications over HTTP, only ever the requesting account's: `GET /api/notifications`
 * (a page, newest first, read and unread), `POST /api/notifications/read` (ids, or all), the kinds it
 * wants pushed (`GET`/`PUT /api/notifications/preferences`), and its browsers' Web Push subscriptions
 * (`POST`/`DELETE /api/push/subscriptions`; `GET /api/push/public-key` is anyone's).
 */
export function registerNotificationRoutes(app: FastifyInstance, identity: Identity, notifications: Notifications, push: WebPush) {
  app.get('/api/notifications', async (req): Promise<NotificationPage> => {
    const { user } = await requestAccount(identity, req);
    return notifications.list(user.id, parsed(NotificationsQuerySchema, req.query, 'query'));
  });

  app.post('/api/notifications/read', perMinute(120), async (req): Promise<MarkReadResult> => {
    const { user } = await requestAccount(identity, req);
    const b = parsed(MarkReadBodySchema, req.body);
    return notifications.markRead(user.id, b.all ? 'all' : b.ids ?? []);
  });

  app.get('/api/notifications/preferences', async (req): Promise<NotificationPreferences> => {
    const { user } = await requestAccount(identity, req);
    return { push: await push.preferences(user.id) };
  });

  app.put('/api/notifications/preferences', perMinute(30), async (req): Promise<NotificationPreferences> => {
    const { user } = await requestAccount(identity, req);
    const b = parsed(NotificationPreferencesSchema, req.body);
    return { push: await push.setPreferences(user.id, b.push) };
  });

  app.get('/api/push/public-key', async () => ({ publicKey: push.publicKey }));

  // A browser of this device subscribes (again) for the account logged in on it.
  app.post('/api/push/subscriptions', perMinute(20), async (req, reply) => {
    const d = await requestAccount(identity, req);
    const s = parsed(PushSubscriptionBodySchema, req.body);
    const where = push.endpointOf(s.endpoint);
    if (!where.ok) throw new HttpRefusal(400, 'malformed', `endpoint: ${where.why}.`);
    await push.subscribe(d.user.id, d.id, { ...s, endpoint: where.endpoint });
    return reply.code(204).send();
  });

  // Answered alike whether or not the account had that subscription: nothing tells of anyone else's.
  app.delete('/api/push/subscriptions', perMinute(20), async (req, reply) => {
    const { user } = await requestAccount(identity, req);
    await push.unsubscribe(user.id, parsed(PushUnsubscribeBodySchema, req.body).endpoint);
    return reply.code(204).send();
  });
}
