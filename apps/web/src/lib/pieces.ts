// Piece vocabulary for display: names, kanji, abbreviations, movement diagrams.
// RULES.md §1 is authoritative; Spanish names follow the seeds (000, 002).
export type Dir = 'f' | 'b' | 'l' | 'r' | 'fl' | 'fr' | 'bl' | 'br';
export const DIRS: readonly Dir[] = ['f', 'b', 'l', 'r', 'fl', 'fr', 'bl', 'br'];
const ORTH: Dir[] = ['f', 'b', 'l', 'r'];
const DIAG: Dir[] = ['fl', 'fr', 'bl', 'br'];

export type Lang = 'en' | 'es' | 'ja';
export type PieceSet = 'kanji1' | 'kanji2' | 'western';

export interface Movement {
  steps?: Dir[]; // one square
  ranges?: Dir[]; // any distance over empty squares
  jumps?: Dir[]; // leap to the second square
  lion?: 'all' | Dir[]; // lion power: everywhere (Lion) or along these lines (Falcon, Eagle)
}

export interface PieceInfo {
  code: string; // SFEN code, '+' prefix when promoted: 'n', '+d'
  en: string;
  es: string;
  ja: string; // full Japanese name
  kanji1: string; // one-character abbreviation
  kanji2: string; // two-character name as written on the piece
  western: string; // Hodges / TSA abbreviation
  promotesTo?: string; // code of the promoted face
  moves: Movement;
}

const P = (
  code: string,
  en: string,
  es: string,
  kanji2: string,
  kanji1: string,
  western: string,
  moves: Movement,
  promotesTo?: string,
): PieceInfo => ({ code, en, es, ja: kanji2, kanji1, kanji2, western, moves, promotesTo });

const KING: Movement = { steps: [...ORTH, ...DIAG] };
const QUEEN: Movement = { ranges: [...ORTH, ...DIAG] };
const LION: Movement = { lion: 'all' };
const DRAGON_KING: Movement = { ranges: ORTH, steps: DIAG };
const DRAGON_HORSE: Movement = { ranges: DIAG, steps: ORTH };
const ROOK: Movement = { ranges: ORTH };
const BISHOP: Movement = { ranges: DIAG };
const ELEPHANT: Movement = { steps: ['f', 'l', 'r', ...DIAG] };
const GOLD: Movement = { steps: ['f', 'b', 'l', 'r', 'fl', 'fr'] };
const VERTICAL: Movement = { ranges: ['f', 'b'], steps: ['l', 'r'] };
const SIDE: Movement = { ranges: ['l', 'r'], steps: ['f', 'b'] };

export const PIECES: Record<string, PieceInfo> = Object.fromEntries(
  [
    P('k', 'King', 'Rey', '玉将', '玉', 'K', KING),
    P('q', 'Queen', 'Rey libre', '奔王', '奔', 'FK', QUEEN),
    P('n', 'Lion', 'León', '獅子', '獅', 'Ln', LION),
    P('d', 'Dragon King', 'Rey dragón', '龍王', '龍', 'DK', DRAGON_KING, '+d'),
    P('h', 'Dragon Horse', 'Caballo dragón', '龍馬', '馬', 'DH', DRAGON_HORSE, '+h'),
    P('r', 'Rook', 'Torre', '飛車', '飛', 'R', ROOK, '+r'),
    P('b', 'Bishop', 'Alfil', '角行', '角', 'B', BISHOP, '+b'),
    P('o', 'Kirin', 'Kirin', '麒麟', '麒', 'Ky', { steps: DIAG, jumps: ORTH }, '+o'),
    P('x', 'Phoenix', 'Fénix', '鳳凰', '鳳', 'Ph', { steps: ORTH, jumps: DIAG }, '+x'),
    P('e', 'Drunk Elephant', 'Elefante ebrio', '酔象', '象', 'DE', ELEPHANT, '+e'),
    P('t', 'Blind Tiger', 'Tigre ciego', '盲虎', '虎', 'BT', { steps: ['b', 'l', 'r', ...DIAG] }, '+t'),
    P('f', 'Ferocious Leopard', 'Leopardo feroz', '猛豹', '豹', 'FL', { steps: ['f', 'b', ...DIAG] }, '+f'),
    P('g', 'Gold General', 'General de oro', '金将', '金', 'G', GOLD, '+g'),
    P('s', 'Silver General', 'General de plata', '銀将', '銀', 'S', { steps: ['f', ...DIAG] }, '+s'),
    P('c', 'Copper General', 'General de cobre', '銅将', '銅', 'C', { steps: ['f', 'b', 'fl', 'fr'] }, '+c'),
    P('v', 'Vertical Mover', 'Movedor vertical', '竪行', '竪', 'VM', VERTICAL, '+v'),
    P('m', 'Side Mover', 'Movedor lateral', '横行', '横', 'SM', SIDE, '+m'),
    P('a', 'Reverse Chariot', 'Carro inverso', '反車', '反', 'RC', { ranges: ['f', 'b'] }, '+a'),
    P('l', 'Lance', 'Lanza', '香車', '香', 'L', { ranges: ['f'] }, '+l'),
    P('i', 'Go-Between', 'Intermediario', '仲人', '仲', 'GB', { steps: ['f', 'b'] }, '+i'),
    P('p', 'Pawn', 'Peón', '歩兵', '歩', 'P', { steps: ['f'] }, '+p'),
    // promoted faces (written in red)
    P('+d', 'Soaring Eagle', 'Águila voladora', '飛鷲', '鷲', 'SE', { ranges: [...ORTH, 'bl', 'br'], lion: ['fl', 'fr'] }),
    P('+h', 'Horned Falcon', 'Halcón cornudo', '角鷹', '鷹', 'HF', { ranges: [...DIAG, 'b', 'l', 'r'], lion: ['f'] }),
    P('+r', 'Dragon King', 'Rey dragón', '龍王', '龍', 'DK', DRAGON_KING),
    P('+b', 'Dragon Horse', 'Caballo dragón', '龍馬', '馬', 'DH', DRAGON_HORSE),
    P('+o', 'Lion', 'León', '獅子', '獅', 'Ln', LION),
    P('+x', 'Queen', 'Rey libre', '奔王', '奔', 'FK', QUEEN),
    P('+e', 'Prince', 'Príncipe', '太子', '太', 'CP', KING),
    P('+t', 'Flying Stag', 'Ciervo volador', '飛鹿', '鹿', 'FS', { steps: ['l', 'r', ...DIAG], ranges: ['f', 'b'] }),
    P('+f', 'Bishop', 'Alfil', '角行', '角', 'B', BISHOP),
    P('+g', 'Rook', 'Torre', '飛車', '飛', 'R', ROOK),
    P('+s', 'Vertical Mover', 'Movedor vertical', '竪行', '竪', 'VM', VERTICAL),
    P('+c', 'Side Mover', 'Movedor lateral', '横行', '横', 'SM', SIDE),
    P('+v', 'Flying Ox', 'Buey volador', '飛牛', '牛', 'FO', { ranges: [...DIAG, 'f', 'b'] }),
    P('+m', 'Free Boar', 'Jabalí libre', '奔猪', '猪', 'FB', { ranges: [...DIAG, 'l', 'r'] }),
    P('+a', 'Whale', 'Ballena', '鯨鯢', '鯨', 'W', { ranges: ['f', 'b', 'bl', 'br'] }),
    P('+l', 'White Horse', 'Caballo blanco', '白駒', '駒', 'WH', { ranges: ['f', 'fl', 'fr', 'b'] }),
    P('+i', 'Drunk Elephant', 'Elefante ebrio', '酔象', '象', 'DE', ELEPHANT),
    P('+p', 'Gold General (tokin)', 'General de oro (tokin)', 'と金', 'と', 'G', GOLD),
  ].map((p) => [p.code, p]),
);

