// The one Socket.IO connection: sends typed client messages (kept in an outbox while the socket is
// down or being replaced), keeps the latest room and game views, applies versioned game events and
// catches up after a reconnect.
import { io } from 'socket.io-client';
import {
  CLIENT_EVENT,
  COLORS,
  RETRYABLE_CODES,
  SERVER_EVENT,
  type ChatChannel,
  type ClientMessage,
  type Color,
  type GameEvent,
  type GameView,
  type Lobby,
  type RoomOptionsPatch,
  type RoomView,
  type SeatView,
  type ServerMessage,
  type ServerMessageOf,
} from '@chu/protocol';
import { opposite } from '@chu/rules';
import { settings } from './settings.svelte';
import { go } from './router.svelte';
import { Outbox } from './link/outbox';
import { moveSound, noteMoveSound } from './sound';
import { chatAwaiting, chatHistoryReceived, chatReceived, chatRefused, chatSent, chatTextProblem } from './chat/chat.svelte';
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
  /** the refusal answers a move of ours (only moves carry an ack id) */
  move: boolean;
  at: number;
}

export const net = $state({
  // 'connecting': first connection, or a fresh handshake we asked for (a new name, a login)
  status: 'idle' as 'idle' | 'connecting' | 'online' | 'offline',
  everOnline: false,
  device: null as { id: string; name: string } | null,
  user: null as { id: string; username: string } | null, // logged-in account (null for guests)
  ranked: IDLE as QueueState,
  rooms: {} as Record<string, RoomView>, // by code
  games: {} as Record<string, GameView>, // by id
  pendingMove: {} as Record<string, string | undefined>, // gameId → usi sent, not yet confirmed
  creating: null as { id: number; known: string[] } | null, // room.create sent; the room codes known before
  error: null as NetError | null,
  left: null as string | null, // code of a room we were removed from
  lobby: null as Lobby | null, // public rooms waiting and games being played, while Home watches
  storageDown: false, // the server's storage is away: moves wait and are re-sent by themselves
});

/** When the latest clock reading of each game arrived (for counting down locally). */
export const receivedAt: Record<string, number> = $state({});
/** `${gameId}:${color}` → an away seat's takeover reading: ms left, and the local time it arrived. */
export const takeoverAt: Record<string, { inMs: number; at: number } | undefined> = $state({});

let started: Promise<void> | null = null;
let lobbyWatchers = 0; // screens showing the lobby: a new socket asks for it again
let deliberate = false; // the next disconnect is ours: a fresh handshake, not a lost connection
let rankedRejoin: RankedTurnTime | undefined; // queued when the socket dropped: ask again once back
const joined = new Set<string>(); // room codes this tab is in, re-joined after a reconnect
let ackSeq = 0;
let createSeq = 0;
// ack ids must stay unique across page loads: the server answers a repeated id with the earlier ack
const ackSession = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

/** Where messages go: the socket, or a test's stand-in. `restart`: a fresh handshake. */
interface Link {
  emit(msg: OutMessage): void;
  restart(): void;
}
let link: Link | null = null;
const newOutbox = () =>
  new Outbox<OutMessage>(
    (m) => link?.emit(m),
    // a new socket re-joins every room with the version it has, which also catches up (and watches
    // the lobby if a screen shows it)
    (m) => ['room.join', 'room.leave', 'sync', 'lobby.watch', 'lobby.unwatch'].includes(m.type),
  );
let outbox = newOutbox();

export function send(msg: OutMessage): void {
  outbox.send(msg);
}

/**
 * Tests: a stand-in for the socket, connected at once; `down()`/`up()` are a lost and a new
 * connection, and a fresh handshake (a new name) comes back on the next tick, as a socket's would.
 */
export function setTransport(fn: ((msg: OutMessage) => void) | null): { down(): void; up(): void } {
  outbox = newOutbox();
  link = fn && {
    emit: fn,
    restart() {
      onDisconnect('io client disconnect');
      setTimeout(onConnect, 0);
    },
  };
  if (fn) onConnect();
  return { down: () => onDisconnect('transport close'), up: onConnect };
}

/** Messages written nowhere yet (tests). */
export const waiting = (): readonly OutMessage[] => outbox.pending;

/** Entering a room with the version of its game this tab has, so the server sends only what is new. */
function joinMessage(code: string): OutMessage {
  const room = net.rooms[code];
  const game = room?.gameId ? net.games[room.gameId] : undefined;
  return { type: 'room.join', code, ...(game ? { game: { id: game.id, version: game.version } } : {}) };
}

