import { z } from 'zod';
import {
  AckIdSchema, ColorSchema, CpuLevelSchema, IdSchema, RoomCodeSchema, UsiSchema, VersionSchema,
} from './common.ts';
import { ChatChannelSchema, ChatTextSchema } from './chat.ts';
import { RoomOptionsPatchSchema } from './options.ts';
import { RankedClientMessages } from './ranked.ts';
import { TournamentClientMessages } from './tournaments.ts';

// Client → server. Every message is parsed strictly; unknown types or fields are refused.
// A command that can be refused may carry an ack id: the server answers it with { type: 'ack', ack }
// once done, or with the error that refused it carrying the same ack (a move's is required).
const msg = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ack: AckIdSchema.optional() }).extend(shape).strict();

export const ClientMessageSchema = z.discriminatedUnion('type', [
  msg('room.create', { options: RoomOptionsPatchSchema.optional() }),
  // "Play the CPU" in one command: a new room (options), you at `color` (black unless said), the CPU at
  // `level` on the other seat, and the game started. Answered like room.create, then the game, then the ack.
  msg('room.cpuGame', { level: CpuLevelSchema, color: ColorSchema.optional(), options: RoomOptionsPatchSchema.optional() }),
  // Enter a room (presence); `game` asks to catch up from a known version after a reconnect.
  msg('room.join', {
    code: RoomCodeSchema,
    game: z.object({ id: IdSchema, version: VersionSchema }).strict().optional(),
  }),
  msg('room.leave', { code: RoomCodeSchema }),
  // A public room's game starts by itself when a person takes its last free seat.
  msg('room.sit', { code: RoomCodeSchema, color: ColorSchema.optional() }),
  msg('room.stand', { code: RoomCodeSchema }),
  // Host only: give a seat to the CPU (level) or empty it (null).
  msg('room.cpu', { code: RoomCodeSchema, color: ColorSchema, level: CpuLevelSchema.nullable() }),
  // Host only, between games: the room's options, its language among them (shown in the lobby).
  msg('room.options', { code: RoomCodeSchema, options: RoomOptionsPatchSchema }),
  msg('room.start', { code: RoomCodeSchema }),
  // The next game: 'offer' (accepts when the other player already offered), or 'decline' the other's offer.
  msg('room.rematch', { code: RoomCodeSchema, action: z.enum(['offer', 'decline']).optional() }),
  msg('move', { gameId: IdSchema, usi: UsiSchema, version: VersionSchema, ack: AckIdSchema }),
  msg('resign', { gameId: IdSchema }),
  msg('draw', { gameId: IdSchema, action: z.enum(['offer', 'accept', 'decline']) }),
  msg('abort', { gameId: IdSchema }),
  msg('sync', { gameId: IdSchema, version: VersionSchema }),
  // Casual games: ask to take back your last move (two plies if the opponent has replied), answer.
  msg('takeback', { gameId: IdSchema, action: z.enum(['offer', 'accept', 'decline']) }),
  // Casual clock games, when the room allows it: add GIVEN_TIME_SECONDS to the opponent's clock.
  msg('give-time', { gameId: IdSchema, ack: AckIdSchema }),
  // Clock games from ply ADJOURN_FROM_PLY on (RULES.md §7): adjourn by agreement. 'offer' (accepts when the other
  // player already offered), 'accept' or 'decline' the other's offer; once accepted, the player to move seals a move.
  msg('adjourn', { gameId: IdSchema, action: z.enum(['offer', 'accept', 'decline']) }),
  // The player to move's sealed move: checked by the rules and stored, never shown to anyone until the game resumes.
  msg('seal', { gameId: IdSchema, usi: UsiSchema, version: VersionSchema, ack: AckIdSchema }),
  // An adjourned-by-agreement game resumes when both players are present and agree: the sealed move is played first.
  msg('resume', { gameId: IdSchema, action: z.enum(['offer', 'accept', 'decline']) }),
  // Room chat: 'players' is the game's two players' own (a new game starts it afresh); 'spectators' is everyone's.
  msg('chat.send', { code: RoomCodeSchema, channel: ChatChannelSchema, text: ChatTextSchema }),
  // Host only: a participant may (not) write in this room's chat.
  msg('chat.mute', { code: RoomCodeSchema, deviceId: IdSchema, muted: z.boolean() }),
  // The lobby (public rooms waiting for players, games being played): a `lobby` message now and on every change.
  msg('lobby.watch', {}),
  msg('lobby.unwatch', {}),
  ...RankedClientMessages,
  ...TournamentClientMessages,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];
export type ClientMessageOf<T extends ClientMessageType> = Extract<ClientMessage, { type: T }>;
