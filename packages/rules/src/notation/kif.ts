import { ALL_CODES } from '../piece.ts';
import { CHU_GEOMETRY, type Geometry } from '../square.ts';
import type { IllegalReason, Options, Outcome } from '../types.ts';

/**
 * Chu shogi KIF as lishogi writes and reads it (its Scala exporter and the shogiops library),
 * which also reads 81Dojo's files: the vocabulary shared by `toKif` and `parseKif`.
 */

/** What a KIF header says about a game, besides its start and rules. Dates as KIF writes them. */
export interface KifHeader {
  /** 先手: 'Alice' */
  black?: string;
  /** 後手: 'Bob' */
  white?: string;
  /** 開始日時: '2024/05/01 12:34:56' (see `kifDate`) */
  start?: string;
  /** 終了日時 */
  end?: string;
  /** 棋戦: 'Casual game' */
  event?: string;
  /** 場所: 'https://chu.example/r/ABCD' */
  site?: string;
  /** 持ち時間: '60秒' */
  timeControl?: string;
  /** the result; toKif defaults it to the game's own outcome */
  outcome?: Outcome;
}

/** A game record read from KIF, every move checked by the rules. */
export interface KifGame {
  header: KifHeader;
  options: Options;
  /** start position: 'lfcsgekgscfl/… b - 1' */
  sfen: string;
  /** canonical USI of every move: ['7i7h', '7d7e', '7j7i6h'] */
  moves: string[];
}

export const KIF_ERRORS = [
  'empty',
  'bad-header',
  'bad-board',
  'unknown-piece',
  'wrong-piece',
  'wrong-side',
  'bad-move',
  'move-number',
  'lion-steps',
  'illegal-move',
] as const;
export type KifErrorCode = (typeof KIF_ERRORS)[number];

export interface KifError {
  code: KifErrorCode;
  /** 1-based line of the first problem */
  line: number;
  /** 'line 12: 7九獅子 （←7十）: no-piece' */
  message: string;
  /** the rules' reason, for 'illegal-move' */
  reason?: IllegalReason;
}

