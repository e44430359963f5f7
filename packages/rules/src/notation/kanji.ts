import { CHU_GEOMETRY, type Geometry } from '../square.ts';
import type { MoveFacts } from './common.ts';
import { kanjiNumber } from './kif.ts';
import { PIECE_NAMES, WHITE_KING } from './names.ts';

/** One character as Japanese game records write it; White's King is 王. */
export const kanjiPiece = (code: string, white: boolean): string => (code === 'k' && white ? WHITE_KING.kanji : PIECE_NAMES[code].kanji);

/** `７八` for 7h, `１２十二` for 12l (`１５十五` for dai's 15o): full-width file, kanji rank. */
export const kanjiSquare = (sq: number, g: Geometry = CHU_GEOMETRY): string =>
  String(g.fileOf(sq)).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))) + kanjiNumber(g.rowOf(sq) + 1);

/** Written instead of the square when a move goes where the previous one landed, as kifu do (and lishogi). */
export const SAME_SQUARE = '同　';

/**
 * `▲７六歩`, `△２三銀成` / `不成`, `▲８八獅(９九)` (origin when ambiguous), `▲８八獅・７七` (double
 * move: first-step capture, then destination), `▲８八獅居喰い` (igui on 8八), `▲獅じっと` (pass), `▲５五麒打` / `▲５三麒打成` (a drop, heisei-chu.md §1).
 * The square written first is `同　` when it is where the previous move landed (`previousTo`, 0 = none):
 * `△同　歩`, `▲同　獅居喰い`.
 */
export function kanjiOf(f: MoveFacts, previousTo = 0): string {
  const side = f.white ? '△' : '▲';
  const piece = kanjiPiece(f.code, f.white);
  const named = (sq: number) => kanjiSquare(sq, f.tables);
  const origin = f.rivals.length ? `(${named(f.from)})` : '';
  const square = (sq: number) => (sq === previousTo ? SAME_SQUARE : named(sq));
  switch (f.kind) {
    case 'pass':
      return `${side}${piece}じっと`;
    case 'igui':
      return `${side}${square(f.mid)}${piece}居喰い`;
    case 'drop':
      return `${side}${named(f.to)}${piece}打${f.promote ? '成' : f.promotionChoice ? '不成' : ''}`;
    case 'double':
      return `${side}${square(f.mid)}${piece}・${named(f.to)}${origin}`;
    default:
      return `${side}${square(f.to)}${piece}${f.promote ? '成' : f.promotionChoice ? '不成' : ''}${origin}`;
  }
}
