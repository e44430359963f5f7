import { z } from 'zod';
import { AckIdSchema, ColorSchema, CpuLevelSchema, IdSchema, OutcomeSchema, VersionSchema } from './common.ts';
import { ERROR_CODES } from './errors.ts';
import { RoomOptionsSchema, SetupSchema } from './options.ts';
import { RankedServerMessages } from './ranked.ts';
import { TournamentServerMessages } from './tournaments.ts';
import { ChallengeServerMessages } from './challenges.ts';
import { NotificationServerMessages } from './notifications.ts';
import { ChatMessageSchema } from './chat.ts';
import { LobbySchema } from './lobby.ts';
import { SeatStatusSchema } from './seats.ts';

// Server → client. The server builds these from its own state; the schemas document and test the wire form.

export const PublicDeviceSchema = z.object({ id: IdSchema, name: z.string() });
export const PublicUserSchema = z.object({ id: IdSchema, username: z.string() });

// A seated account's rating as shown next to its name: "1500?" while provisional.
export const SeatRatingSchema = z.object({ rating: z.number(), provisional: z.boolean() });
export type SeatRating = z.infer<typeof SeatRatingSchema>;

// A rated game's effect on each side, sent with its end and kept in its view.
export const RatingChangeSchema = z.object({ before: z.number(), after: z.number(), provisional: z.boolean() });
export const RatingChangesSchema = z.object({ black: RatingChangeSchema, white: RatingChangeSchema });
export type RatingChanges = z.infer<typeof RatingChangesSchema>;

export const SeatViewSchema = z.object({
  color: ColorSchema,
  kind: z.enum(['empty', 'human', 'cpu']),
  deviceId: IdSchema.nullable(),  // human seats only
  name: z.string().nullable(),    // "Ana", "CPU 3"
  level: CpuLevelSchema.nullable(), // cpu seats, or the level used during a takeover
  connected: z.boolean(),         // human seats: the device has a live socket in the room
  controller: z.enum(['human', 'cpu', 'none']), // who plays the seat right now ('cpu' during a takeover)
  status: SeatStatusSchema,       // RULES.md §8 during a game: 'away' while the grace period runs
  takeoverInMs: z.number().int().nullable(), // while away: ms left (at sending) before the CPU takes over or the game adjourns
  account: z.boolean(),           // the seat is held by a logged-in account (its name is the username)
  bot: z.boolean().default(false), // that account is a bot playing through the API (issue 50): shown as BOT
  rating: SeatRatingSchema.nullable(), // an account's rating when the game started (in casual games too)
});
export type SeatView = z.infer<typeof SeatViewSchema>;

export const PresenceSchema = z.object({
  deviceId: IdSchema,
  name: z.string(),
  role: z.enum(['player', 'spectator']),
});

/** The tournament a room's game was paired by: the room has no rematch, no invitation, and shows where it belongs. */
export const RoomTournamentSchema = z.object({
  id: IdSchema,
  name: z.string(),                         // "Liga de otoño"
  round: z.number().int().nullable(),       // a round-robin's round: 2; null in an arena (its games have no rounds)
  rounds: z.number().int().nullable(),      // a round-robin's rounds in all: 5; null in an arena
});
export type RoomTournament = z.infer<typeof RoomTournamentSchema>;

export const RoomViewSchema = z.object({
  code: z.string(),               // "K7QMPX"
  invitePath: z.string(),         // "/r/K7QMPX"
  hostDeviceId: IdSchema,
  options: RoomOptionsSchema,     // options.variant: 'chu' | 'dai'; options.startSfen: null = the standard start
  setup: SetupSchema.nullable(),  // the named setup of the start position ('even', 'two-lions', 'dai-even'); null = another position
  seats: z.object({ black: SeatViewSchema, white: SeatViewSchema }),
  present: z.array(PresenceSchema),
  gameId: IdSchema.nullable(),    // current or last game
  gameNumber: z.number().int(),   // games started in this room
  rematchOfferBy: ColorSchema.nullable(), // a seated player asked for the next game; the other accepts
  muted: z.array(IdSchema),       // devices the host muted in this room's chat
  // its game belongs to a tournament (a server that predates this field sends none: an ordinary room)
  tournament: RoomTournamentSchema.nullable().default(null),
});
export type RoomView = z.infer<typeof RoomViewSchema>;

