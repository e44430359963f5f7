import type { PackedMove, Position } from '../position.ts';
import { usiOf } from '../usi.ts';

export type NotationStyle = 'hodges' | 'kanji';

// placeholder until notation/hodges.ts and notation/kanji.ts land
export function notate(_pos: Position, m: PackedMove, _style: NotationStyle): string {
  return usiOf(m);
}
