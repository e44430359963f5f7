// Piece vocabulary for display: names (en/es/ja), labels, and the drawing of a movement diagram.
// How a piece moves, what it promotes to and its one-kanji name are the rules' (@chu/rules);
// Spanish names follow the seeds (000, 002; dai's pieces 001).
import { BASE_CODES, VARIANT_INFO, kanjiPiece, promotedCode, reachOf, type Color, type ReachKind } from '@chu/rules';

export { BASE_CODES, promotedCode };

/** Dai's 29 starting types, strongest first (the rules' order); its eight new ones are DAI_CODES. */
export const DAI_BASE_CODES: readonly string[] = VARIANT_INFO.dai.baseCodes;
/** The pieces dai shogi adds to chu's (dai-shogi.md §1.1), in the order the Piezas page shows them. */
export const DAI_CODES: readonly string[] = ["i'", "s'", "n'", "a'", "c'", "e'", "v'", "f'"];

export type Lang = 'en' | 'es' | 'ja';
export type PieceSet = 'kanji1' | 'kanji2' | 'western';

export interface PieceInfo {
  code: string; // SFEN code, '+' prefix when promoted: 'n', '+d'
  en: string;
  es: string;
  ja: string; // full Japanese name
  kanji1: string; // one character, as the rules' Japanese notation writes it: '獅'
  kanji2: string; // two-character name as written on the piece
  western: string; // Hodges / TSA abbreviation
}

const P = (code: string, en: string, es: string, kanji2: string, western: string): PieceInfo => ({
  code, en, es, ja: kanji2, kanji1: kanjiPiece(code, false), kanji2, western,
});

export const PIECES: Record<string, PieceInfo> = Object.fromEntries(
  [
    P('k', 'King', 'Rey', '玉将', 'K'),
    P('q', 'Queen', 'Rey libre', '奔王', 'FK'),
    P('n', 'Lion', 'León', '獅子', 'Ln'),
    P('d', 'Dragon King', 'Rey dragón', '龍王', 'DK'),
    P('h', 'Dragon Horse', 'Caballo dragón', '龍馬', 'DH'),
    P('r', 'Rook', 'Torre', '飛車', 'R'),
    P('b', 'Bishop', 'Alfil', '角行', 'B'),
    P('o', 'Kirin', 'Kirin', '麒麟', 'Ky'),
    P('x', 'Phoenix', 'Fénix', '鳳凰', 'Ph'),
    P('e', 'Drunk Elephant', 'Elefante ebrio', '酔象', 'DE'),
    P('t', 'Blind Tiger', 'Tigre ciego', '盲虎', 'BT'),
    P('f', 'Ferocious Leopard', 'Leopardo feroz', '猛豹', 'FL'),
    P('g', 'Gold General', 'General de oro', '金将', 'G'),
    P('s', 'Silver General', 'General de plata', '銀将', 'S'),
    P('c', 'Copper General', 'General de cobre', '銅将', 'C'),
    P('v', 'Vertical Mover', 'Movedor vertical', '竪行', 'VM'),
    P('m', 'Side Mover', 'Movedor lateral', '横行', 'SM'),
    P('a', 'Reverse Chariot', 'Carro inverso', '反車', 'RC'),
    P('l', 'Lance', 'Lanza', '香車', 'L'),
    P('i', 'Go-Between', 'Intermediario', '仲人', 'GB'),
    P('p', 'Pawn', 'Peón', '歩兵', 'P'),
    // promoted faces (written in red)
    P('+d', 'Soaring Eagle', 'Águila voladora', '飛鷲', 'SE'),
    P('+h', 'Horned Falcon', 'Halcón cornudo', '角鷹', 'HF'),
    P('+r', 'Dragon King', 'Rey dragón', '龍王', 'DK'),
    P('+b', 'Dragon Horse', 'Caballo dragón', '龍馬', 'DH'),
    P('+o', 'Lion', 'León', '獅子', 'Ln'),
    P('+x', 'Queen', 'Rey libre', '奔王', 'FK'),
    P('+e', 'Prince', 'Príncipe', '太子', 'CP'),
    P('+t', 'Flying Stag', 'Ciervo volador', '飛鹿', 'FS'),
    P('+f', 'Bishop', 'Alfil', '角行', 'B'),
    P('+g', 'Rook', 'Torre', '飛車', 'R'),
    P('+s', 'Vertical Mover', 'Movedor vertical', '竪行', 'VM'),
    P('+c', 'Side Mover', 'Movedor lateral', '横行', 'SM'),
    P('+v', 'Flying Ox', 'Buey volador', '飛牛', 'FO'),
    P('+m', 'Free Boar', 'Jabalí libre', '奔猪', 'FB'),
    P('+a', 'Whale', 'Ballena', '鯨鯢', 'W'),
    P('+l', 'White Horse', 'Caballo blanco', '白駒', 'WH'),
    P('+i', 'Drunk Elephant', 'Elefante ebrio', '酔象', 'DE'),
    P('+p', 'Gold General (tokin)', 'General de oro (tokin)', 'と金', 'G'),
    // dai's new pieces (seed 001's names), each promoting to a Gold General
    P("i'", 'Iron General', 'General de hierro', '鉄将', 'I'),
    P("s'", 'Stone General', 'General de piedra', '石将', 'St'),
    P("n'", 'Knight', 'Caballero', '桂馬', 'N'),
    P("a'", 'Angry Boar', 'Jabalí enojado', '嗔猪', 'AB'),
    P("c'", 'Cat Sword', 'Espada de gato', '猫刄', 'CS'),
    P("e'", 'Evil Wolf', 'Lobo malvado', '悪狼', 'EW'),
    P("v'", 'Violent Ox', 'Buey violento', '猛牛', 'VO'),
    P("f'", 'Flying Dragon', 'Dragón volador', '飛龍', 'FD'),
    // promoted: a Gold General, written as shogi writes its promoted Knight (成桂): 成 and the piece it was
    ...DAI_CODES.map((c) => ({ ...P(`+${c}`, 'Gold General', 'General de oro', kanjiPiece(`+${c}`, false), '+'), ja: '金将' })),
  ].map((p) => [p.code, p]),
);

// a promoted dai piece's western label is its own with a '+': '+N'
for (const c of DAI_CODES) PIECES[`+${c}`].western = `+${PIECES[c].western}`;

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

/** Text drawn on a tile. King: 玉 for Black, 王 for White (the traditional pair). */
export function pieceLabel(code: string, set: PieceSet, color: Color = 'black'): string {
  const p = pieceInfo(code);
  if (!p) return code;
  if (p.code === 'k' && set === 'kanji1') return kanjiPiece('k', color === 'white');
  if (p.code === 'k' && set === 'kanji2') return color === 'black' ? '玉将' : '王将';
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
