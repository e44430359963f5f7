import { CLOCK_RANGES, CORRESPONDENCE_DAYS, DEFAULT_OPTIONS, Game, TURN_SECONDS, checkClock, HEISEI_DROPS, LION_TRADING_RULES, PROMOTION_RULES, START_SFENS, ALL_VARIANTS, setupOf, type Options, type TimeControl, type Variant } from '@chu/rules';
import { z } from 'zod';

// Room options of RULES.md §7, plus the grace period before the CPU takes over an absent player.
// The rules' own options (their values and defaults) are the rules package's.

const within = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max);

/** RULES.md §7's time controls, in the rules' ranges; a clock that gives a move no time at all is refused. */
export const TimeControlSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z.object({ kind: z.literal('turn'), seconds: z.union(TURN_SECONDS.map((s) => z.literal(s))) }).strict(),
  z.object({
    kind: z.literal('clock'),
    initialSeconds: within(CLOCK_RANGES.initialSeconds),
    byoyomiSeconds: within(CLOCK_RANGES.byoyomiSeconds),
    periods: within(CLOCK_RANGES.periods),
    incrementSeconds: within(CLOCK_RANGES.incrementSeconds),
  }).strict().superRefine((tc, ctx) => {
    const checked = checkClock(tc);
    if (!checked.ok && checked.error === 'no-time') {
      ctx.addIssue({ code: 'custom', message: 'timeControl: a clock needs main time, byoyomi or an increment (all three are 0)' });
    }
  }),
  z.object({ kind: z.literal('correspondence'), daysPerMove: z.union(CORRESPONDENCE_DAYS.map((d) => z.literal(d))) }).strict(),
]);

/** What 'give-time' adds to the opponent's clock, in clock seconds. */
export const GIVEN_TIME_SECONDS = 15;

/**
 * Adjournment by agreement (RULES.md §7): only on a real clock (a turn limit is the casual site's quick
 * game, and correspondence players come and go anyway), once this many plies are played.
 */
export const ADJOURN_FROM_PLY = 20;
export const adjournable = (control: TimeControl): boolean => control.kind === 'clock';

/** Pre-clock clients sent `turnTime`: refused with the way to say it now, rather than guessed. */
const OldTurnTime = z.never({ error: 'turnTime was replaced by timeControl: send timeControl { kind: "turn", seconds: 30 } (or "none", "clock", "correspondence")' }).optional();

