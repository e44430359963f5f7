// Fixture answers of GET /api/leaderboard and GET /api/players/:username, checked with the protocol's
// schemas; room and game views as the server sends them.
import {
  DEFAULT_ROOM_OPTIONS, LeaderboardSchema, ProfileSchema, setupOfRoom,
  type GameView, type RoomView, type SeatView,
} from '@chu/protocol';
import { Game } from '@chu/rules';
import type { ClientMessage } from '@chu/protocol';
import { setTransport } from '../src/lib/link/link.svelte';
import { client } from '../src/lib/client/store.svelte';
import { reconcile } from '../src/lib/client/reconcile';
import { EMPTY_STATE } from '../src/lib/client/state';
import { settings } from '../src/lib/settings.svelte';
import { vi } from 'vitest';

export const leaderboardJson = {
  pool: 'realtime',
  players: [
    { username: 'ana', rating: 1712.4, rd: 62.1, provisional: false, wins: 20, draws: 3, losses: 7 },
    { username: 'kenji_99', rating: 1655.6, rd: 80, provisional: false, wins: 11, draws: 1, losses: 9 },
    { username: 'lion-king', rating: 1501, rd: 109.9, provisional: false, wins: 4, draws: 2, losses: 4 },
  ],
  provisional: [
    { username: 'lucia', rating: 1629.6, rd: 247.5, provisional: true, wins: 1, draws: 1, losses: 0 },
    { username: 'mateo', rating: 1500, rd: 290.3, provisional: true, wins: 0, draws: 1, losses: 0 },
  ],
  establishedBelowRd: 110,
};

// kenji_99: real-time games g1 and g3, and one correspondence game, g2 (a draw between newcomers to that pool)
export const profileJson = {
  username: 'kenji_99',
  ratings: {
    realtime: {
      rating: 1655.6, rd: 80, provisional: false, wins: 11, draws: 0, losses: 9,
      history: [
        { at: '2026-11-01T10:00:00.000Z', rating: 1580.9, rd: 120 },
        { at: '2026-11-03T10:00:00.000Z', rating: 1655.6, rd: 80 },
      ],
    },
    correspondence: {
      rating: 1500, rd: 290.3, provisional: true, wins: 0, draws: 1, losses: 0,
      history: [{ at: '2026-11-02T10:00:00.000Z', rating: 1500, rd: 290.3 }],
    },
  },
  recent: [
    {
      gameId: 'g3', pool: 'realtime', color: 'black', opponent: 'ana', result: 'win', reason: 'resign',
      ratingBefore: 1580.9, ratingAfter: 1655.6, finishedAt: '2026-11-03T10:00:00.000Z',
    },
    {
      gameId: 'g2', pool: 'correspondence', color: 'white', opponent: 'lion-king', result: 'draw', reason: 'agreement',
      ratingBefore: 1500, ratingAfter: 1500, finishedAt: '2026-11-02T10:00:00.000Z',
    },
    {
      gameId: 'g1', pool: 'realtime', color: 'black', opponent: 'ana', result: 'loss', reason: 'timeout',
      ratingBefore: 1620, ratingAfter: 1580.9, finishedAt: '2026-11-01T10:00:00.000Z',
    },
  ],
};

const newcomer = { rating: 1500, rd: 350, provisional: true, wins: 0, draws: 0, losses: 0, history: [] };
export const provisionalJson = {
  username: 'newbie', ratings: { realtime: newcomer, correspondence: newcomer }, recent: [],
};

export const leaderboard = LeaderboardSchema.parse(leaderboardJson);
export const profile = ProfileSchema.parse(profileJson);
export const provisional = ProfileSchema.parse(provisionalJson);

export const seat = (color: 'black' | 'white', deviceId: string, over: Partial<SeatView> = {}): SeatView => ({
  color, kind: 'human', deviceId, name: deviceId, level: null, connected: true, controller: 'human',
  status: 'present', takeoverInMs: null, account: false, bot: false, rating: null, ...over,
});

