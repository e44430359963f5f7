import type { Square } from '@chu/rules';

const RANKS = 'abcdefghijkl';

/** The two Kings of every exercise, in corners no lesson's line reaches, so the game is never over by a missing royal. */
export const KINGS: Readonly<Record<Square, string>> = { '12l': 'K', '1a': 'k' };

/**
 * A chu SFEN (Black to move) from a sparse board: `{ '6f': 'N', '6e': 'p' }`, uppercase Black, lowercase
 * White, '+' before a promoted piece; the Kings of `KINGS` are added unless the board names its own.
 * `lionSquare` is the SFEN's third field: where a non-Lion took a Lion on the last ply (counter-strike).
 */
export function sfenOf(pieces: Readonly<Record<Square, string>>, lionSquare: Square | '-' = '-'): string {
  const all = Object.values(pieces).some((p) => p === 'K') ? pieces : { ...KINGS, ...pieces };
  const grid: (string | undefined)[][] = Array.from({ length: 12 }, () => Array(12).fill(undefined));
  for (const [sq, p] of Object.entries(all)) {
    const m = /^(\d+)([a-l])$/.exec(sq);
    if (!m || Number(m[1]) > 12 || Number(m[1]) < 1) throw new Error(`bad square in a lesson: ${sq}`);
    grid[RANKS.indexOf(m[2])][12 - Number(m[1])] = p;
  }
  const ranks = grid.map((row) => {
    let text = '';
    let run = 0;
    for (const p of row) {
      if (p === undefined) run++;
      else {
        text += (run || '') + p;
        run = 0;
      }
    }
    return text + (run || '');
  });
  return `${ranks.join('/')} b ${lionSquare} 1`;
}
