import type { PackedMove, Position } from '../position.ts';
import { hodges } from './hodges.ts';
import { kanji } from './kanji.ts';

export type NotationStyle = 'hodges' | 'kanji';
export { hodgesPiece } from './hodges.ts';
export { kanjiPiece, kanjiSquare } from './kanji.ts';

/** Human notation of `m`, played from `pos` (read, never changed). */
export function notate(pos: Position, m: PackedMove, style: NotationStyle): string {
  return style === 'kanji' ? kanji(pos, m) : hodges(pos, m);
}