// typed, not parsed: fields the protocol gains later (with their defaults) do not break these
export const gameView = (over: Partial<GameView> = {}): GameView => ({
  id: 'g1', roomCode: 'ABCDEF', rated: false, ratingChanges: null, options: DEFAULT_ROOM_OPTIONS,
  startSfen: Game.start().startSfen, setup: setupOfRoom(DEFAULT_ROOM_OPTIONS),
  moves: [], version: 0, ply: 0, turn: 'black', status: 'active', outcome: null, drawOfferBy: null,
  adjourned: null, adjournment: { offerBy: null, sealer: null, sealed: false, resumeOfferBy: null },
  turnRemainingMs: null, clock: null, seats: { black: seat('black', 'me'), white: seat('white', 'you') }, ...over,
}) as GameView;

export const roomView = (over: Partial<RoomView> = {}): RoomView => ({
  code: 'ABCDEF', invitePath: '/r/ABCDEF', hostDeviceId: 'me', options: DEFAULT_ROOM_OPTIONS, setup: setupOfRoom(DEFAULT_ROOM_OPTIONS),
  seats: { black: seat('black', 'me'), white: seat('white', 'you') }, present: [], gameId: 'g1', gameNumber: 1,
  rematchOfferBy: null, muted: [], tournament: null, ...over,
}) as RoomView;

/** A 30 s turn limit's clocks (RULES.md §7) with `leftMs` left for `running`, read now. */
export const turnClock = (leftMs: number, running: 'black' | 'white' = 'black') => {
  const serverNow = Date.now();
  const side = { mainMs: 0, periods: 1 };
  return {
    black: side, white: side, byoyomiMs: 30_000, incrementMs: 0, running,
    turnStartedAt: serverNow - (30_000 - leftMs), deadline: serverNow + leftMs, serverNow, firstMoveDeadline: null,
  };
};
/** Clocks stopped (an adjourned game's): both sides' stored time, nobody's running. */
export const stoppedClock = (clock: ReturnType<typeof turnClock>) => ({ ...clock, running: null, turnStartedAt: null, deadline: null });
export const TURN_30 = { ...DEFAULT_ROOM_OPTIONS, timeControl: { kind: 'turn' as const, seconds: 30 as const } };

/** A seat event of game g1 (RULES.md §8). */
export const seatEvent = (version: number, color: 'black' | 'white', status: SeatView['status'], takeoverInMs: number | null) => ({
  type: 'event' as const, event: { kind: 'seat' as const, gameId: 'g1', version, color, status, takeoverInMs },
});

/** A move event of game g1, with the side to move after it as the server tells it. */
export const moveEvent = (version: number, usi: string, ply: number, color: 'black' | 'white', over: { notation?: string | null; turnRemainingMs?: number | null } = {}) => ({
  type: 'event' as const,
  event: {
    kind: 'move' as const, gameId: 'g1', version, usi, ply, color, byCpu: false, notation: null, turnRemainingMs: null, clock: null, lagCreditMs: 0,
    turn: color === 'black' ? ('white' as const) : ('black' as const), ...over,
  },
});

/**
 * A connected stand-in for the socket and no rooms or games yet, as device `me`; what the client
 * sends lands in `sent` (emptied). Returns the stand-in's down/up.
 */
export function freshNet(sent: ClientMessage[]): ReturnType<typeof setTransport> {
  sent.length = 0;
  reconcile(client as never, { ...structuredClone(EMPTY_STATE), device: { id: 'me', name: 'me' } } as never);
  return setTransport((m) => sent.push(m));
}

/** A replay's setting: no rooms, English, nothing remembered, and GET /api/games/:id answering `record`. */
export function serveRecord(record: unknown): void {
  freshNet([]);
  settings.lang = 'en';
  localStorage.clear();
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ game: record }), { status: 200 }));
}
