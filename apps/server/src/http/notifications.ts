import {
  MarkReadBodySchema, NotificationsQuerySchema,
  type MarkReadResult, type NotificationPage,
} from '@chu/protocol';
import type { FastifyInstance } from 'fastify';
import type { Identity } from '../identity/Identity.ts';
import type { Notifications } from '../notifications/Notifications.ts';
import { parsed, requestAccount } from './requester.ts';

// Every door here also counts against the address's global limit (http/limits.ts); marking has its own.
const MARKS_PER_MINUTE = 120;

/**
 * An account's notifications over HTTP: `GET /api/notifications` (a page, newest first, read and unread)
 * and `POST /api/notifications/read` (ids, or all). Only ever the requesting account's.
 */
export function registerNotificationRoutes(app: FastifyInstance, identity: Identity, notifications: Notifications) {
  app.get('/api/notifications', async (req): Promise<NotificationPage> => {
    const { user } = await requestAccount(identity, req);
    const q = parsed(NotificationsQuerySchema, req.query, 'query');
    return notifications.list(user.id, q);
  });

  app.post('/api/notifications/read', { config: { rateLimit: { max: MARKS_PER_MINUTE, timeWindow: 60_000 } } }, async (req): Promise<MarkReadResult> => {
    const { user } = await requestAccount(identity, req);
    const b = parsed(MarkReadBodySchema, req.body);
    return notifications.markRead(user.id, b.all ? 'all' : b.ids ?? []);
  });
}
