// The room chat as this tab knows it: each room's recent messages (both channels, oldest first), what
// was sent and not yet echoed back by the server, and the last refusal. Sending is the `sendChat`
// command (client/commands.ts); this module holds no socket.
import { CHAT_MAX_LENGTH, chatTextProblem, type ChatChannel, type ChatMessage, type ChatTextProblem } from '@chu/protocol';

export interface PendingChat {
  ack: string; // the command's ack id: a refusal names it
  channel: ChatChannel;
  text: string; // trimmed, as sent
  at: number; // local time it was sent
}

export interface ChatRefusal {
  code: string; // 'rate-limited', 'muted', 'not-seated', 'malformed'
  message: string; // the server's words (English): 'At most 5 messages every 10 s.'
  text: string; // the refused message, to give back to its writer
  channel: ChatChannel;
  at: number;
}

export interface RoomChat {
  messages: ChatMessage[]; // by id, oldest first
  joinedRead: Record<ChatChannel, number>; // newest id per channel a join's history brought: read already; { players: 4, spectators: 9 }
  pending: PendingChat[]; // sent, oldest first; answered by its echo, or by an error with its ack id
  refusal: ChatRefusal | null;
}

/** Messages kept per room: the server's history is shorter; a long evening's chat stays light. */
export const CHAT_KEPT = 200;

export const chat: Record<string, RoomChat> = $state({});

function roomChat(code: string): RoomChat {
  if (!chat[code]) chat[code] = { messages: [], joinedRead: { players: 0, spectators: 0 }, pending: [], refusal: null };
  return chat[code]; // the state's proxy, not the object assigned: changes through it are seen
}

/** Why a text cannot be sent: the protocol's rule (terms/chat.ts), checked before sending. */
export { chatTextProblem, type ChatTextProblem };

/** Characters a text counts against the limit (as the server counts them: trimmed). */
export const chatLength = (text: string): number => text.trim().length;
export { CHAT_MAX_LENGTH };

/** A message is on its way; it is answered by its echo or by a refusal. */
export function chatSent(code: string, channel: ChatChannel, text: string, ack: string): void {
  const c = roomChat(code);
  c.pending.push({ ack, channel, text, at: Date.now() });
  c.refusal = null;
}

function insert(c: RoomChat, m: ChatMessage): void {
  const list = c.messages;
  if (list.some((x) => x.id === m.id)) return;
  let i = list.length;
  while (i > 0 && list[i - 1].id > m.id) i--;
  list.splice(i, 0, m);
  if (list.length > CHAT_KEPT) list.splice(0, list.length - CHAT_KEPT);
}

/** One new message; when it is this device's own, it answers the oldest pending one with its text. */
export function chatReceived(code: string, m: ChatMessage, myDeviceId: string | undefined): void {
  const c = roomChat(code);
  insert(c, m);
  if (m.deviceId === myDeviceId) {
    const i = c.pending.findIndex((p) => p.channel === m.channel && p.text === m.text);
    if (i >= 0) c.pending.splice(i, 1);
  }
}

/** The recent messages this device may read, sent on every (re-)join: merged with what is kept. */
export function chatHistoryReceived(code: string, messages: ChatMessage[]): void {
  const c = roomChat(code);
  for (const m of messages) {
    insert(c, m);
    c.joinedRead[m.channel] = Math.max(c.joinedRead[m.channel], m.id);
  }
}

// A message written to a socket that then died is never answered: after this long the chat shows it
// as unconfirmed.
export const CHAT_ANSWER_MS = 15_000;

/** The server refused the message sent with this ack id: it goes back to its writer, with why. */
export function chatRefused(ack: string, errorCode: string, message: string, now = Date.now()): void {
  for (const c of Object.values(chat)) {
    const i = c.pending.findIndex((p) => p.ack === ack);
    if (i < 0) continue;
    const [p] = c.pending.splice(i, 1);
    c.refusal = { code: errorCode, message, text: p.text, channel: p.channel, at: now };
    return;
  }
}

export function clearChatRefusal(code: string): void {
  if (chat[code]) chat[code].refusal = null;
}

/** A channel's messages as this device shows them: without the people it hides. */
export function shownMessages(code: string, channel: ChatChannel, hidden: ReadonlySet<string>): ChatMessage[] {
  return (chat[code]?.messages ?? []).filter((m) => m.channel === channel && !hidden.has(m.deviceId));
}
