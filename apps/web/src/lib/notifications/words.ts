// What a notification says in the bell, in the settings' language.
import type { NotificationPayload } from '@chu/protocol';
import { t } from '../i18n.svelte';

export function notificationText(p: NotificationPayload): string {
  const opponent = 'opponent' in p && p.opponent !== null ? p.opponent : t('notifications.someone');
  switch (p.kind) {
    case 'challenge': return t('notifications.challenge', { from: p.from });
    case 'your-move': return t('notifications.your-move', { opponent });
    case 'deadline': return t('notifications.deadline', { opponent });
    case 'offer': return t(p.offer === 'draw' ? 'notifications.offer.draw' : 'notifications.offer.takeback', { opponent });
    case 'game-finished': {
      const result = p.outcome.winner === null ? 'draw' : p.outcome.winner === p.color ? 'won' : 'lost';
      return t(`notifications.finished.${result}`, { opponent });
    }
    case 'tournament-starting': return t('notifications.tournament-starting', { name: p.name });
    case 'round-ready': return t('notifications.round-ready', { name: p.name, round: p.round });
  }
}
