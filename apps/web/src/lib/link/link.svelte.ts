// The one Socket.IO connection: it writes client messages (kept in an outbox while the socket is down
// or being replaced), hands every server message on, and after a reconnect sends first what it is
// handed by `rejoinMessages()`. It knows no rooms or games of its own.
import { io } from 'socket.io-client';
import { CLIENT_EVENT, SERVER_EVENT, type ClientMessage, type ServerMessage } from '@chu/protocol';
import { Outbox } from './outbox';

export const connection = $state({
  // 'connecting': the first connection, or a fresh handshake we asked for (a new name, a login)
  status: 'idle' as 'idle' | 'connecting' | 'online' | 'offline',
  everOnline: false,
});

export interface LinkUser {
  /** What a new socket sends before anything else: the room re-joins, the lobby watch, a ranked re-join. */
  rejoinMessages(): ClientMessage[];
  /** Every server message, in order. */
  receive(msg: ServerMessage): void;
  /** The connection was lost (not a handshake we asked for). */
  lost(): void;
}

let user: LinkUser | null = null;

/** Where messages go: the socket, or a test's stand-in. `restart`: a fresh handshake. */
interface Wire {
  emit(msg: ClientMessage): void;
  restart(): void;
}
let wire: Wire | null = null;
let deliberate = false; // the next disconnect is ours: a fresh handshake, not a lost connection

const newOutbox = () =>
  new Outbox<ClientMessage>(
    (m) => wire?.emit(m),
    // a new socket re-joins every room with the version it has, which also catches up (and watches
    // the lobby if a screen shows it)
    (m) => ['room.join', 'room.leave', 'sync', 'lobby.watch', 'lobby.unwatch'].includes(m.type),
  );
let outbox = newOutbox();

// Re-joined rooms whose view has not come back yet. The server takes a room command only from a socket
// already in the room, and a join is not done when the next message arrives: what waited goes out once
// every room is re-entered (or after REJOIN_WAIT_MS, if one never answers).
const rejoining = new Set<string>();
let rejoined: (() => void) | null = null;
const REJOIN_WAIT_MS = 3000;

/** Who the link works for; set once, before `open()`. */
export function serve(u: LinkUser): void {
  user = u;
}

export function send(msg: ClientMessage): void {
  if (msg.type === 'room.leave') settled(msg.code);
  outbox.send(msg);
}

/** A server message: through here, so the link sees a re-joined room come back. */
export function deliver(msg: ServerMessage): void {
  if (msg.type === 'room') settled(msg.room.code);
  user?.receive(msg);
}

function settled(code: string): void {
  if (rejoining.delete(code) && rejoining.size === 0) rejoined?.();
}

/** The server answered this ack id: the command need not be sent again. */
export const answered = (ack: string): void => outbox.answered(ack);
/** The server could not take this command yet: the same message, after `afterMs`. */
export const retry = (ack: string, afterMs: number): void => outbox.retry(ack, afterMs);
/** Keep messages back until the returned release (while the page changes its identity). */
export const hold = (): (() => void) => outbox.hold();
/** Messages written nowhere yet. */
export const waiting = (): readonly ClientMessage[] => outbox.pending;
/** Everything sent is written: nothing waits for a connection. */
export const flushed = (): boolean => outbox.open && !outbox.pending.length;

function onConnect(): void {
  connection.status = 'online';
  connection.everOnline = true;
  rejoined?.();
  rejoining.clear();
  const first = user?.rejoinMessages() ?? [];
  for (const m of first) if (m.type === 'room.join') rejoining.add(m.code);
  if (rejoining.size) {
    const release = outbox.hold();
    rejoined = () => {
      rejoined = null;
      release();
    };
    setTimeout(release, REJOIN_WAIT_MS);
  }
  outbox.connected(first);
}

function onDisconnect(reason: string): void {
  outbox.down();
  const ours = deliberate || reason === 'io client disconnect';
  deliberate = false;
  connection.status = ours ? 'connecting' : 'offline';
  user?.lost();
}

/**
 * Open the socket (once; a test's stand-in, when set, stays the wire). `unknownDevice`: the server
 * does not know this device; get one before the socket tries again.
 */
export function open(device: { unknownDevice(): Promise<void> }): void {
  const s = io({ withCredentials: true, transports: ['websocket', 'polling'] });
  wire ??= {
    emit: (m) => s.emit(CLIENT_EVENT, m),
    restart() {
      s.disconnect();
      s.connect();
    },
  };
  s.on('connect', onConnect);
  s.on('disconnect', (reason) => {
    onDisconnect(reason);
    // The server closes a socket whose token was rotated (a login, logout or password change on any
    // tab or process), after a flood, or on shutdown; socket.io does not come back from that by itself.
    // The pause lets a login's answer set the new cookie first, so the handshake carries it.
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 1000);
  });
  s.on('connect_error', async (err: Error & { data?: { code?: string; retryAfterMs?: number } }) => {
    connection.status = 'offline';
    if (/auth|device|unauth/i.test(err.message)) await device.unknownDevice();
    // A handshake the server refused (too many from this address, a device held back after a
    // flood, an unknown device) is not retried by socket.io itself: try again once the server's
    // wait is over, so the tab comes back by itself instead of staying offline until a reload.
    if (!s.active) setTimeout(() => s.connect(), Math.min(60_000, Math.max(1000, err.data?.retryAfterMs ?? 1000)));
  });
  s.on(SERVER_EVENT, (msg: ServerMessage) => deliver(msg));
  // test hook: end-to-end tests drop the connection to check the reconnect path
  (window as unknown as { __chuDrop?: () => void }).__chuDrop = () => s.io.engine?.close();
}

/** A fresh handshake (after a new name, a login or a logout), so the server knows who this socket is. */
export function restart(): void {
  if (!wire) return;
  outbox.down();
  deliberate = true;
  wire.restart();
}

/**
 * Tests: a stand-in for the socket, connected at once; `down()`/`up()` are a lost and a new
 * connection, and a fresh handshake (a new name) comes back on the next tick, as a socket's would.
 */
export function setTransport(fn: ((msg: ClientMessage) => void) | null): { down(): void; up(): void } {
  outbox = newOutbox();
  rejoining.clear();
  rejoined = null;
  wire = fn && {
    emit: fn,
    restart() {
      onDisconnect('io client disconnect');
      setTimeout(onConnect, 0);
    },
  };
  if (fn) onConnect();
  return { down: () => onDisconnect('transport close'), up: onConnect };
}
