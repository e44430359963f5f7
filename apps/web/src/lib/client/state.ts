// What this tab knows of rooms and games, and how a server message changes it: a pure reducer
// (`reduce`), so every rule of it is a table row in test/client-state.test.ts. What the change asks
// of the outside (a `sync` after a gap, a sound, a room to open) comes back as requests; the store
// (store.svelte.ts) carries them out.
import {
  COLORS,
  OFFERS_AFTER_MOVE,
  RETRYABLE_CODES,
  sameOccupant,
  type ClientMessage,
  type Color,
  type GameEvent,
  type GameView,
  type Lobby,
  type RoomView,
  type SeatView,
  type ServerMessage,
  type ServerMessageOf,
} from '@chu/protocol';
import { IDLE, queueReduce, type QueueState } from '../ranked/queue';
import { UNSYNCED, oneWay, sample, type ServerTime } from '../clock/serverTime';

export interface ClientError {
  code: string; // 'illegal'
  message: string;
  reason?: string; // 'counter-strike'
  move: boolean; // the refusal answers a move of ours
  at: number;
}

/** What a command with an ack id was, until the server answers it; `at`: local time it was sent (its ack is a round trip). */
export type Sent = (
  | { kind: 'move'; gameId: string } // shown at once, dropped if refused
  | { kind: 'chat'; code: string } // a refusal goes back to the chat
  | { kind: 'create' } // room.create or room.cpuGame: a refusal lets the person try again
  | { kind: 'ranked' } // ranked.join or ranked.leave: a refusal is the queue's
  | { kind: 'command' } // any other: a refusal is a banner
) & { at?: number };

export interface ClientState {
  device: { id: string; name: string } | null;
  user: { id: string; username: string } | null; // a logged-in account (null for guests)
  ranked: QueueState;
  joined: string[]; // room codes this tab is in: ["K7QMPX"]
  // By code. A room's seats are the one copy of who sits and how they are (away, the CPU playing…).
  rooms: Record<string, RoomView>;
  // By id. A game's `seats` are who played it, as its view came; how they are now is seatsOf().
  games: Record<string, GameView>;
  pendingMove: Record<string, string | undefined>; // gameId → usi sent, not yet confirmed: { g1: "7i7h" }
  sent: Record<string, Sent>; // ack id → the command it belongs to: { "x1.4": { kind: 'move', gameId: "g1" } }
  creating: { id: number; known: string[] } | null; // room.create or room.cpuGame sent; the room codes known before
  sitting: string | null; // a room joined from the lobby: sit in its free seat once its view is here
  full: string | null; // …and someone was quicker: this tab watches it instead
  error: ClientError | null;
  left: string | null; // code of a room we were removed from
  lobby: Lobby | null; // public rooms waiting and games being played, while a screen watches
  storageDown: boolean; // the server's storage is away: moves wait and are re-sent by themselves
  serverTime: ServerTime; // the offset to the server's clock, from the fastest round trip (clock/serverTime.ts)
  takeovers: Record<string, { inMs: number; at: number } | undefined>; // "g1:white" → an away seat's countdown, as read at `at`
  sealed: Record<string, string | undefined>; // gameId → the move this device sealed (the server tells only the sealer): { g1: "7i7h" }
}

export const EMPTY_STATE: ClientState = {
  device: null, user: null, ranked: IDLE, joined: [], rooms: {}, games: {}, pendingMove: {}, sent: {},
  creating: null, sitting: null, full: null, error: null, left: null, lobby: null, storageDown: false, serverTime: UNSYNCED,
  takeovers: {}, sealed: {},
};

/** What a server message asks of the outside. */
export type Request =
  | { kind: 'send'; msg: ClientMessage } // a `sync` after a gap; leaving a room for a ranked match
  | { kind: 'command'; msg: ClientMessage } // a command of this tab's, sent with an ack id (sitting down)
  | { kind: 'answered'; ack: string } // the link need not send this again
  | { kind: 'retry'; ack: string; afterMs: number } // the server could not take it yet
  | { kind: 'open'; code: string } // show this room: one we made, a ranked match, a tournament game
  | { kind: 'moved'; usi: string; notation: string | null } // a move was played (its sound)
  | { kind: 'chat-refused'; ack: string; code: string; message: string }; // a chat message of ours, refused

export interface Reduced {
  state: ClientState;
  requests: Request[];
}

const same = (state: ClientState): Reduced => ({ state, requests: [] });