export const GameStatusSchema = z.enum(['active', 'adjourned', 'finished']);
export type GameStatus = z.infer<typeof GameStatusSchema>;

/** One side's clock as its turn started (the running side's time runs down from turnStartedAt). */
export const SideClockViewSchema = z.object({
  mainMs: z.number().int(),  // main time left: 600000
  periods: z.number().int(), // byoyomi periods left: 3
});

/**
 * Both clocks as the server stored them at the last move (RULES.md §7). A client ticks the running side
 * from `turnStartedAt` and `serverNow` (both server epoch ms), so the offset between the machines cancels.
 */
export const ClockViewSchema = z.object({
  black: SideClockViewSchema,
  white: SideClockViewSchema,
  byoyomiMs: z.number().int(),   // each period's length: 30000 (a turn limit is one period of it)
  incrementMs: z.number().int(), // Fischer, added after each move
  running: ColorSchema.nullable(),              // whose time runs; null: stopped (before both first moves, adjourned, over)
  turnStartedAt: z.number().int().nullable(),   // server epoch ms the running side's turn started
  deadline: z.number().int().nullable(),        // server epoch ms the running side's time runs out (a correspondence move's deadline)
  serverNow: z.number().int(),                  // server epoch ms when this was sent
  // before both sides have moved (RULES.md §7): server epoch ms by which the side to move must make its
  // first move, or the game is aborted; null once the clocks run
  firstMoveDeadline: z.number().int().nullable(),
});
export type ClockView = z.infer<typeof ClockViewSchema>;

/** Why a game is adjourned (RULES.md §7, §8): nobody seated was present, or the players agreed (a sealed move). */
export const ADJOURN_REASONS = ['absence', 'agreement'] as const;
export const AdjournReasonSchema = z.enum(ADJOURN_REASONS);
export type AdjournReason = z.infer<typeof AdjournReasonSchema>;

/**
 * Adjournment by agreement (RULES.md §7): who asked, who seals, whether the sealed move is stored, who asked
 * to resume. The sealed move itself is never in a view or an event until it is played on resumption.
 */
export const AdjournmentViewSchema = z.object({
  offerBy: ColorSchema.nullable(),       // asked to adjourn; lapses with the next move
  sealer: ColorSchema.nullable(),        // agreed: the side to move then, who seals (or sealed) a move
  sealed: z.boolean(),                   // the sealed move is stored: the game is adjourned until both agree to resume
  resumeOfferBy: ColorSchema.nullable(), // asked to resume; the other accepts while both are present
});
export type AdjournmentView = z.infer<typeof AdjournmentViewSchema>;

export const GameViewSchema = z.object({
  id: IdSchema,
  roomCode: z.string(),
  options: RoomOptionsSchema,
  startSfen: z.string(),
  setup: SetupSchema.nullable(),  // the named setup startSfen is (a handicap: grade > 0), null = another position; either is unrated unless grade 0
  moves: z.array(z.string()),     // canonical USI
  version: VersionSchema,         // number of events so far
  ply: z.number().int(),
  turn: ColorSchema,
  status: GameStatusSchema,       // 'adjourned': nothing is played and no clock runs (why: `adjourned`)
  adjourned: AdjournReasonSchema.nullable(), // status 'adjourned': 'absence' (RULES.md §8) or 'agreement' (§7); else null
  adjournment: AdjournmentViewSchema,
  outcome: OutcomeSchema.nullable(),
  drawOfferBy: ColorSchema.nullable(),
  takebackOfferBy: ColorSchema.nullable(),
  turnRemainingMs: z.number().int().nullable(), // for the side to move, at the time of sending: main time and every period left
  clock: ClockViewSchema.nullable(),             // null = untimed (options.timeControl says which control)
  seats: z.object({ black: SeatViewSchema, white: SeatViewSchema }),
  rated: z.boolean(),             // ranked: the result changes both players' ratings
  ratingChanges: RatingChangesSchema.nullable(), // a finished rated game: before → after for each side
});
export type GameView = z.infer<typeof GameViewSchema>;

const ev = <T extends string, S extends z.ZodRawShape>(kind: T, shape: S) =>
  z.object({ kind: z.literal(kind), gameId: IdSchema, version: VersionSchema, ...shape });