// Re-joined rooms whose view has not come back yet. The server takes a room command only from a socket
// already in the room, and a join is not done when the next message arrives: what waited goes out once
// every room is re-entered (or after REJOIN_WAIT_MS, if one never answers).
const rejoining = new Set<string>();
let rejoined: (() => void) | null = null;
const REJOIN_WAIT_MS = 3000;

function onConnect(): void {
  net.status = 'online';
  net.everOnline = true;
  rejoined?.();
  rejoining.clear();
  for (const code of joined) rejoining.add(code);
  if (rejoining.size) {
    const release = outbox.hold();
    rejoined = () => {
      rejoined = null;
      release();
    };
    setTimeout(release, REJOIN_WAIT_MS);
  }
  const first = [...joined].map(joinMessage);
  if (lobbyWatchers > 0) first.push({ type: 'lobby.watch' });
  if (rankedRejoin !== undefined && net.ranked.state === 'joining' && net.user) {
    first.push({ type: 'ranked.join', turnTime: rankedRejoin });
  }
  rankedRejoin = undefined;
  outbox.connected(first);
}

function onDisconnect(reason: string): void {
  outbox.down();
  const ours = deliberate || reason === 'io client disconnect';
  deliberate = false;
  net.status = ours ? 'connecting' : 'offline';
  // the server drops a disconnected socket from the queue; a person still waiting is queued again
  const q = net.ranked;
  if ((q.state === 'queued' || q.state === 'joining') && net.user) rankedRejoin = q.turnTime;
  rankedEvent({ kind: 'disconnect', rejoin: rankedRejoin !== undefined });
}

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

/**
 * Tell the server the display name chosen in the settings (it is shown on seats and in rooms).
 * The socket learnt the old name at its handshake, so a fresh one follows, which re-joins every room
 * under the new name. Messages sent meanwhile (the click that blurred the name field) wait for it.
 * Resolves true when the name changed.
 */
export async function syncName(): Promise<boolean> {
  const name = settings.name.trim().slice(0, 24);
  if (!name || !net.device || name === net.device.name) return false;
  const release = outbox.hold();
  try {
    const res = await fetch('/api/device', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (!res.ok) return false;
    const { device } = (await res.json()) as { device: { id: string; name: string } };
    net.device = { id: device.id, name: device.name };
    reconnect();
    return true;
  } catch {
    return false; // keep the old name
  } finally {
    release();
  }
}

export function connect(): Promise<void> {
  started ??= (async () => {
    net.status = 'connecting';
    await ensureDevice();
    const s = io({ withCredentials: true, transports: ['websocket', 'polling'] });
    // (a test's stand-in, when set, stays the link)
    link ??= {
      emit: (m) => s.emit(CLIENT_EVENT, m),
      restart() {
        s.disconnect();
        s.connect();
      },
    };
    s.on('connect', onConnect);
    s.on('disconnect', (reason) => onDisconnect(reason));
    s.on('connect_error', async (err: Error & { data?: { code?: string; retryAfterMs?: number } }) => {
      net.status = 'offline';
      // an unknown or missing device: get a cookie and try again
      if (/auth|device|unauth/i.test(err.message)) await ensureDevice();
      // A handshake the server refused (too many from this address, a device held back after a
      // flood, an unknown device) is not retried by socket.io itself: try again once the server's
      // wait is over, so the tab comes back by itself instead of staying offline until a reload.
      if (!s.active) setTimeout(() => s.connect(), Math.min(60_000, Math.max(1000, err.data?.retryAfterMs ?? 1000)));
    });
    s.on(SERVER_EVENT, (msg: ServerMessage) => receive(msg));
    // test hook: end-to-end tests drop the connection to check the reconnect path
    (window as unknown as { __chuDrop?: () => void }).__chuDrop = () => s.io.engine?.close();
  })();
  return started;
}

/** A fresh handshake (after a new name, a login or a logout), so the server knows who this socket is. */
export function reconnect(): void {
  if (!link) return;
  outbox.down();
  deliberate = true;
  link.restart();
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
  rankedEvent({ kind: 'join', turnTime });
  send({ type: 'ranked.join', turnTime });
}

export function leaveRanked(): void {
  rankedRejoin = undefined;
  rankedEvent({ kind: 'leave' });
  send({ type: 'ranked.leave' });
}

export function resetRanked(): void {
  rankedEvent({ kind: 'reset' });
}

/** Create a room (with a CPU seat at `cpu`, seated by Room.svelte); its view opens it. */
export function createRoom(options: RoomOptionsPatch, cpu: number | null): void {
  const id = ++createSeq;
  net.creating = { id, known: Object.keys(net.rooms) };
  if (cpu) sessionStorage.setItem('chu.autoCpu', String(cpu));
  else sessionStorage.removeItem('chu.autoCpu');
  // the host's language is the room's, shown in the lobby
  send({ type: 'room.create', options: { ...options, language: settings.lang } });
  // no answer 8 s after it went out (refused, say): let the person try again; waiting offline is no answer yet
  const expire = () => {
    if (net.creating?.id !== id) return;
    if (outbox.open && !outbox.pending.length) net.creating = null;
    else setTimeout(expire, 8000);
  };
  setTimeout(expire, 8000);
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
      // a casual game played while waiting is left (it adjourns and stays in "games in progress")
      for (const code of [...joined]) if (code !== msg.roomCode) leaveRoom(code);
      // the game has started in a private room: go there (Room joins it and shows the board)
      go({ name: 'room', code: msg.roomCode });
      break;
    case 'room':
      onRoom(msg.room);
      break;
    case 'game':
      net.games[msg.game.id] = msg.game;
      receivedAt[msg.game.id] = Date.now();
      noteTakeovers(msg.game.id, msg.game.seats);
      if (net.pendingMove[msg.game.id]) net.pendingMove[msg.game.id] = undefined;
      break;
    case 'event':
      applyEvent(msg.event);
      break;
    case 'ack':
      net.storageDown = false;
      outbox.answered(msg.ack);
      break;
    case 'error':
      onError(msg);
      break;
    case 'left':
      joined.delete(msg.code);
      net.left = msg.code;
      break;
    case 'chat':
      chatReceived(msg.code, msg.message, net.device?.id);
      break;
    case 'chat.history':
      chatHistoryReceived(msg.code, msg.messages);
      break;
    case 'lobby':
      net.lobby = msg.lobby;
      break;
  }
}

