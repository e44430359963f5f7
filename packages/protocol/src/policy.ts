// The site's rules (not the game's: those are packages/rules'): who sits, what a seat is called, who
// moves first next, and which offers and gifts a game allows (which games are rated: rated.ts). The server decides
// with these functions and the web shows what they allow; neither re-declares them.
import type { TimeControl } from '@chu/rules';
import type { Color } from './common.ts';
import { COLORS, opposite } from './terms/wire.ts';
import type { ErrorCode } from './errors.ts';
import type { RoomOptions } from './options.ts';
import { ADJOURN_FROM_PLY, adjournable } from './terms/room.ts';
import type { Seat, Seats } from './seats.ts';

/** Why a command is not allowed: a stable code and words for whoever sent it. */
export interface Denial { code: ErrorCode; message: string }
const deny = (code: ErrorCode, message: string): Denial => ({ code, message });

// ---- seats ---------------------------------------------------------------------------------------

/** What a seat or its view holds: enough to say who sits there. */
export type Occupant = { kind: 'empty' | 'human' | 'cpu'; deviceId?: string | null; level?: number | null };

/** The name shown for the CPU at a level: "CPU 3". */
export const cpuName = (level: number | null | undefined): string => (level == null ? 'CPU' : `CPU ${level}`);

/** A seat's name as shown everywhere ("Ana", "CPU 3"), null for an empty seat. */
export const seatLabel = (s: Occupant & { name?: string | null }): string | null =>
  s.kind === 'cpu' ? cpuName(s.level) : s.kind === 'human' ? s.name ?? null : null;

/**
 * The same occupant on a seat: the same person (by device), or the CPU at any level (a level is how
 * it plays, not who sits: changing it between games does not change seats for RULES.md §8's swap).
 */
export const sameOccupant = (a: Occupant, b: Occupant): boolean =>
  a.kind === b.kind && (a.kind !== 'human' || a.deviceId === b.deviceId);

/** The same occupants on both sides. */
export const sameOccupants = (a: Record<Color, Occupant>, b: Record<Color, Occupant>): boolean =>
  COLORS.every((c) => sameOccupant(a[c], b[c]));

/**
 * Whether the next game swaps who moves first (RULES.md §8): when the room alternates, the same pair
 * sits as in the last game, and the game starts from the standard position (a handicap belongs to the
 * stronger player's side and nobody swaps: handicaps.md §3).
 */
export const swapsFirst = (
  options: Pick<RoomOptions, 'alternateFirst' | 'startSfen'>, last: Record<Color, Occupant> | null, seats: Record<Color, Occupant>,
): boolean => options.alternateFirst && options.startSfen === null && last !== null && sameOccupants(last, seats);

/** The seats of the next game: the room's, swapped when `swapsFirst`. */
export const nextSeats = (options: Pick<RoomOptions, 'alternateFirst' | 'startSfen'>, last: Seats | null, seats: Seats): Seats =>
  swapsFirst(options, last, seats) ? { black: seats.white, white: seats.black } : structuredClone(seats);

// ---- room codes ----------------------------------------------------------------------------------

/** Who asks: a device, and the account logged in on it; null for a request without a device. */
export type Viewer = { deviceId: string; userId: string | null } | null;

/**
 * Whether a game's room code may be shown to `viewer`. A private room's code is its invitation (whoever
 * has it may enter), so its games show it to their players only, by device or account (issue 46 §9); a
 * listed room's (a public room, a tournament's game, both on pages anyone reads) to anyone.
 */
export function showsRoomCode(listed: boolean, seats: Seats, viewer: Viewer): boolean {
  if (listed) return true;
  if (!viewer) return false;
  return COLORS.some((c) => {
    const s = seats[c];
    return s.kind === 'human' && (s.deviceId === viewer.deviceId || (viewer.userId !== null && s.userId === viewer.userId));
  });
}

// ---- an account's seats ------------------------------------------------------------------------

/**
 * A seat of a rated game or a tournament's is the account's (issue 46 §5): the device sitting there holds
 * it only while signed in to that account. Logged out of it (logout-others from another device), it is a
 * stranger to the game. A casual seat stays the device's, whoever it is signed in as.
 */
export function accountSeatDenial(seat: Seat, device: { user: { id: string } | null }, accountsGame: boolean): Denial | null {
  if (!accountsGame || seat.kind !== 'human' || !seat.userId || device.user?.id === seat.userId) return null;
  return deny('not-seated', 'This seat is its account\'s: sign in to that account on this device to play it.');
}

// ---- bots (issue 50) ----------------------------------------------------------------------------

/** Why an account may not enter the ranked queue, or null: the queue is for people; a bot plays challenges. */
export const rankedQueueDenial = (account: { bot: boolean }): Denial | null =>
  account.bot ? deny('bot-not-ranked', 'A bot account does not enter the ranked queue: it plays the challenges people send it.') : null;

