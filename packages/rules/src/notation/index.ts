import type { PackedMove, Position } from '../position.ts';
import { moveFacts, sameLanding } from './common.ts';
import { hodgesOf } from './hodges.ts';
import { kanjiOf } from './kanji.ts';

export const NOTATION_STYLES = ['hodges', 'kanji'] as const;
export type NotationStyle = (typeof NOTATION_STYLES)[number];
export { hodgesPiece } from './hodges.ts';
export { SAME_SQUARE, kanjiPiece, kanjiSquare } from './kanji.ts';

/**
 * Human notation of `m`, played from `pos` (read, never changed). `previousTo` = the square the
 * move before it landed on (mailbox index, 0 = none), for the Japanese 同.
 */
export function notate(pos: Position, m: PackedMove, style: NotationStyle, previousTo = 0): string {
  return notateAll(pos, m, previousTo)[style];
}

/** Every style at once: the move is read off the position once (Game writes both as it plays). */
export function notateAll(pos: Position, m: PackedMove, previousTo = 0): Record<NotationStyle, string> {
  const facts = moveFacts(pos, m, sameLanding);
  return { hodges: hodgesOf(facts), kanji: kanjiOf(facts, previousTo) };
}
