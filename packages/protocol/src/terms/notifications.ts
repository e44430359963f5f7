import type { NotificationPayload } from '../notifications.ts';

// Notifications (issue 37): what reaches an account's player who is not looking.
export const NOTIFICATION_KINDS = [
  'challenge',           // someone challenged you by name
  'your-move',           // a correspondence game passed the turn to you
  'deadline',            // a correspondence move's time is 80 % gone
  'offer',               // a draw or takeback offered while you were not in the room
  'game-finished',       // a game of yours ended
  'tournament-starting', // (tournaments)
  'round-ready',         // (tournaments)
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The share of a correspondence move's time after which its player is warned ('deadline'). */
export const DEADLINE_NOTICE_AT = 0.8;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** The kinds pushed to an account that never chose. */
export const DEFAULT_PUSH_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS;

/** Where a notification leads in the web client (its hash routes; the service worker opens it on a click). */
export function notificationPath(p: NotificationPayload): string {
  switch (p.kind) {
    case 'challenge': return `/#/challenge/${p.challengeId}`;
    case 'tournament-starting': return `/#/tournament/${p.tournamentId}`;
    case 'round-ready': return p.roomCode ? `/#/room/${p.roomCode}` : `/#/tournament/${p.tournamentId}`;
    default: return `/#/room/${p.roomCode}`;
  }
}
