// What a person can ask of the server, by name. Screens call these and never build a message; a
// command the server may refuse carries an ack id, and its refusal is matched by it.
import type { ChatChannel, Color, GameView, RoomOptionsPatch } from '@chu/protocol';
import { send } from '../link/link.svelte';
import { chatSent, chatTextProblem, type ChatTextProblem } from '../chat/chat.svelte';
import { client, command, joinMessage, mySeat, onRejoin } from './store.svelte';
import { sealing } from './state';

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
export const sit = (code: string, color?: Color) => command({ type: 'room.sit', code, ...(color ? { color } : {}) });
export const stand = (code: string) => command({ type: 'room.stand', code });
/** Host only: the CPU at `level` takes a seat, or (null) leaves it. */
export const seatCpu = (code: string, color: Color, level: number | null) => command({ type: 'room.cpu', code, color, level });
/** Host only, between games: the next game's options, the room's language among them. */
export const setRoomOptions = (code: string, options: RoomOptionsPatch) => command({ type: 'room.options', code, options });
export const startGame = (code: string) => command({ type: 'room.start', code });
/** The next game: offer it (accepts when the other already offered), or decline the other's offer. */
export const offerRematch = (code: string) => command({ type: 'room.rematch', code, action: 'offer' });
export const declineRematch = (code: string) => command({ type: 'room.rematch', code, action: 'decline' });

// ---- the game ------------------------------------------------------------------------------------

/**
 * A move, shown at once and confirmed by its event (or dropped by its refusal). While its player is to
 * seal (RULES.md §7) it is sent sealed instead, and not shown: nobody sees it until the game resumes.
 */
export function playMove(game: GameView, usi: string): void {
  if (sealing(game, mySeat(game))) {
    command({ type: 'seal', gameId: game.id, usi, version: game.version });
    return;
  }
  client.pendingMove[game.id] = usi;
  command({ type: 'move', gameId: game.id, usi, version: game.version }, { kind: 'move', gameId: game.id });
}

export const resign = (gameId: string) => command({ type: 'resign', gameId });
/** Before both sides have moved (the protocol's abortDenial): the game ends with no result, unrated. */
export const abort = (gameId: string) => command({ type: 'abort', gameId });
/** Casual clock games, when the room allows it: GIVEN_TIME_SECONDS more on the opponent's clock. */
export const giveTime = (gameId: string) => command({ type: 'give-time', gameId });
export const offerDraw = (gameId: string) => command({ type: 'draw', gameId, action: 'offer' });
export const acceptDraw = (gameId: string) => command({ type: 'draw', gameId, action: 'accept' });
export const declineDraw = (gameId: string) => command({ type: 'draw', gameId, action: 'decline' });
export const askTakeback = (gameId: string) => command({ type: 'takeback', gameId, action: 'offer' });
export const acceptTakeback = (gameId: string) => command({ type: 'takeback', gameId, action: 'accept' });
export const declineTakeback = (gameId: string) => command({ type: 'takeback', gameId, action: 'decline' });
/** Clock games from ply 20 (RULES.md §7): offer to adjourn (accepts the other's offer), accept or decline it. */
export const adjournGame = (gameId: string, action: 'offer' | 'accept' | 'decline') => command({ type: 'adjourn', gameId, action });
/** An adjourned-by-agreement game: offer to resume (accepts the other's offer), accept or decline it. */
export const resumeGame = (gameId: string, action: 'offer' | 'accept' | 'decline') => command({ type: 'resume', gameId, action });

// ---- chat ----------------------------------------------------------------------------------------

/**
 * Write in a room's chat. The text is checked as the server will check it (trimmed, 1–300 characters,
 * one line); returns why it cannot go, or null once it is sent.
 */
export function sendChat(code: string, channel: ChatChannel, text: string): ChatTextProblem | null {
  const problem = chatTextProblem(text);
  if (problem) return problem;
  const trimmed = text.trim();
  chatSent(code, channel, trimmed, command({ type: 'chat.send', code, channel, text: trimmed }, { kind: 'chat', code }));
  return null;
}

/** Host only: a participant may (not) write in the room's chat. */
export const muteInChat = (code: string, deviceId: string, muted: boolean) => command({ type: 'chat.mute', code, deviceId, muted });

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
