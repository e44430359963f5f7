// Hash router: #/, #/room/K7QMPX, #/game/<id>, #/replay/<id>, #/settings, #/local, #/pieces,
// #/learn, #/learn/<exercise>, #/account, #/leaderboard, #/player/<username>, #/friends, #/tournaments, #/tournament/<id>,
// #/puzzles, #/puzzles/daily, #/puzzles/<id>.
// An invite link /r/K7QMPX (server path) is turned into #/room/K7QMPX on load.
export type Route =
  | { name: 'home' }
  | { name: 'room'; code: string }
  | { name: 'game'; id: string }
  | { name: 'replay'; id: string }
  | { name: 'local' }
  | { name: 'pieces' }
  | { name: 'learn' }
  | { name: 'exercise'; id: string }
  | { name: 'settings' }
  | { name: 'account' }
  | { name: 'leaderboard' }
  | { name: 'friends' }
  | { name: 'player'; username: string }
  | { name: 'tournaments' }
  | { name: 'tournament'; id: string }
  | { name: 'puzzles'; id?: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  switch (parts[0]) {
    case 'room':
      return parts[1] ? { name: 'room', code: parts[1].toUpperCase() } : { name: 'home' };
    case 'game':
      return parts[1] ? { name: 'game', id: parts[1] } : { name: 'home' };
    case 'replay':
      return parts[1] ? { name: 'replay', id: parts[1] } : { name: 'home' };
    case 'settings':
      return { name: 'settings' };
    case 'local':
      return { name: 'local' };
    case 'pieces':
      return { name: 'pieces' };
    case 'learn':
      return parts[1] ? { name: 'exercise', id: parts[1] } : { name: 'learn' };
    case 'account':
      return { name: 'account' };
    case 'leaderboard':
      return { name: 'leaderboard' };
    case 'friends':
      return { name: 'friends' };
    case 'challenge': // a challenge notification's link: its card shows over the friends page
      return { name: 'friends' };
    case 'player':
      return parts[1] ? { name: 'player', username: parts[1] } : { name: 'leaderboard' };
    case 'tournaments':
      return { name: 'tournaments' };
    case 'puzzles': // #/puzzles: one near the player's rating; #/puzzles/daily; #/puzzles/<id>
      return parts[1] ? { name: 'puzzles', id: parts[1] } : { name: 'puzzles' };
    case 'tournament':
      return parts[1] ? { name: 'tournament', id: parts[1] } : { name: 'tournaments' };
    default:
      return { name: 'home' };
  }
}

export function href(r: Route): string {
  switch (r.name) {
    case 'room':
      return `#/room/${r.code}`;
    case 'game':
      return `#/game/${r.id}`;
    case 'replay':
      return `#/replay/${r.id}`;
    case 'exercise':
      return `#/learn/${encodeURIComponent(r.id)}`;
    case 'player':
      return `#/player/${encodeURIComponent(r.username)}`;
    case 'tournament':
      return `#/tournament/${encodeURIComponent(r.id)}`;
    case 'puzzles':
      return r.id ? `#/puzzles/${encodeURIComponent(r.id)}` : '#/puzzles';
    case 'home':
      return '#/';
    default:
      return `#/${r.name}`;
  }
}

function initial(): Route {
  if (typeof location === 'undefined') return { name: 'home' };
  const invite = /^\/r\/([A-Za-z0-9]{6})\/?$/.exec(location.pathname);
  if (invite) {
    history.replaceState(null, '', `/#/room/${invite[1].toUpperCase()}`);
    return { name: 'room', code: invite[1].toUpperCase() };
  }
  // a notification's link to a tournament (@chu/protocol's notificationPath)
  const tournament = /^\/tournaments\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  if (tournament) {
    history.replaceState(null, '', `/#/tournament/${tournament[1]}`);
    return { name: 'tournament', id: tournament[1] };
  }
  return parseRoute(location.hash);
}

export const router = $state({ route: initial() });

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => {
    router.route = parseRoute(location.hash);
  });
}

export function go(r: Route): void {
  const h = href(r);
  if (location.hash === h) router.route = r;
  else location.hash = h;
}

export function inviteLink(code: string): string {
  return `${location.origin}/#/room/${code}`; // works with any static server, unlike /r/CODE
}
