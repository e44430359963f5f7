// Piece vocabulary for display: names in the UI's languages, labels, and the drawing of a movement diagram.
// Which pieces exist, how they move, what they promote to and how they are written (kanji,
// abbreviations) are the rules' (@chu/rules); Spanish names follow the seeds (000, 002; dai's pieces 001).
import { BASE_CODES, PIECE_NAMES, VARIANT_INFO, WHITE_KING, promotedCode, reachOf, type Color, type ReachKind } from '@chu/rules';

export { BASE_CODES, promotedCode };

/** Dai's 29 starting types, strongest first (the rules' order). */
export const DAI_BASE_CODES: readonly string[] = VARIANT_INFO.dai.baseCodes;
/** The pieces dai shogi adds to chu's (dai-shogi.md §1.1), in the rules' order, as the Piezas page shows them. */
export const DAI_CODES: readonly string[] = VARIANT_INFO.dai.codes.filter((c) => !c.startsWith('+') && !VARIANT_INFO.chu.codes.includes(c));

export type { Lang } from './piece-sets';
import type { Lang, PieceSet } from './piece-sets';
export { PIECE_SETS, LESSON_PIECE_SETS, isPieceSet, isLessonPieceSet, lessonPieceSet, type PieceSet, type LessonPieceSet } from './piece-sets';

export interface PieceInfo {
  code: string; // SFEN code, '+' prefix when promoted: 'n', '+d'
  en: string;
  es: string;
  ja: string; // full Japanese name: '獅子'
  kanji1: string; // one character, as the rules' Japanese notation writes it: '獅'
  kanji2: string; // two-character name as written on the piece: '獅子'
  western: string; // Hodges / TSA abbreviation: 'Ln'
}

/** English and Spanish names: the UI's words. Dai's promoted pieces are all Gold Generals. */
const NAMES: Record<string, readonly [en: string, es: string]> = {
  k: ['King', 'Rey'],
  q: ['Queen', 'Rey libre'],
  n: ['Lion', 'León'],
  d: ['Dragon King', 'Rey dragón'],
  h: ['Dragon Horse', 'Caballo dragón'],
  r: ['Rook', 'Torre'],
  b: ['Bishop', 'Alfil'],
  o: ['Kirin', 'Kirin'],
  x: ['Phoenix', 'Fénix'],
  e: ['Drunk Elephant', 'Elefante ebrio'],
  t: ['Blind Tiger', 'Tigre ciego'],
  f: ['Ferocious Leopard', 'Leopardo feroz'],
  g: ['Gold General', 'General de oro'],
  s: ['Silver General', 'General de plata'],
  c: ['Copper General', 'General de cobre'],
  v: ['Vertical Mover', 'Movedor vertical'],
  m: ['Side Mover', 'Movedor lateral'],
  a: ['Reverse Chariot', 'Carro inverso'],
  l: ['Lance', 'Lanza'],
  i: ['Go-Between', 'Intermediario'],
  p: ['Pawn', 'Peón'],
  '+d': ['Soaring Eagle', 'Águila voladora'],
  '+h': ['Horned Falcon', 'Halcón cornudo'],
  '+r': ['Dragon King', 'Rey dragón'],
  '+b': ['Dragon Horse', 'Caballo dragón'],
  '+o': ['Lion', 'León'],
  '+x': ['Queen', 'Rey libre'],
  '+e': ['Prince', 'Príncipe'],
  '+t': ['Flying Stag', 'Ciervo volador'],
  '+f': ['Bishop', 'Alfil'],
  '+g': ['Rook', 'Torre'],
  '+s': ['Vertical Mover', 'Movedor vertical'],
  '+c': ['Side Mover', 'Movedor lateral'],
  '+v': ['Flying Ox', 'Buey volador'],
  '+m': ['Free Boar', 'Jabalí libre'],
  '+a': ['Whale', 'Ballena'],
  '+l': ['White Horse', 'Caballo blanco'],
  '+i': ['Drunk Elephant', 'Elefante ebrio'],
  '+p': ['Gold General (tokin)', 'General de oro (tokin)'],
  "i'": ['Iron General', 'General de hierro'],
  "s'": ['Stone General', 'General de piedra'],
  "n'": ['Knight', 'Caballero'],
  "a'": ['Angry Boar', 'Jabalí enojado'],
  "c'": ['Cat Sword', 'Espada de gato'],
  "e'": ['Evil Wolf', 'Lobo malvado'],
  "v'": ['Violent Ox', 'Buey violento'],
  "f'": ['Flying Dragon', 'Dragón volador'],
};
const GOLD = NAMES.g;

/** Every piece of both games (the rules' list), named. */
export const PIECES: Record<string, PieceInfo> = Object.fromEntries(
  VARIANT_INFO.dai.codes.map((code) => {
    const [en, es] = NAMES[code] ?? GOLD;
    const { abbr, kanji, face, name } = PIECE_NAMES[code];
    return [code, { code, en, es, ja: name, kanji1: kanji, kanji2: face, western: abbr }];
  }),
);

export function pieceInfo(code: string): PieceInfo | undefined {
  return PIECES[code.toLowerCase()];
}

/** Whether a piece exists only in dai shogi ("n'", "+n'"). */
export const isDaiOnly = (code: string): boolean => code.endsWith("'");

export function isPromoted(code: string): boolean {
  return code.startsWith('+');
}

export function pieceName(code: string, lang: Lang): string {
  const p = pieceInfo(code);
  return p ? p[lang] : code;
}

/**
 * Text drawn on a tile. King: 玉 for Black, 王 for White (the traditional pair). The mnemonic set's
 * face is its marks; its text is the small Hodges letter in the middle, as the western set writes it.
 */
export function pieceLabel(code: string, set: PieceSet, color: Color = 'black'): string {
  const p = pieceInfo(code);
  if (!p) return code;
  if (set === 'mnemonic') return p.western.replace('+', '');
  if (p.code === 'k' && color === 'white' && set !== 'western') return set === 'kanji1' ? WHITE_KING.kanji : WHITE_KING.name;
  return p[set];
}

/** Relative tile size: stronger pieces are drawn slightly larger, as on a wooden set. */
export function pieceScale(code: string): number {
  const base = code.replace('+', '').toLowerCase();
  // a dai piece by its place among dai's types (chu's keep chu's sizes, in either game)
  const [order, i] = isDaiOnly(base) ? [DAI_BASE_CODES, DAI_BASE_CODES.indexOf(base)] : [BASE_CODES, BASE_CODES.indexOf(base)];
  return i < 0 ? 0.9 : 1 - (i / order.length) * 0.14;
}

export type DiagramMark = 'piece' | ReachKind;

/**
 * Movement diagram on a size×size grid centred on the piece, forward = up (row 0 = top), drawn
 * from the rules' reachOf: the squares the move generator would give it on an empty board.
 */
export function movementDiagram(code: string, size = 7): (DiagramMark | undefined)[][] {
  const grid: (DiagramMark | undefined)[][] = Array.from({ length: size }, () => Array(size).fill(undefined));
  const c = Math.floor(size / 2);
  grid[c][c] = 'piece';
  for (const { dx, dy, how } of reachOf(code.toLowerCase(), c)) grid[c + dy][c + dx] = how;
  return grid;
}
