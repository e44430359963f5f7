import type { Game } from '../game.ts';
import { ALL_CODES, EMPTY, WHITE_BIT, typeOf } from '../piece.ts';
import { MAX_MOVES, type Position } from '../position.ts';
import { makeSfen, parseSfen } from '../sfen.ts';
import { unwrap, variantOf, type Options, type Outcome, type Variant } from '../types.ts';
import { resolveUsi } from '../usi.ts';
import { moveFacts } from './common.ts';
import { kifMoveTime } from './kif-clock.ts';
import {
  HEADER_KEYS, MOVES_HEADER, RULES_COMMENT, SFEN_COMMENT, TERMINATIONS, kanjiNumber, kifSquare,
  type KifHeader,
} from './kif.ts';
import { PIECE_NAMES } from './names.ts';

/**
 * `promotion=association lion-trading=protected bare-king=on move-limit=none`, the CLI's flag names;
 * a dai game adds `variant=dai` before and `knight-second-chance=on|off` after, a Heisei game
 * `variant=heisei` before and `heisei-drops=any|once` after.
 */
export const formatOptions = (o: Options): string => {
  const chu = `promotion=${o.promotion} lion-trading=${o.lionTrading} bare-king=${o.bareKing ? 'on' : 'off'} move-limit=${o.moveLimit ?? 'none'}`;
  const variant = variantOf(o);
  if (variant === 'heisei') return `variant=heisei ${chu} heisei-drops=${o.heiseiDrops ?? 'any'}`;
  return variant === 'chu' ? chu : `variant=${variant} ${chu} knight-second-chance=${o.knightSecondChance === false ? 'off' : 'on'}`;
};

/** 手合割 of a dai record (dai-shogi.md §8) and of a Heisei one (heisei-chu.md §1); a chu record has none, as lishogi writes it. */
const HANDICAP_LINES: Partial<Record<Variant, string>> = { dai: '手合割：大将棋', heisei: '手合割：平成中将棋' };

/**
 * The game as chu KIF that lishogi imports: header, the 12-row diagram when the start is not the
 * standard one, one line per move (two for a Lion's double move), the result at the end.
 * `moveTimesMs`, when given, is the time each move took: `( 0:07/00:01:25)` after it (on a double
 * move's second line, where lishogi writes it), with its side's total so far.
 */
export function toKif(game: Game, header: KifHeader = {}, moveTimesMs?: readonly number[]): string {
  const start = unwrap(parseSfen(game.startSfen, game.options));
  const startSfen = start.tables.startSfen;
  const standard = boardTurnReserve(makeSfen(start)) === boardTurnReserve(startSfen);
  const field = (key: keyof typeof HEADER_KEYS) => `${HEADER_KEYS[key][0]}：${header[key] ?? ''}`;
  const lines = [`${RULES_COMMENT}: ${formatOptions(game.options)}`];
  if (game.startSfen !== startSfen) lines.push(`${SFEN_COMMENT}: ${game.startSfen}`);
  const handicap = HANDICAP_LINES[game.variant];
  if (handicap) lines.push(handicap);
  for (const key of ['start', 'end', 'event', 'site', 'timeControl'] as const) if (header[key]) lines.push(field(key));
  if (!standard) lines.push(...diagram(start));
  // lishogi writes both player lines, even empty
  lines.push(field('black'), field('white'), MOVES_HEADER, ...moveLines(game, start, moveTimesMs));
  const outcome = header.outcome ?? game.outcome();
  if (outcome) lines.push(...resultLines(outcome, game.ply));
  return lines.join('\n') + '\n';
}

/** What makes a start standard: board, side to move and, in Heisei chu, the reserves (not the move number). */
const boardTurnReserve = (sfen: string): string => {
  const [board, turn, third] = sfen.split(' ');
  return `${board} ${turn} ${/^[A-Za-z-]+$/.test(third ?? '') ? third : '-'}`;
};

/** A reserve as KIF's 持駒 line writes it: `香車二　銅将二　麒麟`, `なし` when empty (heisei-chu.md §1). */
export function kifReserve(pos: Position, bit: number): string {
  const parts: string[] = [];
  for (const type of pos.tables.reserveTypes) {
    const count = pos.reserve[type + 1 + bit];
    if (count) parts.push(`${PIECE_NAMES[ALL_CODES[type]].kif}${count > 1 ? kanjiNumber(count) : ''}`);
  }
  return parts.join('　') || 'なし';
}

