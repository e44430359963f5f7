import { z } from 'zod';
import { PASSWORD_LENGTH, RECOVERY_CODE_COUNT, RECOVERY_CODE_MAX_INPUT, RECOVERY_CODE_PATTERN, recoveryCodeKey } from './terms/accounts.ts';
import { ColorSchema, DisplayNameSchema, IdSchema, OutcomeSchema, shownName, UsernameSchema } from './common.ts';
import { ERROR_CODES } from './errors.ts';
import { ALL_VARIANTS } from '@chu/rules';
import { RoomOptionsSchema, SetupSchema, TimeControlSchema } from './options.ts';
import { AdjournReasonSchema, GameStatusSchema, SideClockViewSchema } from './server.ts';

// HTTP bodies (JSON). Device identity travels as the httpOnly cookie DEVICE_COOKIE (terms/accounts.ts).

export const CreateDeviceBodySchema = z.object({ name: DisplayNameSchema.optional() }).strict();
export const RenameDeviceBodySchema = z.object({ name: DisplayNameSchema }).strict();
export const PasswordSchema = z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);
export const CredentialsBodySchema = z
  .object({
    username: UsernameSchema,
    password: PasswordSchema,
  })
  .strict();
export type CredentialsBody = z.infer<typeof CredentialsBodySchema>;

// Account security (issue 37): a recovery code as terms/accounts.ts reads it.
export const RecoveryCodeSchema = z
  .string()
  .max(RECOVERY_CODE_MAX_INPUT)
  .transform(recoveryCodeKey)
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, 'a recovery code is 16 letters and digits, as it was shown'));
// POST /api/account/password — the other devices of the account must sign in again.
export const ChangePasswordBodySchema = z.object({ currentPassword: PasswordSchema, newPassword: PasswordSchema }).strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
// POST /api/account/recover — a forgotten password: one recovery code (used up) and a new password.
export const RecoverBodySchema = z.object({ username: UsernameSchema, code: RecoveryCodeSchema, newPassword: PasswordSchema }).strict();
export type RecoverBody = z.infer<typeof RecoverBodySchema>;
// POST /api/account/recovery-codes (new ones; the old ones stop working) and POST /api/account/delete.
export const PasswordBodySchema = z.object({ password: PasswordSchema }).strict();
export type PasswordBody = z.infer<typeof PasswordBodySchema>;
/** Codes shown once, when made (at registration or on regenerating): only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
// GET /api/account — what the owner may know of its account's security.
export const AccountStatusSchema = z.object({ username: z.string(), recoveryCodesLeft: z.number().int().min(0) });
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

// GET /api/games/:id — a stored game for the replay (finished or not).
export const GameRecordSeatSchema = z.object({
  kind: z.enum(['empty', 'human', 'cpu']),
  name: z.string().nullable(),
  level: z.number().int().optional(),
});
export const GameRecordSchema = z.object({
  id: IdSchema,
  roomCode: z.string().nullable(), // null: a private room's, to anyone but its players (policy showsRoomCode)
  number: z.number().int(),
  options: RoomOptionsSchema,
  startSfen: z.string(),
  setup: SetupSchema.nullable(), // the named setup startSfen is; null = another position
  moves: z.array(z.string()),    // canonical USI
  times: z.array(z.number().int()), // ms each move took
  // both clocks after each move, as the server stored them, and the lag it credited back to the mover;
  // null for an untimed game's move (RULES.md §7)
  clocks: z.array(z.object({ black: SideClockViewSchema, white: SideClockViewSchema, lagCreditMs: z.number().int() }).nullable()),
  byCpu: z.array(z.boolean()),
  status: GameStatusSchema,
  outcome: OutcomeSchema.nullable(),
  seats: z.object({ black: GameRecordSeatSchema, white: GameRecordSeatSchema }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  // a tournament's game: the tournament it was played in (its page is /t/:id)
  tournament: z.object({ id: IdSchema, name: z.string() }).nullable().optional(),
});
export type GameRecord = z.infer<typeof GameRecordSchema>;
/** The whole answer of GET /api/games/:id. */
export const GameRecordResponseSchema = z.object({ game: GameRecordSchema });
export type GameRecordResponse = z.infer<typeof GameRecordResponseSchema>;

