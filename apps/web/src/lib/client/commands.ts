// What a person can ask of the server, by name. Screens call these and never build a message; a
// command the server may refuse carries an ack id, and its refusal is matched by it.
import { ClientMessageSchema, type ChatChannel, type ClientMessage, type Color, type GameView, type RoomOptionsPatch } from '@chu/protocol';
import { send } from '../link/link.svelte';
import { chatSent, chatTextProblem, type ChatTextProblem } from '../chat/chat.svelte';
import { client, joinMessage, onRejoin } from './store.svelte';

let ackSeq = 0;
// ack ids must stay unique across page loads: the server answers a repeated id with the earlier ack
const ackSession = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
const nextAck = (): string => `${ackSession}.${++ackSeq}`;

// ---- rooms ---------------------------------------------------------------------------------------

/** Open a room's page: its view and game follow (and again after a reconnect). */
export function enterRoom(code: string): void {
  client.left = null;
  if (client.sitting !== code) client.full = null;
  joinRoom(code);
}

/** A room chosen in the lobby: this tab sits in its free seat once the room's view is here. */
export function joinToPlay(code: string): void {
  client.sitting = code;
  client.full = null;
}

export function joinRoom(code: string): void {
  if (!client.joined.includes(code)) client.joined.push(code);
  send(joinMessage(code));
}

export function leaveRoom(code: string): void {
  client.joined = client.joined.filter((c) => c !== code);
  send({ type: 'room.leave', code });
}

/** Sit down (in `color`, or in whichever seat is free). */
export const sit = (code: string, color?: Color): void => send({ type: 'room.sit', code, ...(color ? { color } : {}) });
export const stand = (code: string): void => send({ type: 'room.stand', code });
/** Host only: the CPU at `level` takes a seat, or (null) leaves it. */
export const seatCpu = (code: string, color: Color, level: number | null): void => send({ type: 'room.cpu', code, color, level });
export const setRoomOptions = (code: string, options: RoomOptionsPatch): void => send({ type: 'room.options', code, options });
export const startGame = (code: string): void => send({ type: 'room.start', code });
/** The next game: offer it (accepts when the other already offered), or decline the other's offer. */
export const offerRematch = (code: string): void => send({ type: 'room.rematch', code, action: 'offer' });
export const declineRematch = (code: string): void => send({ type: 'room.rematch', code, action: 'decline' });

// ---- the game ------------------------------------------------------------------------------------

/** A move, shown at once and confirmed by its event (or dropped by its refusal). */
export function playMove(game: GameView, usi: string): void {
  const ack = nextAck();
  client.pendingMove[game.id] = usi;
  client.sent[ack] = { kind: 'move', gameId: game.id };
  send({ type: 'move', gameId: game.id, usi, version: game.version, ack });
}

export const resign = (gameId: string): void => send({ type: 'resign', gameId });
export const offerDraw = (gameId: string): void => send({ type: 'draw', gameId, action: 'offer' });
export const acceptDraw = (gameId: string): void => send({ type: 'draw', gameId, action: 'accept' });
export const declineDraw = (gameId: string): void => send({ type: 'draw', gameId, action: 'decline' });
export const askTakeback = (gameId: string): void => send({ type: 'takeback', gameId, action: 'offer' });
export const acceptTakeback = (gameId: string): void => send({ type: 'takeback', gameId, action: 'accept' });
export const declineTakeback = (gameId: string): void => send({ type: 'takeback', gameId, action: 'decline' });

// ---- chat ----------------------------------------------------------------------------------------

/**
 * Write in a room's chat. The text is checked as the server will check it (trimmed, 1–300 characters,
 * one line); returns why it cannot go, or null once it is sent.
 */
export function sendChat(code: string, channel: ChatChannel, text: string): ChatTextProblem | null {
  const problem = chatTextProblem(text);
  if (problem) return problem;
  const trimmed = text.trim();
  const ack = nextAck();
  chatSent(code, channel, trimmed, ack);
  client.sent[ack] = { kind: 'chat', code };
  const bare: ClientMessage = { type: 'chat.send', code, channel, text: trimmed };
  const withAck = { ...bare, ack };
  // the ack id goes out once the protocol takes it on chat.send (issue 35); until then a refusal is a banner
  send(ClientMessageSchema.safeParse(withAck).success ? (withAck as ClientMessage) : bare);
  return null;
}

/** Host only: a participant may (not) write in the room's chat. */
export const muteInChat = (code: string, deviceId: string, muted: boolean): void => send({ type: 'chat.mute', code, deviceId, muted });

// ---- the lobby -----------------------------------------------------------------------------------

let lobbyWatchers = 0; // screens showing the lobby: a new socket asks for it again
onRejoin(() => (lobbyWatchers > 0 ? [{ type: 'lobby.watch' }] : []));

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
