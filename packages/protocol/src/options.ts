import { DEFAULT_OPTIONS, LION_TRADING_RULES, PROMOTION_RULES, type Options } from '@chu/rules';
import { z } from 'zod';

// Room options of RULES.md §7, plus the grace period before the CPU takes over an absent player.
// The rules' own options (their values and defaults) are the rules package's.
export const TURN_TIMES = [null, 30, 60] as const;
export const TurnTimeSchema = z.union([z.null(), z.literal(30), z.literal(60)]); // seconds per move; null = untimed
export type TurnTime = z.infer<typeof TurnTimeSchema>;

export const LANGUAGES = ['es', 'en', 'ja'] as const;
export const LanguageSchema = z.enum(LANGUAGES);

export const RoomOptionsSchema = z
  .object({
    promotion: z.enum(PROMOTION_RULES).default(DEFAULT_OPTIONS.promotion),
    lionTrading: z.enum(LION_TRADING_RULES).default(DEFAULT_OPTIONS.lionTrading),
    bareKing: z.boolean().default(DEFAULT_OPTIONS.bareKing),
    moveLimit: z.number().int().min(1).max(10_000).nullable().default(DEFAULT_OPTIONS.moveLimit), // plies
    turnTime: TurnTimeSchema.default(null),
    alternateFirst: z.boolean().default(true),
    graceSeconds: z.number().int().min(1).max(600).default(60),
    public: z.boolean().default(false),        // listed in the lobby of open rooms and games being played
    takebacks: z.boolean().default(true),       // casual games: a player may ask to take a move back
    cpuTakebacks: z.boolean().default(false),   // …against a CPU seat too (the CPU says yes at once)
    language: LanguageSchema.default('es'),     // the host's language, shown in the lobby
  })
  .strict();
export type RoomOptions = z.infer<typeof RoomOptionsSchema>;

export const RoomOptionsPatchSchema = z
  .object({
    promotion: z.enum(PROMOTION_RULES),
    lionTrading: z.enum(LION_TRADING_RULES),
    bareKing: z.boolean(),
    moveLimit: z.number().int().min(1).max(10_000).nullable(),
    turnTime: TurnTimeSchema,
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

/** The rules' options a room sets: what `Game.start` / `Game.replay` take (turn time, seats and grace are the room's). */
type RoomRules = 'promotion' | 'lionTrading' | 'bareKing' | 'moveLimit';
export const rulesOptions = (room: Pick<RoomOptions, RoomRules>): Pick<Options, RoomRules> => ({
  promotion: room.promotion,
  lionTrading: room.lionTrading,
  bareKing: room.bareKing,
  moveLimit: room.moveLimit,
});
