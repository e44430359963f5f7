import type { Denial, ErrorCode, GameEvent } from '@chu/protocol';
import type { IllegalReason } from '@chu/rules';

// What a game's command comes to: the answer for whoever sent it and the events the room is told.

export type Refusal = { ok: false; code: ErrorCode; message: string; reason?: string; resync?: boolean };
export type Done = { ok: true; version: number };
export type Reply = Done | Refusal;

/** What a command did: the answer for whoever sent it, and the events everyone else is told (once stored). */
export interface Step {
  reply: Reply;
  events: GameEvent[];
}

/** An event before the session numbers it. */
export type NewEvent = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'gameId' | 'version'> : never) : never;

export const refuse = (code: ErrorCode, message: string, extra: Partial<Refusal> = {}): Refusal => ({ ok: false, code, message, ...extra });
export const refused = (r: Refusal): Step => ({ reply: r, events: [] });
/** A site rule's denial (@chu/protocol's policy) as a refused step. */
export const denied = (d: Denial): Step => refused(refuse(d.code, d.message));
/** The game can take no more of it: over, not in play, or the sender's time ran out. */
export const over = (message: string): Refusal => refuse('game-over', message);
export const isRefusal = <T>(x: T | Refusal): x is Refusal => typeof x === 'object' && x !== null && (x as Refusal).ok === false;

/** A drop's refusal says which rule (heisei-chu.md §3–4); the client words every reason in the player's language. */
const ILLEGAL_WORDS: Partial<Record<IllegalReason, string>> = {
  'not-in-reserve': 'that piece is not in your reserve (or your one drop is spent)',
  'drop-occupied': 'a piece may only be dropped on an empty square',
  'drop-not-adjacent': 'a piece may only be dropped next to one of your own pieces',
  'drop-dead-end': 'a piece may not be dropped where it could never move (a Lance on the last rank)',
};
export const illegal = (usi: string, reason: IllegalReason): Refusal =>
  refuse('illegal', `Illegal move ${usi}: ${reason}${ILLEGAL_WORDS[reason] ? `: ${ILLEGAL_WORDS[reason]}` : ''}.`, { reason });

/** The session's time (performance.now() ms): timers, turns and takeovers run on it; views add the wall clock. */
export const now = (): number => performance.now();

/** Who played a move, as stored with it; `lagMs` is the transport lag measured on the mover's connection. */
export interface Mover { byCpu: boolean; deviceId: string | null; ack: string | null; lagMs: number }
export const CPU: Mover = { byCpu: true, deviceId: null, ack: null, lagMs: 0 };
