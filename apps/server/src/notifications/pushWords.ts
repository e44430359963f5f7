import type { Language, NotificationPayload } from '@chu/protocol';

// What a pushed notification says, in the language its browser subscribed with. The service worker
// shows it as it comes (no tab is open to word it); the bell's words are the web client's own (i18n).

type Words = Record<Exclude<NotificationPayload['kind'], 'offer' | 'game-finished'> | 'draw' | 'takeback' | 'won' | 'lost' | 'drawn' | 'someone', string>;

const WORDS: Record<Language, Words> = {
  es: {
    challenge: '{from} te desafía',
    'your-move': 'Te toca jugar contra {opponent}',
    deadline: 'Te queda poco tiempo para jugar contra {opponent}',
    draw: '{opponent} ofrece tablas',
    takeback: '{opponent} pide deshacer una jugada',
    won: 'Ganaste contra {opponent}',
    lost: 'Perdiste contra {opponent}',
    drawn: 'Tablas contra {opponent}',
    'tournament-starting': 'Empieza el torneo {name}',
    'round-ready': 'La ronda {round} de {name} está lista',
    someone: 'tu rival',
  },
  en: {
    challenge: '{from} challenges you',
    'your-move': 'Your move against {opponent}',
    deadline: 'Little time left for your move against {opponent}',
    draw: '{opponent} offers a draw',
    takeback: '{opponent} asks to take back a move',
    won: 'You won against {opponent}',
    lost: 'You lost against {opponent}',
    drawn: 'Draw against {opponent}',
    'tournament-starting': 'The tournament {name} is starting',
    'round-ready': 'Round {round} of {name} is ready',
    someone: 'your opponent',
  },
  ja: {
    challenge: '{from} さんから対局の申し込み',
    'your-move': '{opponent} との対局：あなたの手番です',
    deadline: '{opponent} との対局：持ち時間が残りわずかです',
    draw: '{opponent} が引き分けを提案しています',
    takeback: '{opponent} が待ったを求めています',
    won: '{opponent} に勝ちました',
    lost: '{opponent} に負けました',
    drawn: '{opponent} と引き分けました',
    'tournament-starting': '大会「{name}」が始まります',
    'round-ready': '大会「{name}」第 {round} 回戦の準備ができました',
    someone: '相手',
  },
};

export const PUSH_TITLE = 'Chu Shogi Online';

/** The line a push shows for this notification. */
export function pushText(p: NotificationPayload, lang: Language): string {
  const w = WORDS[lang];
  const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
  const opponent = 'opponent' in p && p.opponent !== null ? p.opponent : w.someone;
  switch (p.kind) {
    case 'challenge': return fill(w.challenge, { from: p.from });
    case 'your-move': return fill(w['your-move'], { opponent });
    case 'deadline': return fill(w.deadline, { opponent });
    case 'offer': return fill(w[p.offer], { opponent });
    case 'game-finished': return fill(w[p.outcome.winner === null ? 'drawn' : p.outcome.winner === p.color ? 'won' : 'lost'], { opponent });
    case 'tournament-starting': return fill(w['tournament-starting'], { name: p.name });
    case 'round-ready': return fill(w['round-ready'], { name: p.name, round: p.round });
  }
}
