// Screens that load when first opened (issue 48): each is a chunk of its own, fetched by a dynamic
// import, so a first visit downloads Home and what every screen shares, not every screen. A screen
// loaded once is kept here, so coming back to it draws at once instead of showing "Loading…" again.
import type { Component } from 'svelte';

// every screen's props are strings from its route (a room's code, a game's id, a username)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ScreenComponent = Component<any>;
export interface LazyScreen {
  /** The component, once loaded; null until then. */
  readonly loaded: ScreenComponent | null;
  /** Loads the screen's chunk (once: later calls share the first). */
  load(): Promise<ScreenComponent>;
}

function lazy(importer: () => Promise<{ default: ScreenComponent }>): LazyScreen {
  let pending: Promise<ScreenComponent> | null = null;
  const screen: { loaded: ScreenComponent | null; load(): Promise<ScreenComponent> } = {
    loaded: null,
    load() {
      pending ??= importer().then(
        (m) => (screen.loaded = m.default),
        (e: unknown) => {
          pending = null; // a chunk that failed (offline, a new deploy) is asked for again next time
          throw e;
        },
      );
      return pending;
    },
  };
  return screen;
}

export const SCREENS = {
  room: lazy(() => import('../../screens/Room.svelte')),
  replay: lazy(() => import('../../screens/Replay.svelte')),
  local: lazy(() => import('../../screens/Local.svelte')),
  pieces: lazy(() => import('../../screens/Pieces.svelte')),
  learn: lazy(() => import('../../screens/Learn.svelte')),
  exercise: lazy(() => import('../../screens/Exercise.svelte')),
  settings: lazy(() => import('../../screens/Settings.svelte')),
  account: lazy(() => import('../../screens/Account.svelte')),
  leaderboard: lazy(() => import('../../screens/Leaderboard.svelte')),
  player: lazy(() => import('../../screens/Profile.svelte')),
  friends: lazy(() => import('../../screens/Friends.svelte')),
  tournaments: lazy(() => import('../../screens/Tournaments.svelte')),
  tournament: lazy(() => import('../../screens/Tournament.svelte')),
  puzzles: lazy(() => import('../../screens/Puzzles.svelte')),
} satisfies Record<string, LazyScreen>;

/**
 * The room (where every game is played) is fetched as soon as the first screen has drawn and the
 * browser is idle: a visitor who creates or joins a room from Home finds it there.
 */
export function prefetchRoom(): void {
  const idle = (f: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 500));
  idle(() => void SCREENS.room.load().catch(() => undefined)); // offline: the room loads when opened
}