// GET /api/me/games — this device's games in progress (active or adjourned), newest first, with a way back in;
// for an account, also its recently finished games from any of its devices (a guest's browser keeps its own).
export const MyGameSchema = z.object({
  gameId: IdSchema,
  roomCode: z.string(),
  color: ColorSchema,
  opponent: z.string().nullable(), // "Ben", "CPU 3"
  status: GameStatusSchema,
  adjourned: AdjournReasonSchema.nullable(), // status 'adjourned': 'absence' (waits for a player) or 'agreement' (a sealed move; resume by agreeing)
  ply: z.number().int(),
  updatedAt: z.string(),
  outcome: OutcomeSchema.nullable(), // a finished game's result; null in play
  turn: ColorSchema.nullable(),       // the side to move in a game in play: 'white'; null when finished
  deadline: z.string().nullable(),    // a correspondence game in play: when the side to move runs out of days (ISO)
});
export type MyGame = z.infer<typeof MyGameSchema>;
export const MyGamesSchema = z.object({ games: z.array(MyGameSchema), finished: z.array(MyGameSchema) });
export type MyGames = z.infer<typeof MyGamesSchema>;

// Every HTTP error body: a protocol code and a message for people; never a stack or a driver's text.
export const HttpErrorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  retryAfterMs: z.number().int().optional(), // 'rate-limited', 'unavailable' (the Retry-After header says it in seconds too)
});
export type HttpErrorBody = z.infer<typeof HttpErrorBodySchema>;

// POST /api/account/logout-others — the other devices of this account are guests again, their sockets at once.
export const LogoutOthersResultSchema = z.object({ loggedOut: z.number().int().min(0) });
export type LogoutOthersResult = z.infer<typeof LogoutOthersResultSchema>;

// GET /api/players/:username/games — every finished game of an account, newest first, a page at a time.
// `cursor` is the `next` of the page before (opaque); the filters narrow the list from the player's side.
export const ArchiveResultSchema = z.enum(['win', 'loss', 'draw']);
export type ArchiveResult = z.infer<typeof ArchiveResultSchema>;
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
export const ARCHIVE_CONTROLS = ['none', 'turn30', 'turn60', 'clock', 'correspondence'] as const;
export type ArchiveControl = (typeof ARCHIVE_CONTROLS)[number];
export const ArchiveFilterSchema = z
  .object({
    variant: z.enum(ALL_VARIANTS).optional(),
    result: ArchiveResultSchema.optional(),
    rated: flag.optional(),
    // the kind of time control (the seed's turn limit by its seconds): what a player remembers of a game
    control: z.enum(ARCHIVE_CONTROLS).optional(),
    opponent: shownName(40).optional(), // a seat's name, any case: "ben", "CPU 3" (no control character reaches the query)
  })
  .strict();
export type ArchiveFilter = z.infer<typeof ArchiveFilterSchema>;
export const ArchiveQuerySchema = ArchiveFilterSchema.extend({
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is the `next` of a page').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
}).strict();
export type ArchiveQuery = z.infer<typeof ArchiveQuerySchema>;
/**
 * At most this many games in one `games.kif` export, newest first; when more remain the reply names the
 * rest's start: header `X-Next-Cursor` (and `Link: <…&cursor=…>; rel="next"`), given back as `cursor`.
 */
export const EXPORT_MAX_GAMES = 1000;
export const ArchiveExportQuerySchema = ArchiveFilterSchema.extend({ cursor: ArchiveQuerySchema.shape.cursor }).strict();
export const ArchiveGameSchema = z.object({
  gameId: IdSchema,
  roomCode: z.string().nullable(), // null: a private room's, to anyone but its players (policy showsRoomCode)
  color: ColorSchema, // the player's side
  opponent: z.string().nullable(), // "Ben", "CPU 3"
  variant: z.enum(ALL_VARIANTS), // a room's game: 'chu', 'dai', 'heisei'
  handicap: z.boolean(), // started from another position than the variant's standard one
  rated: z.boolean(),
  timeControl: TimeControlSchema,
  result: ArchiveResultSchema,
  reason: z.string(),
  ply: z.number().int(),
  finishedAt: z.string(),
});
export type ArchiveGame = z.infer<typeof ArchiveGameSchema>;
export const ArchivePageSchema = z.object({ games: z.array(ArchiveGameSchema), next: z.string().nullable() });
export type ArchivePage = z.infer<typeof ArchivePageSchema>;
