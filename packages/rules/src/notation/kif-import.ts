import { Game } from '../game.ts';
import { ALL_CODES, EMPTY, WHITE_BIT, pieceOf, typeOf, typeOfCode } from '../piece.ts';
import { Position } from '../position.ts';
import { makeSfen, parseSfen } from '../sfen.ts';
import {
  ALL_VARIANTS, err, ok, opposite, unwrap, variantOf, withDefaults, type Color, type Options, type Outcome, type Result, type Square,
  type Variant,
} from '../types.ts';
import { TABLES, type VariantTables } from '../variant.ts';
import {
  BOARD_CODES, HEADER_KEYS, MOVE_CODES, RULES_COMMENT, SFEN_COMMENT, TERMINATION_WORDS, kanjiNumber, parseKanjiNumber,
  type KifError, type KifGame, type KifHeader, type KifProblem,
} from './kif.ts';

/** A KIF square of the variant's board: chu `12十二`, dai `15十五`. */
const kifSquarePattern = (size: number) => `(?:1[0-${size - 10}]|[1-9])(?:十[${'一二三四五'.slice(0, size - 10)}]?|[一二三四五六七八九])`;
// a move number ends in 手目, a space or a dot: `11五` is a square, not move 1
const NUMBER = '(?:(\\d+)(?:\\s*手目\\s*|\\s+|\\.\\s*))?';
const CLOCK = '(?:[（(][\\d:/\\s]*[）)]\\+?)?';
const TRAILER = `\\s*${CLOCK}\\s*(?:[*＊].*)?$`;
/** `  57手目一歩目 ▲6六獅子 （←7七）   (00:05/00:01:00)`: every part but destination, name and origin is optional. */
const MOVE_LINE = Object.fromEntries(
  ALL_VARIANTS.map((v) => {
    const sq = kifSquarePattern(TABLES[v].size);
    return [
      v,
      new RegExp(
        `^${NUMBER}(一歩目|二歩目)?\\s*([▲△☗☖])?\\s*(${sq}|仝|同)\\s*([^\\s（()）←]+?)(不成|成|[（(](?:居食い|じっと)[）)])?\\s*[（(]?\\s*←?\\s*(${sq})\\s*[）)]?${TRAILER}`,
      ),
    ];
  }),
) as Record<Variant, RegExp>;
/** `  12手目 ▲5五麒麟打成`: a drop (heisei-chu.md §1), square, name, 打, 成 or 不成, no origin. */
const DROP_LINE = new RegExp(
  `^${NUMBER}\\s*([▲△☗☖])?\\s*(${kifSquarePattern(TABLES.heisei.size)})\\s*([^\\s（()）←打]+?)打(不成|成)?${TRAILER}`,
);
const TERMINATION_LINE = new RegExp(`^${NUMBER}(${TERMINATION_WORDS.join('|')})${TRAILER}`);
/** 手合割 values of a game from the standard setup or a diagram, per variant (dai-shogi.md §8 for dai's). */
const HANDICAPS: Record<Variant, readonly string[]> = {
  chu: ['', '平手', '中将棋', 'chushogi', 'chuushogi', 'その他'],
  dai: ['大将棋', 'daishogi'],
  heisei: ['平成中将棋'],
};

const fail = (line: number, problem: KifProblem) => err<KifError>({ ...problem, line });

/** KIF rank and file numbers as ASCII: `７八` → `7八`, and full-width spaces as spaces. */
const normalize = (line: string): string =>
  line.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ').trim();

/** `12十一` → '12k' (the text matched the variant's square pattern). */
const toSquare = (text: string, t: VariantTables): Square => {
  const m = /^(1[0-5]|[1-9])(.+)$/.exec(text)!;
  return `${m[1]}${t.ranks[parseKanjiNumber(m[2]) - 1]}`;
};

/**
 * Reads a chu shogi KIF (lishogi's, 81Dojo's, ours) and checks every move with the rules. The rule
 * options come from our `#rules` line when there is one, overridden by `options`.
 */
