import { sparseSfen, type Square } from '@chu/rules';

/** The two Kings of every exercise, in corners no lesson's line reaches, so the game is never over by a missing royal. */
export const KINGS: Readonly<Record<Square, string>> = { '12l': 'K', '1a': 'k' };

/**
 * A chu SFEN (Black to move) from a sparse board: `{ '6f': 'N', '6e': 'p' }`, uppercase Black, lowercase
 * White, '+' before a promoted piece; the Kings of `KINGS` are added unless the board names a Black King.
 * `lionSquare` is the SFEN's third field: where a non-Lion took a Lion on the last ply (counter-strike).
 */
export function sfenOf(pieces: Readonly<Record<Square, string>>, lionSquare: Square | '-' = '-'): string {
  return sparseSfen(Object.values(pieces).includes('K') ? pieces : { ...KINGS, ...pieces }, { lionSquare });
}
