// The one Socket.IO connection: sends typed client messages, keeps the latest
// room and game views, applies versioned game events and catches up after a reconnect.
import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENT,
  SERVER_EVENT,
  type ClientMessage,
  type GameEvent,
  type GameView,
  type RoomView,
  type ServerMessage,
  type ServerMessageOf,
} from '@chu/protocol';
import { settings } from './settings.svelte';
import { go } from './router.svelte';
import {
  IDLE,
  queueReduce,
  type QueueEvent,
  type QueueState,
  type RankedClientMessage,
  type RankedServerMessage,
} from './ranked/queue';
import type { RankedTurnTime } from '@chu/protocol';

/** Everything the client sends; the ranked messages are typed from ranked.ts until they join ClientMessage. */
export type OutMessage = ClientMessage | RankedClientMessage;
/** Everything the client understands. */
export type InMessage = ServerMessage | RankedServerMessage;

export interface NetError {
  code: string; // 'illegal'
  message: string;
  reason?: string; // 'counter-strike'
  at: number;
}

export const net = $state({
  status: 'idle' as 'idle' | 'connecting' | 'online' | 'offline',
  everOnline: false,
  device: null as { id: string; name: string } | null,
  user: null as { id: string; username: string } | null, // logged-in account (null for guests)
  ranked: IDLE as QueueState,
  rooms: {} as Record<string, RoomView>, // by code
  games: {} as Record<string, GameView>, // by id
  pendingMove: {} as Record<string, string | undefined>, // gameId → usi sent, not yet confirmed
  error: null as NetError | null,
  left: null as string | null, // code of a room we were removed from
});

let socket: Socket | null = null;
const joined = new Set<string>(); // room codes this tab is in, re-joined after a reconnect
let ackSeq = 0;
// ack ids must stay unique across page loads: the server answers a repeated id with the earlier ack
const ackSession = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

async function ensureDevice(): Promise<void> {
  // The server keeps the device identity in an httpOnly cookie: ask for one on the first visit.
  // POST returns the existing device when the cookie is valid (a GET /api/me would log a 401 on first visits).
  try {
    const name = settings.name.trim();
    const res = await fetch('/api/device', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(name ? { name: name.slice(0, 24) } : {}),
    });
    if (res.ok) {
      const { device } = (await res.json()) as {
        device: { id: string; name: string; user?: { id: string; username: string } | null };
      };
      net.device = { id: device.id, name: device.name };
      net.user = device.user ? { id: device.user.id, username: device.user.username } : null;
      await syncName();
    }
  } catch {
    /* offline: the socket will report it */
  }
}