/** 'yyyy/MM/dd HH:mm:ss' in UTC, as lishogi dates its KIF headers. */
export function kifDate(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** Header keys, Japanese as KIF writes them; the second spelling is the handicap-game one. */
export const HEADER_KEYS: Record<Exclude<keyof KifHeader, 'outcome'>, readonly string[]> = {
  start: ['開始日時', '対局日'],
  end: ['終了日時'],
  event: ['棋戦'],
  site: ['場所'],
  timeControl: ['持ち時間'],
  black: ['先手', '下手'],
  white: ['後手', '上手'],
};

export const MOVES_HEADER = '手数----指手---------消費時間--';
/** Our own comment lines (KIF readers skip `#` lines): the rule options, and the exact start SFEN. */
export const RULES_COMMENT = '#rules';
export const SFEN_COMMENT = '#sfen';

/**
 * Full names in move lines; a promoted piece by what it became, as lishogi names them, save one:
 * lishogi's 金飛車 for the promoted Gold has three kanji, and shogiops reads at most two, so 飛車.
 */
export const MOVE_NAMES: Record<string, string> = {
  k: '玉将', q: '奔王', n: '獅子', d: '龍王', h: '龍馬', r: '飛車', b: '角行', o: '麒麟', x: '鳳凰',
  e: '醉象', t: '盲虎', f: '猛豹', g: '金将', s: '銀将', c: '銅将', v: '竪行', m: '横行', a: '反車',
  l: '香車', i: '仲人', p: '歩兵',
  // dai-shogi.md §1.1, §8: the seed's names; a dai piece promoted to Gold by what it became, as chu's Pawn
  "i'": '鉄将', "s'": '石将', "n'": '桂馬', "a'": '嗔猪', "c'": '猫刄', "e'": '悪狼', "v'": '猛牛', "f'": '飛龍',
  "+i'": '金将', "+s'": '金将', "+n'": '金将', "+a'": '金将', "+c'": '金将', "+e'": '金将', "+v'": '金将', "+f'": '金将',
  '+d': '飛鷲', '+h': '角鷹', '+r': '龍王', '+b': '龍馬', '+o': '獅子', '+x': '奔王', '+e': '太子',
  '+t': '飛鹿', '+f': '小角', '+g': '飛車', '+s': '竪行', '+c': '横行', '+v': '飛牛', '+m': '奔猪',
  '+a': '鯨鯢', '+l': '白駒', '+i': '醉象', '+p': '金将',
};

/** Other names met in move lines: 竜 for 龍, 王, 酔 for 醉, 師, 兵; と and 杏 for the promoted Pawn, 角行 and 金飛車 (lishogi) for the promoted Leopard and Gold. */
const MORE_MOVE_NAMES: Record<string, string[]> = {
  k: ['王将', '王'], d: ['竜王', '竜'], h: ['竜馬'], e: ['酔象'], n: ['師'], p: ['兵'],
  '+r': ['竜王', '竜'], '+b': ['竜馬'], '+i': ['酔象'], '+o': ['師'], '+p': ['と金', 'と', '杏'], '+f': ['角行'], '+g': ['金飛車'],
};

/**
 * The board diagram's names: one kanji, `v` before White's, and `成` before a promoted piece that
 * shares its kanji with an unpromoted one (`成獅` = promoted Kirin; the promoted Pawn is `成歩`).
 */
export const BOARD_NAMES: Record<string, string> = {
  k: '玉', q: '奔', n: '獅', d: '龍', h: '馬', r: '飛', b: '角', o: '麒', x: '鳳', e: '象', t: '虎',
  f: '豹', g: '金', s: '銀', c: '銅', v: '竪', m: '横', a: '反', l: '香', i: '仲', p: '歩',
  '+d': '鷲', '+h': '鷹', '+r': '成龍', '+b': '成馬', '+o': '成獅', '+x': '成奔', '+e': '太', '+t': '鹿',
  '+f': '成角', '+g': '成飛', '+s': '成竪', '+c': '成横', '+v': '牛', '+m': '猪', '+a': '鯨', '+l': '駒',
  '+i': '成象', '+p': '成歩',
  "i'": '鉄', "s'": '石', "n'": '桂', "a'": '嗔', "c'": '猫', "e'": '狼', "v'": '猛', "f'": '飛龍',
  "+i'": '成鉄', "+s'": '成石', "+n'": '成桂', "+a'": '成嗔', "+c'": '成猫', "+e'": '成狼', "+v'": '成猛', "+f'": '成飛龍',
};

/** Reading a diagram: the board names plus the other spellings in use (王, 竜, 杏, と, 成竜, 成兵, 酔, 師). */
export const BOARD_CODES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(BOARD_NAMES).map(([code, name]) => [name, code])),
  王: 'k', 竜: 'd', 酔: 'e', 師: 'n', 兵: 'p', 杏: '+p', と: '+p', 成竜: '+r', 成兵: '+p', 成師: '+o',
};

/** Reading a move line: every name → the SFEN codes it may stand for (the origin square decides). */
export const MOVE_CODES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  const add = (name: string, code: string) => {
    const codes = map.get(name) ?? [];
    if (!codes.includes(code)) codes.push(code);
    map.set(name, codes);
  };
  for (const code of ALL_CODES) {
    const board = BOARD_NAMES[code];
    add(MOVE_NAMES[code], code);
    add(board, code);
    // 龍 alone may be a Dragon King or a promoted Rook, but 歩 is never the promoted Pawn
    if (board.startsWith('成') && code !== '+p' && !code.endsWith("'")) add(board.slice(1), code);
    for (const name of MORE_MOVE_NAMES[code] ?? []) add(name, code);
  }
  return map;
})();

const RANK_KANJI = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五'];

/** Rank 1..15 in kanji: '一' … '十五'. */
export const kanjiNumber = (n: number): string => RANK_KANJI[n - 1];
export const parseKanjiNumber = (text: string): number => RANK_KANJI.indexOf(text) + 1;

/** `7八`, `12十二`, dai's `15十五`: ASCII file (lishogi's writer and shogiops' reader break on a full-width １０), kanji rank. */
export const kifSquare = (sq: number, g: Geometry = CHU_GEOMETRY): string => `${g.fileOf(sq)}${RANK_KANJI[g.rowOf(sq)]}`;

/** How KIF ends a game: the word on the line after the last move, by outcome reason (none for rule-decided ends). */
export const TERMINATIONS: Partial<Record<Outcome['reason'], string>> = {
  resign: '投了',
  timeout: '切れ負け',
  abort: '中断',
  agreement: '持将棋',
  'no-legal-move': '詰み',
};
/** Every termination word KIF readers know; the ones we can't map to an outcome are read and ignored. */
export const TERMINATION_WORDS = ['中断', '投了', '持将棋', '千日手', '詰み', '切れ負け', '反則勝ち', '反則負け', '入玉勝ち', '不戦勝', '不戦敗', 'Time-up'];
