// The board's keyboard cursor: arrow keys move it as the board is drawn on the screen (up is up for
// either orientation), Home/End go to the ends of its row, PageUp/PageDown to the ends of its column.
import { geometryOf, type BoardGeometry, type Color, type Square } from '../squares';

export const CURSOR_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type CursorKey = (typeof CURSOR_KEYS)[number];

export const isCursorKey = (key: string): key is CursorKey => (CURSOR_KEYS as readonly string[]).includes(key);

/** Screen row and column (0–11 in chu, 0–14 in dai, from the top left) of a square as `orientation` sees the board. */
export function screenOf(sq: Square, orientation: Color, g: BoardGeometry = geometryOf()): { row: number; col: number } {
  const i = g.indexOf(sq);
  const k = orientation === 'black' ? i : g.squares.length - 1 - i;
  return { row: Math.floor(k / g.size), col: k % g.size };
}

export function squareAt(row: number, col: number, orientation: Color, g: BoardGeometry = geometryOf()): Square {
  const k = row * g.size + col;
  return g.squares[orientation === 'black' ? k : g.squares.length - 1 - k];
}

/** Where the cursor goes from `sq` with `key`; the board's edge stops it. */
export function stepCursor(sq: Square, key: CursorKey, orientation: Color, g: BoardGeometry = geometryOf()): Square {
  let { row, col } = screenOf(sq, orientation, g);
  const last = g.size - 1;
  switch (key) {
    case 'ArrowUp': row = Math.max(0, row - 1); break;
    case 'ArrowDown': row = Math.min(last, row + 1); break;
    case 'ArrowLeft': col = Math.max(0, col - 1); break;
    case 'ArrowRight': col = Math.min(last, col + 1); break;
    case 'Home': col = 0; break;
    case 'End': col = last; break;
    case 'PageUp': row = 0; break;
    case 'PageDown': row = last; break;
  }
  return squareAt(row, col, orientation, g);
}

/**
 * Where the cursor starts when the board gets the focus: the selection, else where the last move
 * landed, else the middle of the viewer's pawn rank (chu: 6i for Black, 7d for White; dai: 8k, 8e).
 */
export function startSquare(selected: Square | null, lastMove: readonly Square[], orientation: Color, g: BoardGeometry = geometryOf()): Square {
  const here = selected ?? lastMove[lastMove.length - 1];
  if (here) return here;
  const row = g.size === 12 ? 8 : 10; // Black's pawn rank: i (chu), k (dai)
  const file = Math.ceil(g.size / 2);
  return orientation === 'black' ? `${file}${g.ranks[row]}` : `${g.size + 1 - file}${g.ranks[g.size - 1 - row]}`;
}
