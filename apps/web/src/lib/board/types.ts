import type { PieceGestures, PromotionChoice } from '@chu/rules';
import type { Miss } from './interaction';
import type { Color, Square, Variant } from '../squares';
import type { Lang, PieceSet } from '../pieces';

export interface Piece {
  color: Color; // 'black'
  code: string; // 'n', '+o'
}

/**
 * Everything the board is told. It knows no rules: the controller feeds it what each click does,
 * the rules' boardFeed(game).gestures.
 */
export interface BoardProps {
  pieces: (Piece | undefined)[]; // board order: 144 entries (0 = 12a, 11 = 1a, 143 = 1l), or dai's 225 (0 = 15a … 224 = 1o)
  variant?: Variant; // 'dai': its 15×15 board; default: the one `pieces` fills
  orientation?: Color; // 'black': 12a top-left
  movable?: Color | 'both' | 'none'; // whose pieces the user may pick up: 'black'
  gestures?: (from: Square) => PieceGestures; // what the piece on `from` may do, click by click: the rules' boardFeed(game).gestures; default nothing
  lastMove?: readonly Square[]; // ['7i','7h'] or ['6f','6e','5d']
  showDests?: boolean; // mark legal destinations (default true)
  coordinates?: boolean; // file numbers and rank letters (default true)
  pieceSet?: PieceSet; // 'kanji1'
  lang?: Lang; // for names in tooltips: 'en'
  onMove?: (from: Square, to: Square, mid?: Square, promote?: boolean) => void;
  onMiss?: (miss: Miss) => void; // a click where the piece in hand may not go (the hand lets go): a lesson says why
  // Heisei drops (docs/heisei-chu.md §3): the reserve piece picked up from a stand, where each kind may go and whether it asks to promote
  holding?: Piece | null; // { color: 'black', code: 'o' }; the stand sets it, the board clears it
  drops?: ReadonlyMap<string, readonly Square[]>; // the rules' boardFeed(game).drops: {'o' => ['5e', …]}
  dropPromotion?: (code: string, to: Square) => PromotionChoice; // the rules' boardFeed(game).dropPromotion
  onDrop?: (code: string, to: Square, promote: boolean) => void;
}

/** A board with nothing to play: no piece may go anywhere. */
export const NO_GESTURES: PieceGestures = { first: new Map(), second: () => new Map() };
