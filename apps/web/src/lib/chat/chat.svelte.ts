// The room chat as this tab knows it: each room's recent messages (both channels, oldest first), what
// was sent and not yet echoed back by the server, and the last refusal. Sending is net.svelte.ts's
// `sendChat`; this module holds no socket.
import { CHAT_MAX_LENGTH, ChatTextSchema, type ChatChannel, type ChatMessage } from '@chu/protocol';

export interface PendingChat {
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
  pending: PendingChat[]; // sent, oldest first; the server answers in order (its echo, or an error)
  refusal: ChatRefusal | null;
}

/** Messages kept per room: the server's history is shorter; a long evening's chat stays light. */
export const CHAT_KEPT = 200;

export const chat: Record<string, RoomChat> = $state({});

function roomChat(code: string): RoomChat {
  if (!chat[code]) chat[code] = { messages: [], pending: [], refusal: null };
  return chat[code]; // the state's proxy, not the object assigned: changes through it are seen
}

/** Why a text cannot be sent ('empty', 'too-long', 'control'), or null: the protocol's rule, checked before sending. */
export type ChatTextProblem = 'empty' | 'too-long' | 'control';
export function chatTextProblem(text: string): ChatTextProblem | null {
  const r = ChatTextSchema.safeParse(text);
  if (r.success) return null;
  const code = r.error.issues[0]?.code;
  return code === 'too_big' ? 'too-long' : code === 'too_small' ? 'empty' : 'control';
}

/** Characters a text counts against the limit (as the server counts them: trimmed). */
export const chatLength = (text: string): number => text.trim().length;
export { CHAT_MAX_LENGTH };

/** A message is on its way; it is answered by its echo or by a refusal. */
export function chatSent(code: string, channel: ChatChannel, text: string): void {
  const c = roomChat(code);
  c.pending.push({ channel, text, at: Date.now() });
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
  for (const m of messages) insert(c, m);
}

// A message written to a socket that then died is never answered: after this long it no longer
// claims the errors that arrive (the chat shows it as unconfirmed).
export const CHAT_ANSWER_MS = 15_000;
const fresh = (p: PendingChat, now: number) => now - p.at < CHAT_ANSWER_MS;

/** Whether a message of this tab is waiting for the server's answer (an error without an ack may be its refusal). */
export const chatAwaiting = (now = Date.now()): boolean =>
  Object.values(chat).some((c) => c.pending.some((p) => fresh(p, now)));

/** The server refused the oldest pending message (of any room: the one sent first). */
export function chatRefused(errorCode: string, message: string, now = Date.now()): void {
  let oldest: { c: RoomChat; i: number } | null = null;
  for (const c of Object.values(chat)) {
    const i = c.pending.findIndex((x) => fresh(x, now));
    if (i >= 0 && (!oldest || c.pending[i].at < oldest.c.pending[oldest.i].at)) oldest = { c, i };
  }
  if (!oldest) return;
  const [p] = oldest.c.pending.splice(oldest.i, 1);
  oldest.c.refusal = { code: errorCode, message, text: p.text, channel: p.channel, at: now };
}

export function clearChatRefusal(code: string): void {
  if (chat[code]) chat[code].refusal = null;
}

/** A channel's messages as this device shows them: without the people it hides. */
export function shownMessages(code: string, channel: ChatChannel, hidden: ReadonlySet<string>): ChatMessage[] {
  return (chat[code]?.messages ?? []).filter((m) => m.channel === channel && !hidden.has(m.deviceId));
}