export function parseKif(text: string, options?: Partial<Options>): Result<KifGame, KifError> {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/).map(normalize);
  if (lines.every((l) => l === '')) return fail(1, { code: 'empty' });
  const head = readHeader(lines);
  if (!head.ok) return head;
  const variant = variantOfKif(head.value, options);
  if (!variant.ok) return variant;
  const declared = { ...head.value.rules, ...options };
  const all = withDefaults(variant.value === variantOf(declared) ? declared : { ...declared, variant: variant.value });
  const start = startOf(head.value, all);
  if (!start.ok) return start;
  // startOf hands over only SFENs that parse
  const game = unwrap(Game.fromSfen(start.value, all));
  const end = readMoves(lines, head.value.next, game, MOVE_LINE[game.variant]);
  if (!end.ok) return end;
  const header = { ...head.value.header };
  const outcome = game.outcome() ?? end.value;
  if (outcome) header.outcome = outcome;
  return ok({ header, options: all, sfen: game.startSfen, moves: [...game.moves] });
}

interface Head {
  header: KifHeader;
  rules: Partial<Options>;
  board: { line: number; text: string }[];
  turn: Color;
  handicap?: { line: number; value: string };
  exact?: { line: number; sfen: string };
  /** the 持駒 lines that name pieces (heisei-chu.md §1: a Heisei diagram's reserves) */
  reserves: { line: number; text: string; color: Color; value: string }[];
  /** index of the first line after the header */
  next: number;
}

/** Everything before the first move: tags, our `#` lines, the diagram and whose move it is. */
function readHeader(lines: string[]): Result<Head, KifError> {
  const head: Head = { header: {}, rules: {}, board: [], turn: 'black', reserves: [], next: lines.length };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const line = i + 1;
    const ours = /^#\s*([\w-]+)\s*[:：]\s*(.*)$/.exec(l);
    if (ours && `#${ours[1]}` === RULES_COMMENT) {
      const r = parseRules(ours[2]);
      if (!r.ok) return fail(line, { code: 'unknown-rule', token: r.error });
      head.rules = r.value;
    } else if (ours && `#${ours[1]}` === SFEN_COMMENT) {
      head.exact = { line, sfen: ours[2] };
    } else if (l === '' || /^[#*＊&]/.test(l)) continue;
    else if (l.startsWith('|')) head.board.push({ line, text: l });
    else if (/^(後手|上手)番$/.test(l)) head.turn = 'white';
    else if (/^(先手|下手)番$/.test(l)) head.turn = 'black';
    else if (/^[\d\s]+$/.test(l) || /^\+-+\+$/.test(l)) continue; // the diagram's file numbers and frame
    else if (/^手数-+/.test(l)) return ok({ ...head, next: i + 1 });
    else if (/^(\d|一歩目|二歩目|[▲△☗☖]|まで)/.test(l)) return ok({ ...head, next: i });
    else {
      const tag = /^([^:：]+)[:：](.*)$/.exec(l);
      if (!tag) return fail(line, { code: 'not-a-header', text: l });
      const [key, value] = [tag[1].trim(), tag[2].trim()];
      if (key === '手合割') head.handicap = { line, value };
      if (key.endsWith('の持駒') && value !== '' && value !== 'なし')
        head.reserves.push({ line, text: l, color: /^(後手|上手)/.test(key) ? 'white' : 'black', value });
      for (const [field, keys] of Object.entries(HEADER_KEYS)) if (value && keys.includes(key)) head.header[field as keyof typeof HEADER_KEYS] = value;
    }
  }
  return ok(head);
}

/**
 * The game a KIF records: what its `#rules` line or its 手合割 (大将棋) says, else chu; the caller's
 * `variant`, when it gives one, must agree.
 */
function variantOfKif(head: Head, options?: Partial<Options>): Result<Variant, KifError> {
  const byHandicap = head.handicap && ALL_VARIANTS.find((v) => v !== 'chu' && HANDICAPS[v].includes(head.handicap!.value));
  const said = head.rules.variant ?? byHandicap;
  if (said && options?.variant && said !== options.variant)
    return fail(head.handicap?.line ?? 1, { code: 'other-variant', said, asked: options.variant });
  return ok(said ?? variantOf(options));
}

/** The start SFEN: the diagram (or the standard setup), made exact by our `#sfen` line. */
function startOf(head: Head, options: Options): Result<string, KifError> {
  const t = TABLES[variantOf(options)];
  let sfen = t.startSfen;
  // chu and dai have no drops: pieces in hand are an error; Heisei's reserves come with its diagram
  const hand = head.reserves[0];
  if (hand && (!t.drops || !head.board.length)) return fail(hand.line, { code: 'pieces-in-hand', text: hand.text });
  if (head.board.length) {
    const pos = readDiagram(head.board, head.turn, options);
    if (!pos.ok) return pos;
    for (const r of head.reserves) {
      const read = readReserve(pos.value, r);
      if (!read.ok) return read;
    }
    sfen = makeSfen(pos.value);
  } else if (head.handicap && !HANDICAPS[t.variant].includes(head.handicap.value))
    return fail(head.handicap.line, { code: 'foreign-handicap', handicap: head.handicap.value, variant: t.variant });
  if (!head.exact) return ok(sfen);
  if (!parseSfen(head.exact.sfen, options).ok) return fail(head.exact.line, { code: 'bad-sfen', sfen: head.exact.sfen });
  // the diagram can't hold the counter-strike square and the move number: the rest (reserves too) must agree
  const boardAndTurn = (s: string) => {
    const [board, turn, third] = s.trim().split(/\s+/);
    return `${board} ${turn}${t.drops ? ` ${third ?? '-'}` : ''}`;
  };
  if (boardAndTurn(head.exact.sfen) !== boardAndTurn(sfen))
    return fail(head.exact.line, { code: 'sfen-disagrees', sfen: boardAndTurn(head.exact.sfen), diagram: boardAndTurn(sfen) });
  return ok(head.exact.sfen);
}

/** A 持駒 line's pieces into the diagram's position: `香車二　銅将二　麒麟`. */
function readReserve(pos: Position, r: Head['reserves'][number]): Result<void, KifError> {
  const bit = r.color === 'white' ? WHITE_BIT : 0;
  for (const part of r.value.split(/[\s、,]+/).filter(Boolean)) {
    const m = /^(.+?)([一二三四五六七八九十]*)$/.exec(part)!;
    const code = MOVE_CODES.get(m[1])?.find((c) => pos.tables.reserveMax[typeOfCode(c)]);
    const count = m[2] ? parseKanjiNumber(m[2]) : 1;
    if (!code || count < 1) return fail(r.line, { code: 'pieces-in-hand', text: r.text });
    const piece = typeOfCode(code) + 1 + bit;
    if (pos.reserve[piece] + count > pos.tables.reserveMax[typeOfCode(code)]) return fail(r.line, { code: 'pieces-in-hand', text: r.text });
    pos.setReserve(piece, pos.reserve[piece] + count);
  }
  return ok(undefined);
}

/** `promotion=association lion-trading=protected bare-king=on move-limit=none` (any subset), dai's `variant=dai` and `knight-second-chance=on|off`; the error is the unknown option. */
function parseRules(text: string): Result<Partial<Options>, string> {
  const out: Partial<Options> = {};
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const [key, value] = token.split('=');
    if (key === 'variant' && (ALL_VARIANTS as readonly string[]).includes(value)) out.variant = value as Variant;
    else if (key === 'heisei-drops' && (value === 'any' || value === 'once')) out.heiseiDrops = value;
    else if (key === 'knight-second-chance' && (value === 'on' || value === 'off')) out.knightSecondChance = value === 'on';
    else if (key === 'promotion' && (value === 'association' || value === 'shogi')) out.promotion = value;
    else if (key === 'lion-trading' && (value === 'off' || value === 'protected' || value === 'always')) out.lionTrading = value;
    else if (key === 'bare-king' && (value === 'on' || value === 'off')) out.bareKing = value === 'on';
    else if (key === 'move-limit' && (value === 'none' || /^[1-9]\d*$/.test(value))) out.moveLimit = value === 'none' ? null : Number(value);
    else return err(token);
  }
  return ok(out);
}

