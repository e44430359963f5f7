import { z } from 'zod';

// Room options of RULES.md §7, plus the grace period before the CPU takes over an absent player.
export const TURN_TIMES = [null, 30, 60] as const;

export const RoomOptionsSchema = z
  .object({
    promotion: z.enum(['association', 'shogi']).default('association'),
    lionTrading: z.enum(['off', 'protected', 'always']).default('protected'),
    bareKing: z.boolean().default(true),
    moveLimit: z.number().int().min(1).max(10_000).nullable().default(null), // plies
    turnTime: z.union([z.null(), z.literal(30), z.literal(60)]).default(null), // seconds per move
    alternateFirst: z.boolean().default(true),
    graceSeconds: z.number().int().min(1).max(600).default(60),
  })
  .strict();
export type RoomOptions = z.infer<typeof RoomOptionsSchema>;

export const RoomOptionsPatchSchema = z
  .object({
    promotion: z.enum(['association', 'shogi']),
    lionTrading: z.enum(['off', 'protected', 'always']),
    bareKing: z.boolean(),
    moveLimit: z.number().int().min(1).max(10_000).nullable(),
    turnTime: z.union([z.null(), z.literal(30), z.literal(60)]),
    alternateFirst: z.boolean(),
    graceSeconds: z.number().int().min(1).max(600),
  })
  .partial()
  .strict();
export type RoomOptionsPatch = z.infer<typeof RoomOptionsPatchSchema>;

export const DEFAULT_ROOM_OPTIONS: RoomOptions = RoomOptionsSchema.parse({});