/** The 21 piece types of the starting set, strongest first. */
export const BASE_CODES = ['k', 'q', 'n', 'd', 'h', 'r', 'b', 'o', 'x', 'e', 't', 'f', 'g', 's', 'c', 'v', 'm', 'a', 'l', 'i', 'p'];

export function pieceInfo(code: string): PieceInfo | undefined {
  return PIECES[code.toLowerCase()];
}

export function isPromoted(code: string): boolean {
  return code.startsWith('+');
}

export function promotedCode(code: string): string | undefined {
  return pieceInfo(code)?.promotesTo;
}

export function pieceName(code: string, lang: Lang): string {
  const p = pieceInfo(code);
  return p ? p[lang] : code;
}

/** Text drawn on a tile. King: 玉 for Black, 王 for White (the traditional pair). */
export function pieceLabel(code: string, set: PieceSet, color: 'black' | 'white' = 'black'): string {
  const p = pieceInfo(code);
  if (!p) return code;
  if (p.code === 'k' && set !== 'western') return set === 'kanji1' ? (color === 'black' ? '玉' : '王') : color === 'black' ? '玉将' : '王将';
  return p[set];
}

/** Relative tile size: stronger pieces are drawn slightly larger, as on a wooden set. */
export function pieceScale(code: string): number {
  const base = code.replace('+', '');
  const i = BASE_CODES.indexOf(base);
  return i < 0 ? 0.9 : 1 - (i / BASE_CODES.length) * 0.14;
}

export type DiagramMark = 'piece' | 'step' | 'range' | 'jump' | 'lion' | 'lion2';

/**
 * Movement diagram on a 7×7 grid centred on the piece, forward = up.
 * Returns a grid of marks (row 0 = top).
 */
export function movementDiagram(code: string, size = 7): (DiagramMark | undefined)[][] {
  const grid: (DiagramMark | undefined)[][] = Array.from({ length: size }, () => Array(size).fill(undefined));
  const c = Math.floor(size / 2);
  grid[c][c] = 'piece';
  const m = pieceInfo(code)?.moves;
  if (!m) return grid;
  const vec: Record<Dir, [number, number]> = {
    f: [-1, 0], b: [1, 0], l: [0, -1], r: [0, 1], fl: [-1, -1], fr: [-1, 1], bl: [1, -1], br: [1, 1],
  };
  const put = (dr: number, dc: number, mark: DiagramMark) => {
    const r = c + dr, col = c + dc;
    if (r < 0 || r >= size || col < 0 || col >= size) return;
    const cur = grid[r][col];
    const rank: DiagramMark[] = ['step', 'range', 'jump', 'lion2', 'lion'];
    if (!cur || rank.indexOf(mark) > rank.indexOf(cur)) grid[r][col] = mark;
  };
  for (const d of m.ranges ?? []) for (let k = 1; k <= c; k++) put(vec[d][0] * k, vec[d][1] * k, 'range');
  for (const d of m.steps ?? []) put(vec[d][0], vec[d][1], 'step');
  for (const d of m.jumps ?? []) put(vec[d][0] * 2, vec[d][1] * 2, 'jump');
  if (m.lion === 'all') {
    for (let dr = -2; dr <= 2; dr++)
      for (let dc = -2; dc <= 2; dc++) if (dr || dc) put(dr, dc, Math.max(Math.abs(dr), Math.abs(dc)) === 1 ? 'lion' : 'lion2');
  } else if (m.lion) {
    for (const d of m.lion) {
      put(vec[d][0], vec[d][1], 'lion');
      put(vec[d][0] * 2, vec[d][1] * 2, 'lion2');
    }
  }
  return grid;
}
