import type { MoveFacts } from './common.ts';

/**
 * Hodges/TSA abbreviations (seeds/000: Ky for the Kirin, FK for the Queen; dai-shogi.md §1.1 for dai's
 * pieces: St for the Stone General, S being the Silver); promoted pieces get a '+' prefix.
 */
const ABBR: Record<string, string> = {
  k: 'K', q: 'FK', n: 'Ln', d: 'DK', h: 'DH', r: 'R', b: 'B', o: 'Ky', x: 'Ph', e: 'DE', t: 'BT',
  f: 'FL', g: 'G', s: 'S', c: 'C', v: 'VM', m: 'SM', a: 'RC', l: 'L', i: 'GB', p: 'P',
  "i'": 'I', "s'": 'St', "n'": 'N', "a'": 'AB', "c'": 'CS', "e'": 'EW', "v'": 'VO', "f'": 'FD',
};

export const hodgesPiece = (code: string): string =>
  code.startsWith('+') ? '+' + ABBR[code.slice(1)] : ABBR[code];

/**
 * `P-8f`, `Px7d=`, `G9i-8h` (origin when another identical piece could land the same way),
 * `Lnx3h-2i` / `Lnx3hx2i` (double move), `Lnx!9d` (igui), `Ln!` (pass: no TSA convention exists).
 */
export function hodgesOf(f: MoveFacts): string {
  const { squareName } = f.tables;
  const piece = hodgesPiece(f.code) + (f.rivals.length ? squareName(f.from) : '');
  switch (f.kind) {
    case 'pass':
      return `${piece}!`;
    case 'igui':
      return `${piece}x!${squareName(f.mid)}`;
    default: {
      const first = f.kind === 'double' ? `x${squareName(f.mid)}` : '';
      const suffix = f.promote ? '+' : f.promotionChoice ? '=' : '';
      return `${piece}${first}${f.capture ? 'x' : '-'}${squareName(f.to)}${suffix}`;
    }
  }
}
