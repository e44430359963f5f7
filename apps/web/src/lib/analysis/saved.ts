// The analysis board's line, kept for this tab: a reload keeps it, and the replay's "Analizar"
// hands a game over by writing it here before opening #/local.
import type { PositionSpec } from './protocol';

const KEY = 'chu.analysis';

export interface SavedBoard extends PositionSpec {
  /** plies shown: the board is at moves.slice(0, ply) */
  ply: number;
  /** the engine should start on opening */
  engine?: boolean;
}

export function loadBoard(): SavedBoard | null {
  try {
    const raw = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(KEY) : null;
    if (!raw) return null;
    const b = JSON.parse(raw) as SavedBoard;
    if (typeof b.sfen !== 'string' || !Array.isArray(b.moves) || typeof b.ply !== 'number' || typeof b.options !== 'object') return null;
    return b;
  } catch {
    return null;
  }
}

export function saveBoard(board: SavedBoard): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(board));
  } catch {
    /* storage full or disabled: the board lasts for this page only */
  }
}