export const LANGUAGES = ['es', 'en', 'ja'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

// A start position as a room stores it: printable ASCII, bounded (dai's longest board is under 700 characters).
export const StartSfenSchema = z.string().min(1).max(1000).regex(/^[\x20-\x7e]+$/, 'a SFEN is printable ASCII');

/**
 * Why `startSfen` cannot start a game of `variant`, in words (the rules' own SFEN error), or null when it
 * can; null startSfen is the variant's standard start. Server and client check room options with it.
 */
export function startSfenProblem(options: { variant: Variant; startSfen: string | null }): string | null {
  if (options.startSfen === null) return null;
  const game = Game.fromSfen(options.startSfen, { variant: options.variant });
  if (!game.ok) return `startSfen is not a ${options.variant} shogi position: ${game.error}`;
  const [black, white] = game.value.position.royals;
  if (black === 0 || white === 0) return `startSfen: each side needs a King (or a Prince), ${black === 0 ? 'Black' : 'White'} has none`;
  if (game.value.outcome()) return `startSfen: the game is already over in this position (${game.value.outcome()!.reason})`;
  return null;
}

const startSfenOfItsVariant = (o: { variant: Variant; startSfen: string | null }, ctx: z.RefinementCtx): void => {
  const problem = startSfenProblem(o);
  if (problem) ctx.addIssue({ code: 'custom', path: ['startSfen'], message: problem });
};

export const RoomOptionsSchema = z
  .object({
    variant: z.enum(ALL_VARIANTS).default('chu'),  // the game: chu shogi (RULES.md), dai shogi (docs/dai-shogi.md) or Heisei chu (docs/heisei-chu.md)
    startSfen: StartSfenSchema.nullable().default(null), // null = the variant's standard start; else a handicap (docs/handicaps.md) or any position
    promotion: z.enum(PROMOTION_RULES).default(DEFAULT_OPTIONS.promotion),
    lionTrading: z.enum(LION_TRADING_RULES).default(DEFAULT_OPTIONS.lionTrading),
    bareKing: z.boolean().default(DEFAULT_OPTIONS.bareKing),
    moveLimit: z.number().int().min(1).max(10_000).nullable().default(DEFAULT_OPTIONS.moveLimit), // plies
    heiseiDrops: z.enum(HEISEI_DROPS).default('any'), // heisei-chu.md §4: 'any' = a drop a turn, as often as the reserve lasts; 'once' = one per player (read in Heisei rooms only)
    timeControl: TimeControlSchema.default({ kind: 'none' }),
    giveTime: z.boolean().default(true),        // casual clock games: a player may give the opponent 15 s
    alternateFirst: z.boolean().default(true),
    graceSeconds: z.number().int().min(1).max(600).default(60),
    public: z.boolean().default(false),        // listed in the lobby of open rooms and games being played
    takebacks: z.boolean().default(true),       // casual games: a player may ask to take a move back
    cpuTakebacks: z.boolean().default(false),   // …against a CPU seat too (the CPU says yes at once)
    language: LanguageSchema.default('es'),     // the room's language: the host sets it (room.create, room.options); shown in the lobby
  })
  .strict()
  .superRefine(startSfenOfItsVariant); // a patch may change the variant alone: the merged options are checked
export type RoomOptions = z.infer<typeof RoomOptionsSchema>;

export const RoomOptionsPatchSchema = z
  .object({
    variant: z.enum(ALL_VARIANTS),
    startSfen: StartSfenSchema.nullable(),
    promotion: z.enum(PROMOTION_RULES),
    lionTrading: z.enum(LION_TRADING_RULES),
    bareKing: z.boolean(),
    moveLimit: z.number().int().min(1).max(10_000).nullable(),
    heiseiDrops: z.enum(HEISEI_DROPS),
    timeControl: TimeControlSchema,
    giveTime: z.boolean(),
    turnTime: OldTurnTime,
    alternateFirst: z.boolean(),
    graceSeconds: z.number().int().min(1).max(600),
    public: z.boolean(),
    takebacks: z.boolean(),
    cpuTakebacks: z.boolean(),
    language: LanguageSchema,
  })
  .partial()
  .strict();
export type RoomOptionsPatch = z.infer<typeof RoomOptionsPatchSchema>;

export const DEFAULT_ROOM_OPTIONS: RoomOptions = RoomOptionsSchema.parse({});

/**
 * The rules' options a room sets: what `Game.start` / `Game.replay` take (turn time, seats and grace are
 * the room's). Dai has no lion trading (dai-shogi.md §4): a dai room plays 'off' whatever its lionTrading says.
 * Only a Heisei room passes heiseiDrops on (heisei-chu.md §4). Options stored before variants existed have
 * no variant: chu; before Heisei, no heiseiDrops: 'any'.
 */
type RoomRules = 'promotion' | 'lionTrading' | 'bareKing' | 'moveLimit';
export type RoomRulesOptions = Pick<Options, RoomRules | 'heiseiDrops'> & { variant: Variant };
export const rulesOptions = (room: Pick<RoomOptions, RoomRules> & { variant?: Variant; heiseiDrops?: RoomOptions['heiseiDrops'] }): RoomRulesOptions => {
  const variant = room.variant ?? 'chu';
  return {
    variant,
    promotion: room.promotion,
    lionTrading: variant === 'dai' ? 'off' : room.lionTrading,
    bareKing: room.bareKing,
    moveLimit: room.moveLimit,
    ...(variant === 'heisei' && { heiseiDrops: room.heiseiDrops ?? 'any' }),
  };
};

/** The room's start position as an SFEN: its startSfen, or the variant's standard start. */
export const roomStartSfen = (room: Pick<RoomOptions, 'startSfen'> & { variant?: Variant }): string =>
  room.startSfen ?? START_SFENS[room.variant ?? 'chu'];

// A named start position (rules' SETUPS): what rooms, games and the lobby show ("Handicap: Two Lions").
export const SetupSchema = z.object({
  id: z.string(),                  // 'two-lions'
  variant: z.enum(ALL_VARIANTS),   // every game's setups: 'even', 'dai-even', 'heisei-even', chu's handicaps
  grade: z.number().int(),         // the row of Colin Adams' table; 0 = no handicap
  sfen: z.string(),
  names: z.object({ es: z.string(), en: z.string(), ja: z.string() }),
});
export type SetupView = z.infer<typeof SetupSchema>;

/** The named setup a room's start position is ('even' for the standard chu start), or null for any other position. */
export const setupOfRoom = (room: Pick<RoomOptions, 'startSfen'> & { variant?: Variant }): SetupView | null => {
  const s = setupOf(room.variant ?? 'chu', room.startSfen);
  return s ? { id: s.id, variant: s.variant, grade: s.grade, sfen: s.sfen, names: { ...s.names } } : null;
};

/** Whether a room's games start from the variant's standard position (only those may be rated). */
export const standardStart = (room: Pick<RoomOptions, 'startSfen'> & { variant?: Variant }): boolean =>
  (setupOfRoom(room)?.grade ?? 1) === 0;
