import { z } from 'zod';
import {
  AckIdSchema, ColorSchema, CpuLevelSchema, IdSchema, RoomCodeSchema, UsiSchema, VersionSchema,
} from './common.ts';
import { RoomOptionsPatchSchema } from './options.ts';
import { RankedClientMessages } from './ranked.ts';

// Client → server. Every message is parsed strictly; unknown types or fields are refused.
const msg = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape }).strict();

export const ClientMessageSchema = z.discriminatedUnion('type', [
  msg('room.create', { options: RoomOptionsPatchSchema.optional() }),
  // Enter a room (presence); `game` asks to catch up from a known version after a reconnect.
  msg('room.join', {
    code: RoomCodeSchema,
    game: z.object({ id: IdSchema, version: VersionSchema }).strict().optional(),
  }),
  msg('room.leave', { code: RoomCodeSchema }),
  msg('room.sit', { code: RoomCodeSchema, color: ColorSchema.optional() }),
  msg('room.stand', { code: RoomCodeSchema }),
  // Host only: give a seat to the CPU (level) or empty it (null).
  msg('room.cpu', { code: RoomCodeSchema, color: ColorSchema, level: CpuLevelSchema.nullable() }),
  msg('room.options', { code: RoomCodeSchema, options: RoomOptionsPatchSchema }),
  msg('room.start', { code: RoomCodeSchema }),
  // The next game: 'offer' (accepts when the other player already offered), or 'decline' the other's offer.
  msg('room.rematch', { code: RoomCodeSchema, action: z.enum(['offer', 'decline']).optional() }),
  msg('move', { gameId: IdSchema, usi: UsiSchema, version: VersionSchema, ack: AckIdSchema }),
  msg('resign', { gameId: IdSchema }),
  msg('draw', { gameId: IdSchema, action: z.enum(['offer', 'accept', 'decline']) }),
  msg('abort', { gameId: IdSchema }),
  msg('sync', { gameId: IdSchema, version: VersionSchema }),
  ...RankedClientMessages,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];
export type ClientMessageOf<T extends ClientMessageType> = Extract<ClientMessage, { type: T }>;
