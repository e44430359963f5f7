import { CLOCK_RANGES, CORRESPONDENCE_DAYS, TURN_SECONDS, checkClock, HEISEI_DROPS, LION_TRADING_RULES, PROMOTION_RULES, ALL_VARIANTS, type Variant } from '@chu/rules';
import { z } from 'zod';
import { DEFAULT_ROOM_OPTIONS, LANGUAGES } from './terms/room.ts';
import { startSfenProblem } from './terms/start.ts';

// The schemas of RULES.md §7's room options; their defaults and meaning are terms/room.ts's.

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

/** Pre-clock clients sent `turnTime`: refused with the way to say it now, rather than guessed. */
const OldTurnTime = z.never({ error: 'turnTime was replaced by timeControl: send timeControl { kind: "turn", seconds: 30 } (or "none", "clock", "correspondence")' }).optional();

export const LanguageSchema = z.enum(LANGUAGES);

// A start position as a room stores it: printable ASCII, bounded (dai's longest board is under 700 characters).
export const StartSfenSchema = z.string().min(1).max(1000).regex(/^[\x20-\x7e]+$/, 'a SFEN is printable ASCII');

const startSfenOfItsVariant = (o: { variant: Variant; startSfen: string | null }, ctx: z.RefinementCtx): void => {
  const problem = startSfenProblem(o);
  if (problem) ctx.addIssue({ code: 'custom', path: ['startSfen'], message: problem });
};

export const RoomOptionsSchema = z
  .object({ // what each option means: terms/room.ts
    variant: z.enum(ALL_VARIANTS).default(DEFAULT_ROOM_OPTIONS.variant),
    startSfen: StartSfenSchema.nullable().default(DEFAULT_ROOM_OPTIONS.startSfen),
    promotion: z.enum(PROMOTION_RULES).default(DEFAULT_ROOM_OPTIONS.promotion),
    lionTrading: z.enum(LION_TRADING_RULES).default(DEFAULT_ROOM_OPTIONS.lionTrading),
    bareKing: z.boolean().default(DEFAULT_ROOM_OPTIONS.bareKing),
    moveLimit: z.number().int().min(1).max(10_000).nullable().default(DEFAULT_ROOM_OPTIONS.moveLimit),
    heiseiDrops: z.enum(HEISEI_DROPS).default(DEFAULT_ROOM_OPTIONS.heiseiDrops),
    timeControl: TimeControlSchema.default(() => ({ ...DEFAULT_ROOM_OPTIONS.timeControl })),
    giveTime: z.boolean().default(DEFAULT_ROOM_OPTIONS.giveTime),
    alternateFirst: z.boolean().default(DEFAULT_ROOM_OPTIONS.alternateFirst),
    graceSeconds: z.number().int().min(1).max(600).default(DEFAULT_ROOM_OPTIONS.graceSeconds),
    public: z.boolean().default(DEFAULT_ROOM_OPTIONS.public),
    takebacks: z.boolean().default(DEFAULT_ROOM_OPTIONS.takebacks),
    cpuTakebacks: z.boolean().default(DEFAULT_ROOM_OPTIONS.cpuTakebacks),
    language: LanguageSchema.default(DEFAULT_ROOM_OPTIONS.language),
  })
  .strict()
  .superRefine(startSfenOfItsVariant); // a patch may change the variant alone: the merged options are checked
export type RoomOptions = z.output<typeof RoomOptionsSchema>;

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

// A named start position (rules' SETUPS): what rooms, games and the lobby show ("Handicap: Two Lions").
export const SetupSchema = z.object({
  id: z.string(),                  // 'two-lions'
  variant: z.enum(ALL_VARIANTS),   // every game's setups: 'even', 'dai-even', 'heisei-even', chu's handicaps
  grade: z.number().int(),         // the row of Colin Adams' table; 0 = no handicap
  sfen: z.string(),
  names: z.object({ es: z.string(), en: z.string(), ja: z.string() }),
});
export type SetupView = z.infer<typeof SetupSchema>;