// ---- the first moves (lishogi's start rule, RULES.md §7) -----------------------------------------------

/** No real-time clock runs before both sides have moved: Black's starts after White's first move, White's after its own. */
export const CLOCK_STARTS_AT_PLY = 2;
/** Clock seconds the side to move has for its first move before the game is aborted (lishogi gives 15–30 s). */
export const FIRST_MOVE_SECONDS = 30;
/**
 * Whether a game on `control` waits for both first moves before its clocks run: real-time controls (a clock,
 * a turn limit). Correspondence days run from the start (a day is plenty for a first move); untimed has no clock.
 */
export const waitsForFirstMoves = (control: TimeControl): boolean => control.kind === 'clock' || control.kind === 'turn';

/** Why a player may not abort the game now, or null: any game, ranked too, until both sides have moved (an abort is unrated). */
export function abortDenial(g: Pick<GameFacts, 'status' | 'ply'>): Denial | null {
  if (g.status === 'finished') return deny('game-over', 'The game is over.');
  if (g.ply >= CLOCK_STARTS_AT_PLY) return deny('cannot-abort', 'A game can only be aborted before both sides have moved.');
  return null;
}

// ---- what a game allows --------------------------------------------------------------------------

/** The facts of a game these rules read: the server's session and the web's view both have them. */
export interface GameFacts {
  status: 'active' | 'adjourned' | 'finished';
  rated: boolean;
  options: Pick<RoomOptions, 'giveTime' | 'timeControl' | 'takebacks' | 'cpuTakebacks'>;
  ply: number;
  turn: Color;
  seats: Record<Color, Occupant>;
  sealer: Color | null; // adjournment agreed: the side that seals
}

/** Why `by` may not give the opponent time, or null (casual clock games, once the first move is played). */
export function giveTimeDenial(g: GameFacts): Denial | null {
  if (g.status !== 'active') return deny('game-over', 'The game is not in play.');
  if (g.rated) return deny('no-give-time', 'Ranked games take no gifts of time.');
  if (!g.options.giveTime) return deny('no-give-time', 'This room does not allow giving time.');
  if (g.options.timeControl.kind !== 'clock') return deny('no-give-time', 'Time can be given only in games played on a clock.');
  if (g.ply === 0) return deny('no-give-time', 'Time can be given once the first move is played.');
  return null;
}

/** How many plies `asker`'s takeback undoes: their last move, and the reply to it if there was one (0: nothing to take back). */
export function takebackPlies(g: Pick<GameFacts, 'ply' | 'turn'>, asker: Color): number {
  const plies = g.turn === asker ? 2 : 1;
  return g.ply >= plies ? plies : 0;
}

/** Why `asker` may not ask for a takeback, or null (casual games whose room allows it, never against the CPU unless allowed). */
export function takebackDenial(g: GameFacts, asker: Color): Denial | null {
  if (g.status !== 'active') return deny('game-over', 'The game is not in play.');
  if (g.rated) return deny('no-takebacks', 'Ranked games have no takebacks.');
  if (g.sealer) return deny('must-seal', 'The adjournment is agreed: the sealed move comes first.');
  if (!g.options.takebacks) return deny('no-takebacks', 'This room has takebacks turned off.');
  if (g.seats[opposite(asker)].kind === 'cpu' && !g.options.cpuTakebacks) return deny('no-takebacks', 'This room allows no takebacks against the CPU.');
  return null;
}

/** Why the game may not adjourn by agreement now, or null (RULES.md §7: two people on a clock, from ADJOURN_FROM_PLY on). */
export function adjournDenial(g: Pick<GameFacts, 'options' | 'seats' | 'ply' | 'sealer'>): Denial | null {
  if (!adjournable(g.options.timeControl)) {
    return deny('cannot-adjourn', 'Only games on a clock adjourn by agreement (not untimed, per-move or correspondence games).');
  }
  if (COLORS.some((c) => g.seats[c].kind !== 'human')) return deny('cannot-adjourn', 'Adjourning takes two people at the board.');
  if (g.ply < ADJOURN_FROM_PLY) return deny('cannot-adjourn', `A game may adjourn from ply ${ADJOURN_FROM_PLY} on; it is at ply ${g.ply}.`);
  if (g.sealer) return deny('must-seal', 'The adjournment is already agreed: the player to move seals a move.');
  return null;
}

/** A game's open offers, as both sides keep them. */
export interface Offers { drawOfferBy: Color | null; takebackOfferBy: Color | null; adjournOfferBy: Color | null }

/** A move lapses every open offer: a draw, a takeback and an adjournment are asked of a position that is gone. */
export const OFFERS_AFTER_MOVE: Offers = Object.freeze({ drawOfferBy: null, takebackOfferBy: null, adjournOfferBy: null });
