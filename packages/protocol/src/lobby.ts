import { z } from 'zod';
import { ColorSchema, IdSchema } from './common.ts';
import { ALL_VARIANTS } from '@chu/rules';
import { LanguageSchema, RoomOptionsSchema, SetupSchema } from './options.ts';

// The lobby (issue 16): public rooms with someone waiting, and games being played now, to watch.
export const OpenRoomSchema = z.object({
  code: z.string(),
  options: RoomOptionsSchema,          // options.variant, options.startSfen
  setup: SetupSchema.nullable(),       // the named setup of its start ('even', 'three-lions'); null = another position
  language: LanguageSchema,            // the room's (options.language, set by its host)
  // who sits, waiting for an opponent; `account`: the name is an account's username (a profile to link to)
  waiting: z.array(z.object({ color: ColorSchema, name: z.string(), account: z.boolean() })),
  present: z.number().int(),           // people in the room now
});
export const LiveGameSchema = z.object({
  code: z.string(),
  gameId: IdSchema,
  black: z.string().nullable(),
  white: z.string().nullable(),
  accounts: z.object({ black: z.boolean(), white: z.boolean() }), // which names are accounts' usernames (profiles)
  ply: z.number().int(),
  variant: z.enum(ALL_VARIANTS), // a room's game: 'chu', 'dai', 'heisei'
  setup: SetupSchema.nullable(),       // as OpenRoom's
  rated: z.boolean(),
  language: LanguageSchema,
  spectators: z.number().int(),
});
export const LobbySchema = z.object({ rooms: z.array(OpenRoomSchema), live: z.array(LiveGameSchema) });
export type OpenRoom = z.infer<typeof OpenRoomSchema>;
export type LiveGame = z.infer<typeof LiveGameSchema>;
export type Lobby = z.infer<typeof LobbySchema>;
