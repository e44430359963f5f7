// Games this device took part in or watched, for "resume" and "recent" on the home screen.
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
