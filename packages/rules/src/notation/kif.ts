import { ALL_CODES } from '../piece.ts';
import { CHU_GEOMETRY, type Geometry } from '../square.ts';
import type { Color, IllegalReason, Options, Outcome, Square, Variant } from '../types.ts';
import { PIECE_NAMES, WHITE_KING } from './names.ts';

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

/**
 * Why a KIF can't be read: a code and what a message needs to say it, never words (the CLI says them
 * in English, the web client in the reader's language). `text` is the line as read.
 */
export type KifProblem =
  | { code: 'empty' }
  /** a `#rules` option we don't know: 'promotion=fast' */
  | { code: 'unknown-rule'; token: string }
  | {
      code:
        | 'not-a-header' // a line before the moves that is no `key：value`
        | 'pieces-in-hand' // chu and dai have no drops; Heisei's 持駒 need a diagram and name set-aside pieces
        | 'rank-frame' // a diagram rank not framed by two |
        | 'first-step-alone' // 一歩目 without its 二歩目
        | 'second-step-alone' // 二歩目 without an 一歩目 before it
        | 'first-step-mark' // 成, 居食い or じっと on an 一歩目
        | 'same-square-first' // 仝 with no move before it
        | 'lion-one-line' // 居食い or じっと on one line, not as two steps
        | 'bad-igui' // 居食い not eating an enemy on the first square, or not returning
        | 'bad-pass'; // じっと not stepping to an empty square and back
      text: string;
    }
  /** the record's game is not the one asked for */
  | { code: 'other-variant'; said: Variant; asked: Variant }
  /** a 手合割 of another game: '香落ち' */
  | { code: 'foreign-handicap'; handicap: string; variant: Variant }
  | { code: 'bad-sfen'; sfen: string }
  /** `#sfen` and the diagram disagree: board and turn of each */
  | { code: 'sfen-disagrees'; sfen: string; diagram: string }
  | { code: 'diagram-ranks'; ranks: number; variant: Variant }
  /** the rank written at a diagram row's end: '四' where '三' belongs */
  | { code: 'rank-number'; rank: string; expected: string }
  | { code: 'rank-too-long' | 'not-a-move' | 'drop'; variant: Variant; text: string }
  | { code: 'rank-length'; squares: number; variant: Variant; text: string }
  /** a name no piece of the game has: in the diagram ('桂'), or in a move ('桂馬') */
  | { code: 'unknown-diagram-piece' | 'unknown-piece'; name: string; variant: Variant; text: string }
  /** a `v` (White's) or `成` (promoted) with no piece after it */
  | { code: 'dangling-mark'; mark: 'v' | '成'; text: string }
  /** a move after the termination word: '投了' */
  | { code: 'after-end'; end: string; text: string }
  | { code: 'move-number'; number: number; expected: number; text: string }
  /** the move's ▲/△ names `side`, the other side is to move */
  | { code: 'wrong-side'; side: Color; text: string }
  /** the rules refuse the move: 'unreachable' */
  | { code: 'illegal-move'; reason: IllegalReason; text: string }
  /** `square` holds the piece `holds` (SFEN code), not the one the line names */
  | { code: 'wrong-piece'; square: Square; holds: string; name: string; text: string }
  /** 二歩目 starts from `mid`, 一歩目 went to `first` */
  | { code: 'steps-apart'; mid: Square; first: Square; text: string };

/** A problem and the 1-based line it is on: { code: 'not-a-move', line: 5, variant: 'chu', text: '2 ほげ' }. */
export type KifError = KifProblem & { line: number };
export type KifErrorCode = KifProblem['code'];

const CODES: Record<KifErrorCode, null> = {
  empty: null, 'unknown-rule': null, 'not-a-header': null, 'pieces-in-hand': null, 'rank-frame': null,
  'first-step-alone': null, 'second-step-alone': null, 'first-step-mark': null, 'same-square-first': null,
  'lion-one-line': null, 'bad-igui': null, 'bad-pass': null, 'other-variant': null, 'foreign-handicap': null,
  'bad-sfen': null, 'sfen-disagrees': null, 'diagram-ranks': null, 'rank-number': null, 'rank-too-long': null,
  'not-a-move': null, drop: null, 'rank-length': null, 'unknown-diagram-piece': null, 'unknown-piece': null,
  'dangling-mark': null, 'after-end': null, 'move-number': null, 'wrong-side': null, 'illegal-move': null,
  'wrong-piece': null, 'steps-apart': null,
};
/** Every code a KIF import may fail with, for the clients that word them. */
export const KIF_ERRORS = Object.keys(CODES) as readonly KifErrorCode[];

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

/** Reading a diagram: the diagram names plus the other spellings in use (王, 竜, 杏, と, 成竜, 成兵, 酔, 師). */
export const BOARD_CODES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PIECE_NAMES).map(([code, { diagram }]) => [diagram, code])),
  [WHITE_KING.kanji]: 'k', 竜: 'd', 酔: 'e', 師: 'n', 兵: 'p', 杏: '+p', と: '+p', 成竜: '+r', 成兵: '+p', 成師: '+o',
};

/** Other names met in move lines: 竜 for 龍, 王, 師, 兵, 杏 for the promoted Pawn, lishogi's 金飛車 for the promoted Gold. */
const MORE_MOVE_NAMES: Record<string, string[]> = {
  k: [WHITE_KING.name, WHITE_KING.kanji], d: ['竜王', '竜'], h: ['竜馬'], n: ['師'], p: ['兵'],
  '+r': ['竜王', '竜'], '+b': ['竜馬'], '+o': ['師'], '+p': ['杏'], '+g': ['金飛車'],
};

/**
 * Reading a move line: every name → the SFEN codes it may stand for (the origin square decides):
 * the KIF name, the piece's name, its diagram name and its one kanji (龍 alone may be a Dragon King or
 * a promoted Rook; 歩 is never the promoted Pawn, whose kanji is と).
 */
export const MOVE_CODES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  const add = (name: string, code: string) => {
    const codes = map.get(name) ?? [];
    if (!codes.includes(code)) codes.push(code);
    map.set(name, codes);
  };
  for (const code of ALL_CODES) {
    const { kif, name, diagram, kanji } = PIECE_NAMES[code];
    for (const spelling of [kif, name, diagram, kanji, ...(MORE_MOVE_NAMES[code] ?? [])]) add(spelling, code);
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
