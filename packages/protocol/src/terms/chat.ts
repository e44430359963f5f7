// Room chat (issue 16): plain text, shown escaped and never as links.
export const CHAT_CHANNELS = ['players', 'spectators'] as const;
export const CHAT_MAX_LENGTH = 300;
// Control characters are refused: a message is one line of text people can read.
export const CHAT_TEXT_PATTERN = /^[^\u0000-\u001f\u007f]*$/;

/** Why a text cannot be sent ('empty', 'too-long', 'control'), or null; counted as the server counts: trimmed. */
export type ChatTextProblem = 'empty' | 'too-long' | 'control';
export function chatTextProblem(text: string): ChatTextProblem | null {
  const t = text.trim();
  if (t.length === 0) return 'empty';
  if (t.length > CHAT_MAX_LENGTH) return 'too-long';
  return CHAT_TEXT_PATTERN.test(t) ? null : 'control';
}
