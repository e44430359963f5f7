import { VARIANT_INFO, sparseSfen, type Square, type Variant } from '@chu/rules';

/** The two Kings of every exercise, in corners no lesson's line reaches, so the game is never over by a missing royal. */
export const KINGS: Readonly<Record<Square, string>> = { '12l': 'K', '1a': 'k' };

/**
 * An SFEN (Black to move, unless `turn` says White: a prelude starts with White's move) from a sparse board: `{ '6f': 'N', '6e': 'p' }`, uppercase Black, lowercase
 * White, '+' before a promoted piece; the Kings are added in the corners (dai's Black King on 15o) unless
 * the board names a Black King. `lionSquare` is chu's third field: where a non-Lion took a Lion on the
 * last ply (counter-strike); `reserves` Heisei's (heisei-chu.md §1: 'LO', Black's in capitals).
 */
export function sfenOf(
  pieces: Readonly<Record<Square, string>>,
  { variant = 'chu', lionSquare = '-', reserves = '-', turn = 'b' }: { variant?: Variant; lionSquare?: Square | '-'; reserves?: string; turn?: 'b' | 'w' } = {},
): string {
  const size = VARIANT_INFO[variant].size;
  const kings = size === 12 ? KINGS : { [`${size}${'abcdefghijklmno'[size - 1]}`]: 'K', '1a': 'k' };
  const board = Object.values(pieces).includes('K') ? pieces : { ...kings, ...pieces };
  const sfen = sparseSfen(board, { lionSquare, size, turn });
  // Heisei's third field is the reserves; its counter-strike square, when there is one, comes after them
  return variant === 'heisei' ? sfen.replace(/ (\S+) 1$/, (_, lion: string) => ` ${reserves}${lion === '-' ? '' : ` ${lion}`} 1`) : sfen;
}
