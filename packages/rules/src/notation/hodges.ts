import type { MoveFacts } from './common.ts';
import { PIECE_NAMES } from './names.ts';

/** Hodges/TSA (seeds/000): a promoted piece is written '+' and what it was, '+DK' for the Soaring Eagle. */
export const hodgesPiece = (code: string): string =>
  code.startsWith('+') ? '+' + PIECE_NAMES[code.slice(1)].abbr : PIECE_NAMES[code].abbr;

/**
 * `P-8f`, `Px7d=`, `G9i-8h` (origin when another identical piece could land the same way),
 * `Lnx3h-2i` / `Lnx3hx2i` (double move), `Lnx!9d` (igui), `Ln!` (pass: no TSA convention exists),
 * `Ky*5e` / `Ky*5c+` (a drop, heisei-chu.md §1, as Hodges writes shogi's).
 */
export function hodgesOf(f: MoveFacts): string {
  const { squareName } = f.tables;
  const piece = hodgesPiece(f.code) + (f.rivals.length ? squareName(f.from) : '');
  switch (f.kind) {
    case 'pass':
      return `${piece}!`;
    case 'igui':
      return `${piece}x!${squareName(f.mid)}`;
    case 'drop':
      return `${piece}*${squareName(f.to)}${f.promote ? '+' : f.promotionChoice ? '=' : ''}`;
    default: {
      const first = f.kind === 'double' ? `x${squareName(f.mid)}` : '';
      const suffix = f.promote ? '+' : f.promotionChoice ? '=' : '';
      return `${piece}${first}${f.capture ? 'x' : '-'}${squareName(f.to)}${suffix}`;
    }
  }
}
