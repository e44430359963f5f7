// Games this device took part in or watched, for "resume" and "recent" on the home screen.
import type { MyGame, Outcome } from '@chu/protocol';
import { playerName } from './seats';
export interface SeenGame {
  id: string; // game id
  room: string; // room code
  black: string;
  white: string;
  finished: boolean;
  result?: string; // '1-0', '0-1', '½-½'
  at: number; // last seen, ms
}

const KEY = 'chu.history';

export function loadHistory(): SeenGame[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as SeenGame[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function remember(g: SeenGame): void {
  try {
    const list = loadHistory().filter((x) => x.id !== g.id);
    list.unshift(g);
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 30)));
  } catch {
    /* storage unavailable */
  }
}

/** '1-0', '0-1', '½-½': a result as the lists write it. */
export const resultText = (o: Outcome): string => (o.winner === 'black' ? '1-0' : o.winner === 'white' ? '0-1' : '½-½');

/**
 * Home's "recent finished games": an account's come from the server, played on any of its devices
 * (`server`: its answer, null until it comes); a guest's are those this browser saw.
 */
export function recentFinished(seen: SeenGame[], account: { username: string } | null, server: MyGame[] | null, max = 8): SeenGame[] {
  if (!account || !server) return seen.filter((g) => g.finished).slice(0, max);
  return server.slice(0, max).map((g) => {
    const opponent = playerName(g.opponent ?? '');
    return {
      id: g.gameId, room: g.roomCode, finished: true, at: Date.parse(g.updatedAt),
      black: g.color === 'black' ? account.username : opponent,
      white: g.color === 'white' ? account.username : opponent,
      ...(g.outcome ? { result: resultText(g.outcome) } : {}),
    };
  });
}