/** Show the lobby while a screen is open; `lobby` messages follow now and on every change. */
export function watchLobby(): () => void {
  if (lobbyWatchers++ === 0) send({ type: 'lobby.watch' });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--lobbyWatchers === 0) send({ type: 'lobby.unwatch' });
  };
}

/**
 * Write in a room's chat. The text is checked as the server will check it (trimmed, 1–300 characters,
 * one line); returns why it cannot go, or null once it is sent.
 */
export function sendChat(code: string, channel: ChatChannel, text: string): ReturnType<typeof chatTextProblem> {
  const problem = chatTextProblem(text);
  if (problem) return problem;
  const trimmed = text.trim();
  chatSent(code, channel, trimmed);
  send({ type: 'chat.send', code, channel, text: trimmed });
  return null;
}

// A room refuses a chat message with one of these codes and no ack: while a message of ours awaits
// its echo, such an error is its answer (the room answers its commands in order).
const CHAT_REFUSALS = ['rate-limited', 'muted', 'not-seated', 'malformed', 'not-in-room'];

function onRoom(room: RoomView): void {
  net.rooms[room.code] = room;
  if (rejoining.delete(room.code) && rejoining.size === 0) rejoined?.();
  const c = net.creating;
  if (c && !c.known.includes(room.code) && room.hostDeviceId === net.device?.id) {
    net.creating = null;
    sessionStorage.setItem('chu.created', room.code);
    joined.add(room.code); // the server put this socket in the room it made
    go({ name: 'room', code: room.code });
  }
  if (!room.gameId) return;
  // the room is told of every presence change: the game's seats follow it (not the snapshot of its start)
  const g = net.games[room.gameId];
  if (g) {
    for (const color of COLORS) {
      const from = room.seats[color];
      const to = g.seats[color];
      if (from.kind !== to.kind || from.deviceId !== to.deviceId) continue;
      to.connected = from.connected;
      if (g.status !== 'finished') {
        to.status = from.status;
        to.takeoverInMs = from.takeoverInMs;
        to.controller = from.controller;
      }
    }
  }
  if (!g || g.status !== 'finished') noteTakeovers(room.gameId, room.seats);
}

function noteTakeovers(gameId: string, seats: Record<Color, Pick<SeatView, 'takeoverInMs'>>): void {
  for (const color of COLORS) noteTakeover(gameId, color, seats[color].takeoverInMs);
}

function noteTakeover(gameId: string, color: Color, inMs: number | null): void {
  takeoverAt[`${gameId}:${color}`] = inMs === null ? undefined : { inMs, at: Date.now() };
}

/**
 * Milliseconds left before an away seat goes to the CPU (or the game adjourns), or null. `now` may be a
 * screen's last tick, older than the reading: the countdown never reads above what the server said.
 */