/** The state after a server message, and what it asks for. `now`: local time of its arrival. */
export function reduce(state: ClientState, msg: ServerMessage, now: number): Reduced {
  switch (msg.type) {
    case 'welcome':
      return same({ ...state, device: { ...msg.device }, user: msg.user && { ...msg.user } });
    case 'ranked':
      return same({ ...state, ranked: queueReduce(state.ranked, { kind: 'server', msg }) });
    case 'ranked.match': {
      // a casual game played while waiting is left (it adjourns and stays in "games in progress")
      const leave = state.joined.filter((code) => code !== msg.roomCode);
      return {
        state: { ...state, ranked: queueReduce(state.ranked, { kind: 'server', msg }), joined: state.joined.filter((c) => !leave.includes(c)) },
        requests: [...leave.map((code): Request => ({ kind: 'send', msg: { type: 'room.leave', code } })), { kind: 'open', code: msg.roomCode }],
      };
    }
    case 'room':
      return onRoom(state, msg.room, now);
    case 'game': {
      const g = msg.game;
      return same({
        ...state,
        games: { ...state.games, [g.id]: g },
        serverTime: g.clock ? oneWay(state.serverTime, g.clock.serverNow, now) : state.serverTime,
        takeovers: noted(state.takeovers, g.id, g.seats, now),
        pendingMove: { ...state.pendingMove, [g.id]: undefined },
      });
    }
    case 'event':
      return onEvent(state, msg.event, now);
    case 'sealed':
      return same({ ...state, sealed: { ...state.sealed, [msg.gameId]: msg.usi } });
    case 'ack': {
      const { [msg.ack]: answered, ...sent } = state.sent;
      const serverTime = msg.serverNow !== undefined && answered?.at !== undefined ? sample(state.serverTime, answered.at, msg.serverNow, now) : state.serverTime;
      return { state: { ...state, storageDown: false, sent, serverTime }, requests: [{ kind: 'answered', ack: msg.ack }] };
    }
    case 'error':
      return onError(state, msg, now);
    case 'left':
      return same({ ...state, joined: state.joined.filter((c) => c !== msg.code), left: msg.code });
    case 'lobby':
      return same({ ...state, lobby: msg.lobby });
    case 'chat':
    case 'chat.history':
      return same(state); // the chat's own state (chat/chat.svelte.ts)
    case 'tournament':
      return same(state); // the tournament page's own (tournaments/live.svelte.ts)
    case 'tournament.game':
      // your tournament game is ready: it opens at once
      return { state, requests: [{ kind: 'open', code: msg.roomCode }] };
    case 'challenge':
      return same(state); // the challenges' own state (friends/challenges.svelte.ts)
    case 'notifications':
    case 'notification':
    case 'notifications.read':
      return same(state); // the bell's own state (notifications/notifications.svelte.ts)
  }
}

function onRoom(state: ClientState, room: RoomView, now: number): Reduced {
  const next = { ...state, rooms: { ...state.rooms, [room.code]: room } };
  const requests: Request[] = [];
  const c = state.creating;
  if (c && !c.known.includes(room.code) && room.hostDeviceId === state.device?.id) {
    // the server put this socket in the room it made
    next.creating = null;
    if (!next.joined.includes(room.code)) next.joined = [...next.joined, room.code];
    requests.push({ kind: 'open', code: room.code });
  }
  const me = seatOf(state.device?.id, room);
  const game = room.gameId ? state.games[room.gameId] : undefined;
  const live = !!game && game.status !== 'finished';
  if (state.sitting === room.code) {
    next.sitting = null;
    const free = room.seats.black.kind === 'empty' || room.seats.white.kind === 'empty';
    if (!me && !live && free) requests.push({ kind: 'command', msg: { type: 'room.sit', code: room.code } });
    else if (!me) next.full = room.code;
  }
  if (room.gameId && state.games[room.gameId]?.status !== 'finished') {
    next.takeovers = noted(state.takeovers, room.gameId, room.seats, now);
  }
  return { state: next, requests };
}