/** The rows of a diagram: `|  香 v猛  ・ …|一`, squares from file 12 (dai: 15) to 1. */
function readDiagram(rows: Head['board'], turn: Color, options: Options): Result<Position, KifError> {
  const pos = new Position(options);
  const t = pos.tables;
  const { variant } = t;
  if (rows.length !== t.size) return fail(rows[0].line, { code: 'diagram-ranks', ranks: rows.length, variant });
  for (const [row, { line, text }] of rows.entries()) {
    const m = /^\|(.*)\|\s*(\S*)$/.exec(text);
    if (!m) return fail(line, { code: 'rank-frame', text });
    if (m[2] && m[2] !== kanjiNumber(row + 1)) return fail(line, { code: 'rank-number', rank: m[2], expected: kanjiNumber(row + 1) });
    let col = 0;
    let white = false;
    let prefix = '';
    const cells = [...m[1]];
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i];
      if (c === ' ') continue;
      if (col === t.size) return fail(line, { code: 'rank-too-long', variant, text });
      if (c === 'v' || c === 'V') white = true;
      else if (c === '成') prefix = c;
      else if (c === '・') col++;
      else {
        // dai's Flying Dragon is drawn with two kanji, 飛龍; cells are apart, so 飛 then 龍 is always one name
        const name = c === '飛' && cells[i + 1] === '龍' && BOARD_CODES[`${prefix}飛龍`] ? (i++, '飛龍') : c;
        const code = BOARD_CODES[prefix + name];
        const type = code === undefined ? -1 : typeOfCode(code);
        if (type < 0 || !t.hasType[type]) return fail(line, { code: 'unknown-diagram-piece', name: prefix + name, variant, text });
        pos.put(t.index(col++, row), pieceOf(type, white ? 'white' : 'black'));
        white = false;
        prefix = '';
      }
    }
    if (white || prefix) return fail(line, { code: 'dangling-mark', mark: white ? 'v' : '成', text });
    if (col !== t.size) return fail(line, { code: 'rank-length', squares: col, variant, text });
  }
  pos.setTurn(turn);
  return ok(pos);
}