export function takeoverLeft(gameId: string, color: Color, now: number): number | null {
  const r = takeoverAt[`${gameId}:${color}`];
  return r === undefined ? null : Math.max(0, r.inMs - Math.max(0, now - r.at));
}

function onError(msg: ServerMessageOf<'error'>) {
  if ((msg.code as string) === 'account-required') {
    rankedEvent({ kind: 'account-required' }); // shown by the queue widget, not as a banner
    return;
  }
  if (!msg.ack && CHAT_REFUSALS.includes(msg.code) && chatAwaiting()) {
    chatRefused(msg.code, msg.message); // shown by the chat, not as a game banner
    return;
  }
  if (msg.ack && (RETRYABLE_CODES as readonly string[]).includes(msg.code)) {
    // nothing was applied: the same move, with the same ack id, once the server can take it
    const retryAfterMs = msg.retryAfterMs ?? 1000;
    if (msg.code === 'unavailable') net.storageDown = true;
    outbox.retry(msg.ack, retryAfterMs);
    return;
  }
  if (msg.ack) outbox.answered(msg.ack);
  if (!msg.ack && (net.ranked.state === 'joining' || net.ranked.state === 'leaving')) rankedEvent({ kind: 'refused' });
  net.error = { code: msg.code, message: msg.message, reason: msg.reason, move: !!msg.ack, at: Date.now() };
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
      g.takebackOfferBy = null;
      if (net.pendingMove[g.id]) net.pendingMove[g.id] = undefined;
      noteMoveSound(moveSound(e.usi, e.notation));
      break;
    case 'draw-offer':
      g.drawOfferBy = e.by;
      break;
    case 'draw-decline':
      g.drawOfferBy = null;
      break;
    case 'takeback-offer':
      g.takebackOfferBy = e.by;
      break;
    case 'takeback-decline':
      g.takebackOfferBy = null;
      break;
    case 'takeback':
      // the last `plies` moves are undone: the side to move changes with an odd number of them
      g.moves.splice(e.ply);
      g.ply = e.ply;
      if (e.plies % 2 === 1) g.turn = opposite(g.turn);
      g.turnRemainingMs = e.turnRemainingMs;
      g.takebackOfferBy = null;
      g.drawOfferBy = null;
      if (net.pendingMove[g.id]) net.pendingMove[g.id] = undefined;
      break;
    case 'seat': {
      // RULES.md §8: the room's view of the seat says the same
      const room = net.rooms[g.roomCode];
      for (const s of [g.seats[e.color], room?.gameId === g.id ? room.seats[e.color] : undefined]) {
        if (!s || s.kind !== 'human') continue;
        s.status = e.status;
        s.takeoverInMs = e.takeoverInMs;
        s.controller = e.status === 'cpu' ? 'cpu' : 'human';
        s.connected = e.status === 'present' || e.status === 'returned';
      }
      noteTakeover(g.id, e.color, e.takeoverInMs);
      break;
    }
    case 'adjourn':
      g.status = 'adjourned';
      g.drawOfferBy = null; // (the server keeps a takeback request across an adjournment)
      break;
    case 'resume':
      g.status = 'active';
      g.turnRemainingMs = e.turnRemainingMs;
      break;
    case 'end':
      g.status = 'finished';
      g.outcome = e.outcome;
      g.ratingChanges = e.ratingChanges;
      g.drawOfferBy = null;
      for (const color of COLORS) {
        const s = g.seats[color];
        s.status = 'present';
        s.takeoverInMs = null;
        if (s.kind !== 'empty') s.controller = s.kind;
        noteTakeover(g.id, color, null);
      }
      break;
  }
  receivedAt[g.id] = Date.now();
}

export function joinRoom(code: string): void {
  joined.add(code);
  send(joinMessage(code));
}

export function leaveRoom(code: string): void {
  joined.delete(code);
  if (rejoining.delete(code) && rejoining.size === 0) rejoined?.();
  send({ type: 'room.leave', code });
}

export function playMove(game: GameView, usi: string): void {
  net.pendingMove[game.id] = usi;
  send({ type: 'move', gameId: game.id, usi, version: game.version, ack: `${ackSession}.${++ackSeq}` });
}

export function clearError(): void {
  net.error = null;
}

export function mySeat(view: { seats: RoomView['seats'] } | undefined): Color | null {
  const id = net.device?.id;
  if (!view || !id) return null;
  for (const c of COLORS) if (view.seats[c].kind === 'human' && view.seats[c].deviceId === id) return c;
  return null;
}
