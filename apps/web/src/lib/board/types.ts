import type { PromotionChoice } from '@chu/rules';
import type { Color, Square, Variant } from '../squares';
import type { Lang, PieceSet } from '../pieces';

export interface Piece {
  color: Color; // 'black'
  code: string; // 'n', '+o'
}

/**
 * Everything the board is told. It knows no rules: the controller feeds it destinations, usually
 * the parts of the rules' boardFeed(game).
 */
export interface BoardProps {
  pieces: (Piece | undefined)[]; // board order: 144 entries (0 = 12a, 11 = 1a, 143 = 1l), or dai's 225 (0 = 15a … 224 = 1o)
  variant?: Variant; // 'dai': its 15×15 board; default: the one `pieces` fills
  orientation?: Color; // 'black': 12a top-left
  movable?: Color | 'both' | 'none'; // whose pieces the user may pick up: 'black'
  dests?: ReadonlyMap<Square, readonly Square[]>; // first-step targets incl. lion midpoints: {'6f' => ['6e','5d',…]}
  secondSteps?: (from: Square, mid: Square) => readonly Square[]; // ('6f','6e') => ['5d','6f']  (from = igui/pass)
  canStop?: (from: Square, to: Square) => boolean; // is from→to a whole move (not only a midpoint)? default true
  promotion?: (from: Square, to: Square, mid?: Square) => PromotionChoice; // default 'none'
  lastMove?: readonly Square[]; // ['7i','7h'] or ['6f','6e','5d']
  showDests?: boolean; // mark legal destinations (default true)
  coordinates?: boolean; // file numbers and rank letters (default true)
  pieceSet?: PieceSet; // 'kanji1'
  lang?: Lang; // for names in tooltips: 'en'
  onMove?: (from: Square, to: Square, mid?: Square, promote?: boolean) => void;
}
