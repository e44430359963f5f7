import { z } from 'zod';
import { IdSchema } from './common.ts';

// Room chat (issue 16): plain text, shown escaped and never as links.
export const CHAT_CHANNELS = ['players', 'spectators'] as const;
export const ChatChannelSchema = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof ChatChannelSchema>;

export const CHAT_MAX_LENGTH = 300;
// Control characters (except none) are refused: a message is one line of text people can read.
export const ChatTextSchema = z
  .string()
  .trim()
  .min(1, 'empty message')
  .max(CHAT_MAX_LENGTH, `at most ${CHAT_MAX_LENGTH} characters`)
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'no control characters');

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