function onError(state: ClientState, msg: ServerMessageOf<'error'>, now: number): Reduced {
  const ack = msg.ack;
  const what = ack ? state.sent[ack] : undefined;
  if ((msg.code as string) === 'account-required') {
    // shown by the queue widget, not as a banner
    const { [ack ?? '']: _answered, ...sent } = state.sent;
    return { state: { ...state, sent, ranked: queueReduce(state.ranked, { kind: 'account-required' }) }, requests: ack ? [{ kind: 'answered', ack }] : [] };
  }
  // nothing was applied: the same move, with the same ack id, once the server can take it (any other
  // command turned away is its sender's to send again: it is refused below)
  if (ack && (!what || what.kind === 'move') && (RETRYABLE_CODES as readonly string[]).includes(msg.code)) {
    return {
      state: msg.code === 'unavailable' ? { ...state, storageDown: true } : state,
      requests: [{ kind: 'retry', ack, afterMs: msg.retryAfterMs ?? 1000 }],
    };
  }
  const error: ClientError = { code: msg.code, message: msg.message, reason: msg.reason, move: what?.kind === 'move', at: now };
  if (!ack) return same({ ...state, error });
  const { [ack]: _answered, ...sent } = state.sent;
  const requests: Request[] = [{ kind: 'answered', ack }];
  switch (what?.kind) {
    case 'chat': // shown by the chat, not as a game banner
      return { state: { ...state, sent }, requests: [...requests, { kind: 'chat-refused', ack, code: msg.code, message: msg.message }] };
    case 'ranked': // shown by the queue widget
      return { state: { ...state, sent, ranked: queueReduce(state.ranked, { kind: 'refused' }) }, requests };
    case 'move':
      return { state: { ...state, sent, error, pendingMove: { ...state.pendingMove, [what.gameId]: undefined } }, requests };
    case 'create':
      return { state: { ...state, sent, error, creating: null }, requests };
    default:
      return { state: { ...state, sent, error }, requests };
  }
}

function onEvent(state: ClientState, e: GameEvent, now: number): Reduced {
  const g = state.games[e.gameId];
  // an unknown game, or a gap: ask the server to replay what is missing instead of guessing
  if (!g) return { state, requests: [{ kind: 'send', msg: { type: 'sync', gameId: e.gameId, version: 0 } }] };
  if (e.version <= g.version) return same(state); // already have it
  if (e.version > g.version + 1) return { state, requests: [{ kind: 'send', msg: { type: 'sync', gameId: g.id, version: g.version } }] };
  const { game, requests, settled } = applied(g, e);
  const next: ClientState = {
    ...state,
    games: { ...state.games, [g.id]: { ...game, version: e.version } },
    serverTime: game.clock ? oneWay(state.serverTime, game.clock.serverNow, now) : state.serverTime,
  };
  if (settled) next.pendingMove = { ...state.pendingMove, [g.id]: undefined };
  if (e.kind === 'seat') next.takeovers = { ...state.takeovers, [`${g.id}:${e.color}`]: reading(e.takeoverInMs, now) };
  if (e.kind === 'end') next.takeovers = noted(state.takeovers, g.id, { black: { takeoverInMs: null }, white: { takeoverInMs: null } }, now);
  return { state: next, requests };
}

/** One event on its game: the new fields come from the event (the server's rules), never worked out here. */
function applied(g: GameView, e: GameEvent): { game: GameView; requests: Request[]; settled?: boolean } {
  switch (e.kind) {
    case 'move':
      return {
        game: {
          ...lapsed(g), moves: [...g.moves, e.usi], ply: e.ply + 1, turn: e.turn, turnRemainingMs: e.turnRemainingMs, clock: e.clock,
        },
        requests: [{ kind: 'moved', usi: e.usi, notation: e.notation }],
        settled: true,
      };
    case 'takeback':
      return {
        game: {
          ...lapsed(g), moves: g.moves.slice(0, e.ply), ply: e.ply, turn: e.turn, turnRemainingMs: e.turnRemainingMs, clock: e.clock,
        },
        requests: [],
        settled: true,
      };
    case 'draw-offer':
      return { game: { ...g, drawOfferBy: e.by }, requests: [] };
    case 'draw-decline':
      return { game: { ...g, drawOfferBy: null }, requests: [] };
    case 'takeback-offer':
      return { game: { ...g, takebackOfferBy: e.by }, requests: [] };
    case 'takeback-decline':
      return { game: { ...g, takebackOfferBy: null }, requests: [] };
    case 'seat':
      return { game: g, requests: [] }; // the seat itself is the room's: its view follows this event
    case 'adjourn': {
      // by agreement: the sealer's move is sealed (never its content); by absence, a sealing still pending stays
      const adjournment = { ...g.adjournment, offerBy: null, sealed: e.why === 'agreement' || g.adjournment.sealed };
      return { game: { ...g, status: 'adjourned', adjourned: e.why, clock: e.clock, drawOfferBy: null, adjournment }, requests: [] }; // (the server keeps a takeback request)
    }
    case 'resume': {
      // after an agreement the sealed move's own event follows at once, and the adjournment is over
      const adjournment = g.adjournment.sealed ? NO_ADJOURNMENT : g.adjournment;
      return { game: { ...g, status: 'active', adjourned: null, turnRemainingMs: e.turnRemainingMs, clock: e.clock, adjournment }, requests: [] };
    }
    case 'adjourn-offer':
      return { game: { ...g, adjournment: { ...g.adjournment, offerBy: e.by } }, requests: [] };
    case 'adjourn-decline':
      return { game: { ...g, adjournment: { ...g.adjournment, offerBy: null } }, requests: [] };
    case 'adjourn-accept':
      return { game: { ...g, adjournment: { ...NO_ADJOURNMENT, sealer: e.sealer } }, requests: [] };
    case 'resume-offer':
      return { game: { ...g, adjournment: { ...g.adjournment, resumeOfferBy: e.by } }, requests: [] };
    case 'resume-decline':
      return { game: { ...g, adjournment: { ...g.adjournment, resumeOfferBy: null } }, requests: [] };
    case 'time-given':
      return { game: { ...g, clock: e.clock }, requests: [] };
    case 'end':
      return { game: { ...g, status: 'finished', adjourned: null, outcome: e.outcome, ratingChanges: e.ratingChanges, drawOfferBy: null, adjournment: NO_ADJOURNMENT }, requests: [] };
  }
}

