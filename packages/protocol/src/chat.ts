import { z } from 'zod';
import { CHAT_CHANNELS, CHAT_MAX_LENGTH, CHAT_TEXT_PATTERN } from './terms/chat.ts';
import { IdSchema } from './common.ts';

// Room chat (issue 16): plain text, shown escaped and never as links (terms/chat.ts).
export const ChatChannelSchema = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof ChatChannelSchema>;

export const ChatTextSchema = z
  .string()
  .trim()
  .min(1, 'empty message')
  .max(CHAT_MAX_LENGTH, `at most ${CHAT_MAX_LENGTH} characters`)
  .regex(CHAT_TEXT_PATTERN, 'no control characters');

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  channel: ChatChannelSchema,
  gameId: IdSchema.nullable(), // the players' channel: the game it belongs to (a new game starts it afresh); null for 'spectators'
  deviceId: IdSchema,
  name: z.string(),           // as shown when it was written: "Ana", or an account's username
  text: z.string(),
  at: z.string(),             // ISO time
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