interface Step {
  line: number;
  text: string;
  step?: '一歩目' | '二歩目';
  side?: Color;
  /** a square name, or undefined for 仝/同 */
  dest?: Square;
  name: string;
  mark?: 'promote' | 'decline' | 'igui' | 'pass';
  origin: Square;
}

/**
 * Plays the move lines on `game` up to the end, a termination word or the variations (`変化：`);
 * gives the outcome the termination word states, if any.
 */
function readMoves(lines: string[], from: number, game: Game, moveLine: RegExp): Result<Outcome | undefined, KifError> {
  const { variant } = game;
  let first: Step | undefined;
  let lastTo: Square | undefined;
  let end: string | undefined;
  let winner: Color | null | undefined;
  for (let i = from; i < lines.length; i++) {
    const l = lines[i];
    const line = i + 1;
    if (l === '' || /^[*＊#&]/.test(l)) continue;
    if (/^変化[:：]/.test(l)) break; // variations: the main line is the game
    if (l.startsWith('まで')) {
      const m = /(先手|下手|後手|上手)の(?:反則)?勝ち|(千日手|持将棋|引き分け|引分け)/.exec(l);
      if (m) winner = m[2] ? null : m[1] === '先手' || m[1] === '下手' ? 'black' : 'white';
      continue;
    }
    const t = TERMINATION_LINE.exec(l);
    const m = t ? null : moveLine.exec(l);
    const d = t || m || !game.position.tables.drops ? null : DROP_LINE.exec(l);
    if (!t && !m && !d) return fail(line, { code: l.includes('打') ? 'drop' : 'not-a-move', variant, text: l });
    if (first && (t || m![2] !== '二歩目')) return fail(first.line, { code: 'first-step-alone', text: first.text });
    if (end) return fail(line, { code: 'after-end', end, text: l });
    const number = Number((t ?? m ?? d)![1] ?? game.ply + 1);
    if (number !== game.ply + 1) return fail(line, { code: 'move-number', number, expected: game.ply + 1, text: l });
    if (t) {
      end = t[2];
      continue;
    }
    if (d) {
      const drop = dropMove(game, d, line, l);
      if (!drop.ok) return drop;
      lastTo = drop.value;
      continue;
    }
    const step = readStep(m!, line, l, game.position.tables);
    if (step.side && step.side !== game.turn) return fail(line, { code: 'wrong-side', side: step.side, text: l });
    const named = checkName(game, step);
    if (!named.ok) return named;
    if (step.step === '二歩目' && !first) return fail(line, { code: 'second-step-alone', text: l });
    if (step.step === '一歩目') {
      if (step.mark) return fail(line, { code: 'first-step-mark', text: l });
      first = step;
      continue;
    }
    const move = first ? doubleMove(game, first, step, lastTo) : singleMove(step, lastTo);
    if (!move.ok) return move;
    const at = first ?? step; // a double move is named by its first line
    first = undefined;
    const played = game.play(move.value.usi);
    if (!played.ok) return fail(at.line, { code: 'illegal-move', reason: played.error, text: at.text });
    lastTo = move.value.to;
  }
  if (first) return fail(first.line, { code: 'first-step-alone', text: first.text });
  return ok(ending(end, winner, game.turn));
}

/** A drop line (heisei-chu.md §1): the named reserve piece onto the square, 成 to promote at once; gives the square. */
function dropMove(game: Game, d: RegExpExecArray, line: number, text: string): Result<Square, KifError> {
  const t = game.position.tables;
  const side = d[2] ? ('▲☗'.includes(d[2]) ? 'black' : 'white') : undefined;
  if (side && side !== game.turn) return fail(line, { code: 'wrong-side', side, text });
  const code = MOVE_CODES.get(d[4])?.find((c) => t.reserveMax[typeOfCode(c)]);
  if (!code) return fail(line, { code: 'unknown-piece', name: d[4], variant: t.variant, text });
  const to = toSquare(d[3], t);
  const played = game.play(`${code.toUpperCase()}*${to}${d[5] === '成' ? '+' : ''}`);
  if (!played.ok) return fail(line, { code: 'illegal-move', reason: played.error, text });
  return ok(to);
}

function readStep(m: RegExpExecArray, line: number, text: string, t: VariantTables): Step {
  const marks: Record<string, Step['mark']> = { 成: 'promote', 不成: 'decline' };
  return {
    line,
    text,
    step: m[2] as Step['step'],
    side: m[3] ? ('▲☗'.includes(m[3]) ? 'black' : 'white') : undefined,
    dest: m[4] === '仝' || m[4] === '同' ? undefined : toSquare(m[4], t),
    name: m[5],
    mark: m[6] ? (marks[m[6]] ?? (m[6].includes('居食い') ? 'igui' : 'pass')) : undefined,
    origin: toSquare(m[7], t),
  };
}

/** The name must be a piece of the game, and the mover's piece on the first step's origin must answer to it. */
function checkName(game: Game, step: Step): Result<void, KifError> {
  const t = game.position.tables;
  const codes = MOVE_CODES.get(step.name)?.filter((c) => t.hasType[typeOfCode(c)]);
  if (!codes?.length) return fail(step.line, { code: 'unknown-piece', name: step.name, variant: t.variant, text: step.text });
  if (step.step === '二歩目') return ok(undefined); // its origin is the first step's square
  const p = game.position.board[t.parseSquare(step.origin)!];
  const code = ALL_CODES[typeOf(p)];
  if (p !== EMPTY && (p & WHITE_BIT) === game.position.turnBit && !codes.includes(code))
    return fail(step.line, { code: 'wrong-piece', square: step.origin, holds: code, name: step.name, text: step.text });
  return ok(undefined);
}

type Built = Result<{ usi: string; to: Square }, KifError>;

function singleMove(step: Step, lastTo: Square | undefined): Built {
  const to = step.dest ?? lastTo;
  if (!to) return fail(step.line, { code: 'same-square-first', text: step.text });
  if (step.mark === 'igui' || step.mark === 'pass') return fail(step.line, { code: 'lion-one-line', text: step.text });
  return ok({ usi: `${step.origin}${to}${step.mark === 'promote' ? '+' : ''}`, to });
}

/**
 * 一歩目 from the origin to the first square, 二歩目 from there. The second line's origin is the first
 * square: shogiops writes `仝` on both lines when the move ends where the last one did, so a `仝` on
 * the first line is read from the second.
 */
function doubleMove(game: Game, first: Step, second: Step, lastTo: Square | undefined): Built {
  const mid = second.origin;
  if (first.dest && first.dest !== mid) return fail(second.line, { code: 'steps-apart', mid, first: first.dest, text: second.text });
  const to = second.dest ?? lastTo;
  if (!to) return fail(second.line, { code: 'same-square-first', text: second.text });
  const from = first.origin;
  if (second.mark === 'igui' || second.mark === 'pass') {
    const p = game.position.board[game.position.tables.parseSquare(mid)!];
    const enemy = p !== EMPTY && (p & WHITE_BIT) !== game.position.turnBit;
    if (to !== from || (second.mark === 'igui' ? !enemy : p !== EMPTY))
      return fail(second.line, { code: second.mark === 'igui' ? 'bad-igui' : 'bad-pass', text: second.text });
  }
  return ok({ usi: `${from}${mid}${to}${second.mark === 'promote' ? '+' : ''}`, to });
}

/** The outcome a termination word states (`まで…の勝ち` names the winner of an out-of-turn resignation). */
function ending(word: string | undefined, winner: Color | null | undefined, toMove: Color): Outcome | undefined {
  const loser = winner ? opposite(winner) : toMove;
  switch (word) {
    case '投了':
      return { winner: opposite(loser), reason: 'resign' };
    case '切れ負け':
    case 'Time-up':
      return { winner: opposite(loser), reason: 'timeout' };
    case '中断':
      return { winner: null, reason: 'abort' };
    case '持将棋':
    case '千日手':
      return { winner: null, reason: 'agreement' };
    default:
      return undefined;
  }
}
