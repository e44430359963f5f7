// The board's keyboard cursor: arrow keys move it as the board is drawn on the screen (up is up for
// either orientation), Home/End go to the ends of its row, PageUp/PageDown to the ends of its column.
import { ALL_SQUARES, indexOf, type Color, type Square } from '../squares';

export const CURSOR_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type CursorKey = (typeof CURSOR_KEYS)[number];

export const isCursorKey = (key: string): key is CursorKey => (CURSOR_KEYS as readonly string[]).includes(key);

/** Screen row and column (0–11, from the top left) of a square as `orientation` sees the board. */
export function screenOf(sq: Square, orientation: Color): { row: number; col: number } {
  const i = indexOf(sq);
  const k = orientation === 'black' ? i : 143 - i;
  return { row: Math.floor(k / 12), col: k % 12 };
}

export function squareAt(row: number, col: number, orientation: Color): Square {
  const k = row * 12 + col;
  return ALL_SQUARES[orientation === 'black' ? k : 143 - k];
}

/** Where the cursor goes from `sq` with `key`; the board's edge stops it. */
export function stepCursor(sq: Square, key: CursorKey, orientation: Color): Square {
  let { row, col } = screenOf(sq, orientation);
  switch (key) {
    case 'ArrowUp': row = Math.max(0, row - 1); break;
    case 'ArrowDown': row = Math.min(11, row + 1); break;
    case 'ArrowLeft': col = Math.max(0, col - 1); break;
    case 'ArrowRight': col = Math.min(11, col + 1); break;
    case 'Home': col = 0; break;
    case 'End': col = 11; break;
    case 'PageUp': row = 0; break;
    case 'PageDown': row = 11; break;
  }
  return squareAt(row, col, orientation);
}

/**
 * Where the cursor starts when the board gets the focus: the selection, else where the last move
 * landed, else the middle of the viewer's pawn rank (6i for Black, 7d for White).
 */
export function startSquare(selected: Square | null, lastMove: readonly Square[], orientation: Color): Square {
  return selected ?? lastMove[lastMove.length - 1] ?? (orientation === 'black' ? '6i' : '7d');
}