const NO_ADJOURNMENT: GameView['adjournment'] = { offerBy: null, sealer: null, sealed: false, resumeOfferBy: null };

/** The game once its position moved on (a move, or one taken back): its open offers as the site's rule leaves them. */
const lapsed = (g: GameView): GameView => ({
  ...g,
  drawOfferBy: OFFERS_AFTER_MOVE.drawOfferBy,
  takebackOfferBy: OFFERS_AFTER_MOVE.takebackOfferBy,
  adjournment: { ...g.adjournment, offerBy: OFFERS_AFTER_MOVE.adjournOfferBy },
});

/**
 * RULES.md §7: this seat agreed to adjourn and is to seal a move: the board's next move of its player is
 * sealed rather than played (the server refuses a plain move then).
 */
export const sealing = (game: GameView, me: Color | null): boolean =>
  game.status === 'active' && me !== null && game.adjournment.sealer === me && !game.adjournment.sealed;

const reading = (inMs: number | null, at: number) => (inMs === null ? undefined : { inMs, at });

function noted(
  takeovers: ClientState['takeovers'],
  gameId: string,
  seats: Record<Color, Pick<SeatView, 'takeoverInMs'>>,
  at: number,
): ClientState['takeovers'] {
  const next = { ...takeovers };
  for (const color of COLORS) next[`${gameId}:${color}`] = reading(seats[color].takeoverInMs, at);
  return next;
}

/**
 * The game's seats as they are now: its room's, while the room shows this game with the same people
 * sitting (the room view carries presence, takeovers and ratings); else who played it, as it came.
 */
export function seatsOf(state: Pick<ClientState, 'rooms'>, game: GameView): Record<Color, SeatView> {
  const room = state.rooms[game.roomCode];
  if (!room || room.gameId !== game.id) return game.seats;
  return COLORS.every((c) => sameSeat(room.seats[c], game.seats[c])) ? room.seats : game.seats;
}

/**
 * A room's seat shows the game's player: the site's sameOccupant, at the same level. A CPU whose level
 * the host changed after the game still sits for the next game's swap, but is not the player this
 * game's strip names ("CPU 3").
 */
const sameSeat = (a: SeatView, b: SeatView) => sameOccupant(a, b) && a.level === b.level;

/** The seat this device holds in a room or game, or null. */
export function seatOf(deviceId: string | undefined, view: { seats: Record<Color, SeatView> } | undefined): Color | null {
  if (!view || !deviceId) return null;
  for (const c of COLORS) if (view.seats[c].kind === 'human' && view.seats[c].deviceId === deviceId) return c;
  return null;
}

/**
 * Milliseconds left before an away seat goes to the CPU (or the game adjourns), or null. `now` may be a
 * screen's last tick, older than the reading: the countdown never reads above what the server said.
 */
export function takeoverLeft(state: Pick<ClientState, 'takeovers'>, gameId: string, color: Color, now: number): number | null {
  const r = state.takeovers[`${gameId}:${color}`];
  return r === undefined ? null : Math.max(0, r.inMs - Math.max(0, now - r.at));
}
