import { z } from 'zod';
import { MAX_ROW_ID } from './terms/wire.ts';
import { NOTIFICATION_KINDS, NOTIFICATIONS_PAGE_MAX, type NotificationKind } from './terms/notifications.ts';
import { ColorSchema, IdSchema, OutcomeSchema, RoomCodeSchema, RowIdSchema } from './common.ts';
import { LanguageSchema } from './options.ts';

// Notifications (issue 37): what reaches an account's player who is not looking. Stored per account,
// delivered live on the socket, and pushed (Web Push) when no tab of the account is open.
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);


// Every payload carries its version `v`: a stored payload outlives the code that wrote it, so a change
// to a kind's fields is a new version (a new member of the union), and the old one stays readable.
const payload = <K extends NotificationKind, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.object({ kind: z.literal(kind), v: z.literal(1), ...shape }).strict();
const GameRef = {
  gameId: IdSchema,
  roomCode: RoomCodeSchema,
  opponent: z.string().nullable(), // the other seat's name as shown ("CPU 3", an account's username), null if empty
};

export const NotificationPayloadSchema = z.discriminatedUnion('kind', [
  payload('challenge', { challengeId: IdSchema, from: z.string() }),
  payload('your-move', { ...GameRef, deadline: z.number().int() }),           // epoch ms the move is due
  payload('deadline', { ...GameRef, deadline: z.number().int() }),
  payload('offer', { ...GameRef, offer: z.enum(['draw', 'takeback']) }),
  payload('game-finished', { ...GameRef, color: ColorSchema, outcome: OutcomeSchema }), // `color`: the recipient's
  payload('tournament-starting', { tournamentId: IdSchema, name: z.string(), startsAt: z.number().int() }),
  payload('round-ready', { tournamentId: IdSchema, name: z.string(), round: z.number().int().min(1), roomCode: RoomCodeSchema.nullable() }),
]);
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;
export type NotificationPayloadOf<K extends NotificationKind> = Extract<NotificationPayload, { kind: K }>;

export const NotificationSchema = z.object({
  id: z.number().int().positive(),
  at: z.number().int(),           // epoch ms it was made
  read: z.boolean(),
  payload: NotificationPayloadSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

// Server → client, on the socket of every tab of the account: the unread ones on connecting (newest
// first, at most a page; `unread` counts them all), each new one live, and what was marked read (by
// any tab or device of the account) so every bell agrees.
export const NotificationServerMessages = [
  z.object({ type: z.literal('notifications'), notifications: z.array(NotificationSchema), unread: z.number().int().min(0) }),
  z.object({ type: z.literal('notification'), notification: NotificationSchema }),
  z.object({ type: z.literal('notifications.read'), ids: z.union([z.array(z.number().int()), z.literal('all')]), unread: z.number().int().min(0) }),
] as const;

// ---- HTTP ------------------------------------------------------------------------------------------

// GET /api/notifications?before=<id>&limit=20 — read and unread, newest first.
export const NotificationsQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(), // the `next` of the page before
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
}).strict();
export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int().min(0), // the account's unread count, over every page
  next: z.number().int().nullable(), // `before` for the next page, null at the last
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

// POST /api/notifications/read — some of one's own notifications, or all of them. Marking again changes nothing.
export const MarkReadBodySchema = z.object({
  ids: z.array(RowIdSchema).min(1).max(NOTIFICATIONS_PAGE_MAX).optional(),
  all: z.literal(true).optional(),
}).strict().refine((b) => (b.ids === undefined) !== (b.all === undefined), 'give either ids or all: true');
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;
export const MarkReadResultSchema = z.object({ marked: z.number().int().min(0), unread: z.number().int().min(0) });
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;

// GET / PUT /api/notifications/preferences — the kinds that are pushed (Web Push) when no tab is open;
// every kind shows in the bell.
export const NotificationPreferencesSchema = z.object({ push: z.array(NotificationKindSchema).max(NOTIFICATION_KINDS.length) }).strict();
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

// ---- Web Push --------------------------------------------------------------------------------------

const Base64Url = (min: number, max: number) => z.string().min(min).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url');
// POST /api/push/subscriptions — a browser's PushSubscription.toJSON(), kept for this account and device.
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048), // push services are reached over https only
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: Base64Url(80, 100), // an uncompressed P-256 point: 65 bytes
    auth: Base64Url(16, 32),    // 16 bytes
  }).strict(),
  lang: LanguageSchema, // the words the pushes to this browser are written in
}).strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;
// DELETE /api/push/subscriptions — this device stops receiving pushes at that endpoint.
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048) }).strict();
export const PushPublicKeySchema = z.object({ publicKey: z.string() }); // VAPID, base64url (applicationServerKey)

/** What the service worker receives in a push: everything it shows, ready to show. */
export const PushMessageSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  url: z.string(), // a path of this site
  payload: NotificationPayloadSchema,
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
