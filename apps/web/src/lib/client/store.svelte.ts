// This tab's rooms and games, live: every server message goes through the reducer (state.ts), and
// what it asks for is done here (a message sent, a sound, a room opened). Commands (commands.ts)
// write what this tab asked for; nothing else changes the state.
import type { ClientMessage, Color, GameView, ServerMessage } from '@chu/protocol';
import { deliver, serve, send, answered, retry } from '../link/link.svelte';
import { chatHistoryReceived, chatReceived, chatRefused } from '../chat/chat.svelte';
import { tournamentReceived } from '../tournaments/live.svelte';
import { challengeReceived, forget as forgetChallenges, loadChallenges } from '../friends/challenges.svelte';
import { inboxCleared, inboxReceived } from '../notifications/notifications.svelte';
import { go } from '../router.svelte';
import { noteMove } from '../sound';
import { queueReduce } from '../ranked/queue';
import { EMPTY_STATE, reduce, seatOf, seatsOf, takeoverLeft, type ClientState, type Request, type Sent } from './state';
import { reconcile } from './reconcile';
import { serverNow } from '../clock/serverTime';

export const client: ClientState = $state(structuredClone(EMPTY_STATE));

/** A server message, applied (tests call it for a message the socket would bring). */
export const receive = (msg: ServerMessage): void => deliver(msg);

function apply(msg: ServerMessage): void {
  if (msg.type === 'chat') chatReceived(msg.code, msg.message, client.device?.id);
  if (msg.type === 'chat.history') chatHistoryReceived(msg.code, msg.messages);
  if (msg.type === 'tournament') tournamentReceived(msg.tournament);
  if (msg.type === 'challenge') challengeReceived(msg.challenge, client.user?.username);
  // a signed-in socket: the challenges made while this tab was away; signed out, none are this tab's
  if (msg.type === 'welcome') void (msg.user ? loadChallenges() : forgetChallenges());
  if (msg.type === 'notifications' || msg.type === 'notification' || msg.type === 'notifications.read') inboxReceived(msg);
  if (msg.type === 'welcome' && (msg.user?.id ?? null) !== (client.user?.id ?? null)) inboxCleared();
  const { state, requests } = reduce(client, msg, Date.now());
  reconcile(client as never, state as never);
  for (const r of requests) perform(r);
}

function perform(r: Request): void {
  switch (r.kind) {
    case 'send':
      return send(r.msg);
    case 'command':
      return void command(r.msg);
    case 'answered':
      return answered(r.ack);
    case 'retry':
      return retry(r.ack, r.afterMs);
    case 'open':
      return go({ name: 'room', code: r.code });
    case 'moved':
      return noteMove(r.usi, r.notation);
    case 'chat-refused':
      return chatRefused(r.ack, r.code, r.message);
  }
}

// What other modules send first on a new socket (the lobby watch, a ranked re-join), and hear of a lost one.
const rejoiners: (() => ClientMessage[])[] = [];
const losers: (() => void)[] = [];
export const onRejoin = (f: () => ClientMessage[]): void => void rejoiners.push(f);
export const onLost = (f: () => void): void => void losers.push(f);

/** Entering a room with the version of its game this tab has, so the server sends only what is new. */
export function joinMessage(code: string): ClientMessage {
  const room = client.rooms[code];
  const game = room?.gameId ? client.games[room.gameId] : undefined;
  return { type: 'room.join', code, ...(game ? { game: { id: game.id, version: game.version } } : {}) };
}

serve({
  receive: apply,
  rejoinMessages: () => [...client.joined.map(joinMessage), ...rejoiners.flatMap((f) => f())],
  lost: () => {
    for (const f of losers) f();
  },
});

let ackSeq = 0;
// ack ids must stay unique across page loads: the server answers a repeated id with the earlier ack
const ackSession = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

// a message as the commands write it: its ack id is added here
type Unacked = ClientMessage extends infer M ? (M extends unknown ? Omit<M, 'ack'> : never) : never;

/** A new ack id for a command of this kind, remembered until the server answers it. */
export function ackFor(what: Sent): string {
  const ack = `${ackSession}.${++ackSeq}`;
  client.sent[ack] = { ...what, at: Date.now() };
  return ack;
}

/** A command the server may refuse: it goes with an ack id, and the answer naming that id is its own. */
export function command(msg: Unacked, what: Sent = { kind: 'command' }): string {
  const ack = ackFor(what);
  send({ ...msg, ack } as ClientMessage);
  return ack;
}

/** The game's seats as they are now (its room's while the same people sit there). */
export const gameSeats = (game: GameView): Record<Color, GameView['seats']['black']> => seatsOf(client, game);
/** The seat this device holds in a room or game, or null. */
export const mySeat = (view: { seats: GameView['seats'] } | undefined): Color | null => seatOf(client.device?.id, view);
/** The server's time now, by this tab's estimate of the offset between the clocks. */
export const serverClock = (clientNow = Date.now()): number => serverNow(client.serverTime, clientNow);
/** Milliseconds before an away seat is taken over, or null. */
export const takeoverIn = (gameId: string, color: Color, now: number): number | null => takeoverLeft(client, gameId, color, now);

/** The ranked queue after something this tab did or saw (its own join, leave, a lost socket). */
export function rankedEvent(e: Parameters<typeof queueReduce>[1]): void {
  client.ranked = queueReduce(client.ranked, e);
}

export function clearError(): void {
  client.error = null;
}
