import type { Color, Outcome, RoomTournament, Seats, ServerMessage } from '@chu/protocol';
import type { Logger } from 'pino';
import type { CpuDesk } from '../cpu/CpuDesk.ts';
import type { Store } from '../db/Store.ts';
import type { Reply } from '../game/GameSession.ts';
import type { RatingBook } from '../ranked/RatingBook.ts';

// A room's ports: what other folders implement for it (realtime/Fanout, notifications/GameNotices,
// friends/Friends), so they import these interfaces and never Room itself.

/**
 * Who a device is in a room: logged in, its account's username; a guest, its display name. `bot`: the
 * account is a bot playing through the API (issue 50), marked so on its seat.
 */
export interface Visitor { id: string; name: string; user: { id: string; username: string; bot?: boolean } | null }

/** The way out to clients (realtime/Fanout is one): a room's channel, one socket, some devices, on any process. */
export interface RoomOutlet {
  /** `exceptSocket`: the sender, told apart; `exceptAccounts`: accounts not told (they blocked a chat message's writer). */
  toRoom(code: string, messages: ServerMessage[], exceptSocket?: string, exceptAccounts?: string[]): void;
  toSocket(socketId: string, message: ServerMessage): void;
  /** Every open socket of these devices. */
  toDevices(deviceIds: string[], messages: ServerMessage[]): void;
  /** The sockets in the room's channel on every server process, with their devices. */
  whoIsHere(code: string): Promise<{ socketId: string; device: Visitor }[]>;
}

/** Whose chat an account does not read: the accounts it blocked. */
export interface ChatBlocks {
  /** The accounts that blocked `userId`: its messages do not reach them. */
  blockersOf(userId: string): Promise<string[]>;
  /** The devices of the accounts `userId` blocked: their past messages are left out of what it reads. */
  blockedDevices(userId: string): Promise<Set<string>>;
}

/** A game's news for one of its seats (`color`), told once it is stored. */
export interface GameNotice { gameId: string; roomCode: string; seats: Seats; color: Color }

/**
 * What a room tells about its games to players who may not be looking. Correspondence players come and
 * go for days: whoever the turn passes to is told, and warned when most of the turn's time is gone.
 */
export interface GameNotices {
  /** A correspondence move passed the turn (ply `ply`) to `color`, due at `deadline` (epoch ms). */
  yourTurn(notice: GameNotice & { ply: number; deadline: number }): void;
  /** DEADLINE_NOTICE_AT of that turn's time is gone. Told again after a restart: the receiver tells it once. */
  deadlineNear(notice: GameNotice & { ply: number; deadline: number }): void;
  /** The other player offered a draw or a takeback while `color` had no socket in the room. */
  offerWhileAway(notice: GameNotice & { offer: 'draw' | 'takeback' }): void;
  /** The game ended (told for each seat). */
  finished(notice: GameNotice & { outcome: Outcome }): void;
}

export interface RoomDeps {
  store: Store;
  ratings: RatingBook;
  cpu: CpuDesk;
  outlet: RoomOutlet;
  log: Logger;
  msPerSecond: number;
  cpuDelayMs: number;
  /** Who is told of a game while not looking at it (notifications/GameNotices); without one, nobody is. */
  notices?: GameNotices;
  /** Blocks between accounts (friends/Friends): a blocker reads nothing its blocked players write. Without it, nobody is hidden. */
  blocks?: ChatBlocks;
}

/** What a room did, as data: the answer for the sender, and what everyone in the room is told. */
export interface RoomStep {
  reply: Reply;
  out: ServerMessage[];
  /** For some people only (the players' chat): their devices, and what they are told. */
  toDevices?: { deviceIds: string[]; messages: ServerMessage[] };
  /** Accounts `out` is not sent to: those that blocked the writer of a chat message. */
  hiddenFrom?: string[];
}

export const refuse = (code: Extract<Reply, { ok: false }>['code'], message: string): RoomStep => ({ reply: { ok: false, code, message }, out: [] });

/**
 * The host of a tournament's room: nobody's device, so nobody starts its next game. Its one game is the
 * tournament's pairing; whatever follows is the tournament's to pair, never a rematch in the room.
 */
export const tournamentHost = (tournamentId: string): string => `tournament-${tournamentId}`;

/** A tournament's pairing a room's game is started for. */
export interface Pairing { id: string; tournament: RoomTournament }