/** The board as KIF draws it: files 12…1 (dai: 15…1) over the top, 3 columns a square, kanji rank on the right. */
function diagram(pos: Position): string[] {
  const t = pos.tables;
  const rule = `+${'-'.repeat(t.size * 4)}+`;
  const fullWidth = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
  const files = Array.from({ length: t.size }, (_, i) => fullWidth(t.size - i).padEnd(3)).join('').trimEnd();
  const rows = t.drops ? [`後手の持駒：${kifReserve(pos, WHITE_BIT)}`, ` ${files}`, rule] : [` ${files}`, rule];
  for (let row = 0; row < t.size; row++) {
    let text = '|';
    for (let col = 0; col < t.size; col++) {
      const p = pos.board[t.index(col, row)];
      text += p === EMPTY ? '  ・' : `${p & WHITE_BIT ? 'v' : ''}${PIECE_NAMES[ALL_CODES[typeOf(p)]].diagram}`.padStart(3);
    }
    rows.push(`${text}|${kanjiNumber(row + 1)}`);
  }
  rows.push(rule);
  if (t.drops) rows.push(`先手の持駒：${kifReserve(pos, 0)}`);
  if (pos.turn === 'white') rows.push('後手番');
  return rows;
}

const number = (ply: number) => `${String(ply + 1).padStart(4)}手目`;

/**
 * `   1手目   7八歩兵 （←7九）`; a double move as `一歩目` (to the first square) and `二歩目` (from
 * it), `（居食い）` on an igui. Two shogiops quirks shape the rest: its reader stops at `仝` inside a
 * double move and at `(じっと)`, so a double move names its squares, and a pass is a second step
 * back to the origin with no mark (lishogi's own exporter writes it that way too).
 */
function moveLines(game: Game, pos: Position, timesMs?: readonly number[]): string[] {
  const out: string[] = [];
  const buf = new Int32Array(MAX_MOVES);
  const totals = [0, 0]; // each side's time so far: the side that moves alternates with the ply
  let lastTo = 0;
  game.moves.forEach((usi, ply) => {
    const spent = timesMs?.[ply];
    let time = '';
    if (spent !== undefined) {
      totals[ply % 2] += spent;
      time = `   ${kifMoveTime(spent, totals[ply % 2])}`;
    }
    const m = unwrap(resolveUsi(pos, usi, buf, pos.generate(buf)));
    const f = moveFacts(pos, m, () => false);
    const name = PIECE_NAMES[f.code].kif;
    const square = (sq: number) => kifSquare(sq, f.tables);
    const origin = (sq: number) => ` （←${square(sq)}）`;
    if (f.kind === 'drop') {
      // heisei-chu.md §1: a drop names its square and piece, then 打; it has no origin
      out.push(`${number(ply)}   ${square(f.to)}${name}打${f.promote ? '成' : f.promotionChoice ? '不成' : ''}`);
    } else if (f.kind === 'plain') {
      const dest = f.to === lastTo ? '仝' : square(f.to);
      const promotion = f.promote ? '成' : f.promotionChoice ? '不成' : '';
      out.push(`${number(ply)}   ${dest}${name}${promotion}${origin(f.from)}${time}`);
    } else {
      const mid = f.tables.moveMid(m);
      out.push(`${number(ply)}一歩目 ${square(mid)}${name}${origin(f.from)}`);
      out.push(`${number(ply)}二歩目 ${square(f.to)}${name}${f.kind === 'igui' ? '（居食い）' : ''}${origin(mid)}${time}`);
    }
    lastTo = f.to;
    pos.make(m);
  });
  return out;
}

/** The termination word (if KIF has one for it) as the next move, then `まで50手で先手の勝ち`. */
function resultLines(outcome: Outcome, plies: number): string[] {
  const word = TERMINATIONS[outcome.reason];
  const summary =
    outcome.reason === 'abort' ? '中断' : outcome.winner ? `${outcome.winner === 'black' ? '先手' : '後手'}の勝ち` : word ?? '引き分け';
  return [...(word ? [`${number(plies)}   ${word}`] : []), `まで${plies}手で${summary}`];
}