// Versioned game events: version n is the n-th event of the game (1-based).
export const GameEventSchema = z.discriminatedUnion('kind', [
  ev('move', {
    usi: z.string(), ply: z.number().int(), color: ColorSchema, byCpu: z.boolean(),
    notation: z.string().nullable(), turnRemainingMs: z.number().int().nullable(), clock: ClockViewSchema.nullable(),
    lagCreditMs: z.number().int(), // transport lag credited back to the mover's clock (RULES.md §7)
    turn: ColorSchema, // the side to move after it, as the rules say (clients do not work it out)
  }),
  ev('draw-offer', { by: ColorSchema }),
  ev('draw-decline', { by: ColorSchema }),
  ev('end', { outcome: OutcomeSchema, ratingChanges: RatingChangesSchema.nullable() }),
  // A seat's absence state changed (RULES.md §8); the room view's seat applies it too.
  ev('seat', { color: ColorSchema, status: SeatStatusSchema, takeoverInMs: z.number().int().nullable() }),
  // The game is adjourned: nothing is played and no clock runs. 'absence': nobody seated is present, until
  // someone returns (RULES.md §8); 'agreement': the sealer's move is sealed, until both agree to resume (§7).
  ev('adjourn', { why: AdjournReasonSchema, clock: ClockViewSchema.nullable() }),
  // The game is in play again; after an adjournment by agreement the sealed move's 'move' event follows at once.
  ev('resume', { turnRemainingMs: z.number().int().nullable(), clock: ClockViewSchema.nullable() }),
  // Adjournment by agreement (RULES.md §7): asked, refused, agreed (the sealer, to move, seals a move next).
  ev('adjourn-offer', { by: ColorSchema }),
  ev('adjourn-decline', { by: ColorSchema }),
  ev('adjourn-accept', { by: ColorSchema, sealer: ColorSchema }),
  // Asked to resume an adjourned-by-agreement game, or refused.
  ev('resume-offer', { by: ColorSchema }),
  ev('resume-decline', { by: ColorSchema }),
  // Casual clock games: a player gave the opponent time (RULES.md §7).
  ev('time-given', { by: ColorSchema, ms: z.number().int(), clock: ClockViewSchema }),
  // Casual games: a takeback asked, refused, or done (the last `plies` moves are undone; `ply` is the new length).
  ev('takeback-offer', { by: ColorSchema }),
  ev('takeback-decline', { by: ColorSchema }),
  ev('takeback', { plies: z.number().int().min(1).max(2), ply: z.number().int(), turn: ColorSchema, turnRemainingMs: z.number().int().nullable(), clock: ClockViewSchema.nullable() }),
]);
export type GameEvent = z.infer<typeof GameEventSchema>;

export const ServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), device: PublicDeviceSchema, user: PublicUserSchema.nullable() }),
  z.object({ type: z.literal('room'), room: RoomViewSchema }),
  z.object({ type: z.literal('game'), game: GameViewSchema, reason: z.enum(['start', 'join', 'resync']) }),
  z.object({ type: z.literal('event'), event: GameEventSchema }),
  // The sealer's own sealed move (RULES.md §7), told to the sealer's device only, when it seals and when it
  // comes back to the room: nobody else sees it until it is played on resumption.
  z.object({ type: z.literal('sealed'), gameId: IdSchema, usi: z.string() }),
  // serverNow: the server's epoch ms as it answered; with the command's own send time, a round trip that
  // tells the client the offset between the two clocks (its running clock ticks by it)
  z.object({ type: z.literal('ack'), ack: AckIdSchema, version: VersionSchema, serverNow: z.number().int().optional() }),
  z.object({
    type: z.literal('error'),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    reason: z.string().optional(), // e.g. the rules' IllegalReason for code 'illegal'
    ack: AckIdSchema.optional(),
    retryAfterMs: z.number().int().optional(), // 'unavailable', 'rate-limited', 'flooding': when to try again
  }),
  z.object({ type: z.literal('left'), code: z.string() }),
  // Chat: one new message, or the recent ones of each channel this socket may read (on joining).
  z.object({ type: z.literal('chat'), code: z.string(), message: ChatMessageSchema }),
  z.object({ type: z.literal('chat.history'), code: z.string(), messages: z.array(ChatMessageSchema) }),
  z.object({ type: z.literal('lobby'), lobby: LobbySchema }),
  ...RankedServerMessages,
  ...TournamentServerMessages,
  ...ChallengeServerMessages,
  ...NotificationServerMessages,
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;