/** Tell the server the display name chosen in the settings (it is shown on seats). */
export async function syncName(): Promise<void> {
  const name = settings.name.trim().slice(0, 24);
  if (!name || !net.device || name === net.device.name) return;
  try {
    const res = await fetch('/api/device', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (res.ok) {
      const { device } = (await res.json()) as { device: { id: string; name: string } };
      net.device = { id: device.id, name: device.name };
      // the socket learnt the old name at its handshake
      if (socket?.connected) {
        socket.disconnect();
        socket.connect();
      }
    }
  } catch {
    /* keep the old name */
  }
}

export async function connect(): Promise<void> {
  if (socket) return;
  net.status = 'connecting';
  await ensureDevice();
  if (socket) return;
  socket = io({ withCredentials: true, transports: ['websocket', 'polling'] });
  socket.on('connect', () => {
    net.status = 'online';
    net.everOnline = true;
    for (const code of joined) {
      const room = net.rooms[code];
      const game = room?.gameId ? net.games[room.gameId] : undefined;
      send({ type: 'room.join', code, ...(game ? { game: { id: game.id, version: game.version } } : {}) });
    }
  });
  socket.on('disconnect', () => {
    net.status = 'offline';
    rankedEvent({ kind: 'disconnect' }); // the server drops a disconnected socket from the queue
  });
  socket.on('connect_error', async (err) => {
    net.status = 'offline';
    // an unknown or missing device: get a cookie and try again
    if (/auth|device|unauth/i.test(err.message)) await ensureDevice();
  });
  socket.on(SERVER_EVENT, (msg: ServerMessage) => receive(msg));
  // test hook: end-to-end tests drop the connection to check the reconnect path
  (window as unknown as { __chuDrop?: () => void }).__chuDrop = () => socket?.io.engine?.close();
}

/** After logging in or out: a fresh handshake so the server's `welcome` (and seats) reflect the account. */
export function reconnect(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

let transport: ((msg: OutMessage) => void) | null = null;

export function send(msg: OutMessage): void {
  if (transport) transport(msg);
  else socket?.emit(CLIENT_EVENT, msg);
}

/** Tests: capture outgoing messages instead of using a socket. */
export function setTransport(fn: ((msg: OutMessage) => void) | null): void {
  transport = fn;
}

function rankedEvent(e: QueueEvent): void {
  net.ranked = queueReduce(net.ranked, e);
}

/** Enter the ranked queue (needs an account; the server answers with `ranked` or error `account-required`). */
export function joinRanked(turnTime: RankedTurnTime): void {
  if (!net.user) {
    rankedEvent({ kind: 'account-required' });
    return;
  }
  if (net.status !== 'online' && !transport) {
    net.ranked = { state: 'idle', error: 'offline' };
    return;
  }
  rankedEvent({ kind: 'join', turnTime });
  send({ type: 'ranked.join', turnTime });
}

export function leaveRanked(): void {
  rankedEvent({ kind: 'leave' });
  send({ type: 'ranked.leave' });
}

export function resetRanked(): void {
  rankedEvent({ kind: 'reset' });
}

export function receive(msg: InMessage): void {
  switch (msg.type) {
    case 'welcome':
      net.device = { id: msg.device.id, name: msg.device.name };
      net.user = msg.user ? { id: msg.user.id, username: msg.user.username } : null;
      break;
    case 'ranked':
      rankedEvent({ kind: 'server', msg });
      break;
    case 'ranked.match':
      rankedEvent({ kind: 'server', msg });
      // the game has started in a private room: go there (Room joins it and shows the board)
      go({ name: 'room', code: msg.roomCode });
      break;
    case 'room':
      net.rooms[msg.room.code] = msg.room;
      break;
    case 'game':
      net.games[msg.game.id] = msg.game;
      receivedAt[msg.game.id] = Date.now();
      if (net.pendingMove[msg.game.id]) net.pendingMove[msg.game.id] = undefined;
      break;
    case 'event':
      applyEvent(msg.event);
      break;
    case 'ack':
      break;
    case 'error':
      onError(msg);
      break;
    case 'left':
      joined.delete(msg.code);
      net.left = msg.code;
      break;
  }
}

function onError(msg: ServerMessageOf<'error'>) {
  if ((msg.code as string) === 'account-required') {
    rankedEvent({ kind: 'account-required' }); // shown by the queue widget, not as a banner
    return;
  }
  if (!msg.ack && (net.ranked.state === 'joining' || net.ranked.state === 'leaving')) rankedEvent({ kind: 'refused' });
  net.error = { code: msg.code, message: msg.message, reason: msg.reason, at: Date.now() };
  if (msg.ack) {
    // our move was refused: drop the optimistic move
    for (const id of Object.keys(net.pendingMove)) net.pendingMove[id] = undefined;
  }
}

function applyEvent(e: GameEvent): void {
  const g = net.games[e.gameId];
  if (!g) {
    send({ type: 'sync', gameId: e.gameId, version: 0 });
    return;
  }
  if (e.version <= g.version) return; // already have it
  if (e.version > g.version + 1) {
    send({ type: 'sync', gameId: g.id, version: g.version }); // a gap: ask the server to replay it
    return;
  }
  g.version = e.version;
  switch (e.kind) {
    case 'move':
      g.moves.push(e.usi);
      g.ply = e.ply + 1;
      g.turn = e.color === 'black' ? 'white' : 'black';
      g.turnRemainingMs = e.turnRemainingMs;
      g.drawOfferBy = null;
      if (net.pendingMove[g.id]) net.pendingMove[g.id] = undefined;
      break;
    case 'draw-offer':
      g.drawOfferBy = e.by;
      break;
    case 'draw-decline':
      g.drawOfferBy = null;
      break;
    case 'end':
      g.status = 'finished';
      g.outcome = e.outcome;
      g.drawOfferBy = null;
      break;
  }
  receivedAt[g.id] = Date.now();
}

/** When the latest clock reading of each game arrived (for counting down locally). */
export const receivedAt: Record<string, number> = $state({});

export function joinRoom(code: string): void {
  joined.add(code);
  const room = net.rooms[code];
  const game = room?.gameId ? net.games[room.gameId] : undefined;
  send({ type: 'room.join', code, ...(game ? { game: { id: game.id, version: game.version } } : {}) });
}

export function leaveRoom(code: string): void {
  joined.delete(code);
  send({ type: 'room.leave', code });
}

export function playMove(game: GameView, usi: string): void {
  net.pendingMove[game.id] = usi;
  send({ type: 'move', gameId: game.id, usi, version: game.version, ack: `${ackSession}.${++ackSeq}` });
}

export function clearError(): void {
  net.error = null;
}

export function mySeat(view: { seats: RoomView['seats'] } | undefined): 'black' | 'white' | null {
  const id = net.device?.id;
  if (!view || !id) return null;
  if (view.seats.black.kind === 'human' && view.seats.black.deviceId === id) return 'black';
  if (view.seats.white.kind === 'human' && view.seats.white.deviceId === id) return 'white';
  return null;
}
