import type { Game } from '../game.ts';
import { CODES, EMPTY, WHITE_BIT, typeOf } from '../piece.ts';
import { MAX_MOVES, moveMid, type Position } from '../position.ts';
import { START_SFEN, makeBoardSfen, parseSfen } from '../sfen.ts';
import { index } from '../square.ts';
import { unwrap, type Options, type Outcome } from '../types.ts';
import { resolveUsi } from '../usi.ts';
import { moveFacts } from './common.ts';
import {
  BOARD_NAMES, HEADER_KEYS, MOVES_HEADER, MOVE_NAMES, RULES_COMMENT, SFEN_COMMENT, TERMINATIONS, kanjiNumber, kifSquare,
  type KifHeader,
} from './kif.ts';

/** `promotion=association lion-trading=protected bare-king=on move-limit=none`, the CLI's flag names. */
export const formatOptions = (o: Options): string =>
  `promotion=${o.promotion} lion-trading=${o.lionTrading} bare-king=${o.bareKing ? 'on' : 'off'} move-limit=${o.moveLimit ?? 'none'}`;

/**
 * The game as chu KIF that lishogi imports: header, the 12-row diagram when the start is not the
 * standard one, one line per move (two for a Lion's double move), the result at the end.
 */
export function toKif(game: Game, header: KifHeader = {}): string {
  const start = unwrap(parseSfen(game.startSfen, game.options));
  const standard = `${makeBoardSfen(start)} ${start.turn === 'white' ? 'w' : 'b'}` === START_SFEN.split(' ').slice(0, 2).join(' ');
  const field = (key: keyof typeof HEADER_KEYS) => `${HEADER_KEYS[key][0]}：${header[key] ?? ''}`;
  const lines = [`${RULES_COMMENT}: ${formatOptions(game.options)}`];
  if (game.startSfen !== START_SFEN) lines.push(`${SFEN_COMMENT}: ${game.startSfen}`);
  for (const key of ['start', 'end', 'event', 'site', 'timeControl'] as const) if (header[key]) lines.push(field(key));
  if (!standard) lines.push(...diagram(start));
  // lishogi writes both player lines, even empty
  lines.push(field('black'), field('white'), MOVES_HEADER, ...moveLines(game, start));
  const outcome = header.outcome ?? game.outcome();
  if (outcome) lines.push(...resultLines(outcome, game.ply));
  return lines.join('\n') + '\n';
}

/** The board as KIF draws it: files 12…1 over the top, 3 columns a square, kanji rank on the right. */
function diagram(pos: Position): string[] {
  const rule = `+${'-'.repeat(12 * 4)}+`;
  const rows = [' １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １', rule];
  for (let row = 0; row < 12; row++) {
    let text = '|';
    for (let col = 0; col < 12; col++) {
      const p = pos.board[index(col, row)];
      text += p === EMPTY ? '  ・' : `${p & WHITE_BIT ? 'v' : ''}${BOARD_NAMES[CODES[typeOf(p)]]}`.padStart(3);
    }
    rows.push(`${text}|${kanjiNumber(row + 1)}`);
  }
  rows.push(rule);
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
function moveLines(game: Game, pos: Position): string[] {
  const out: string[] = [];
  const buf = new Int32Array(MAX_MOVES);
  let lastTo = 0;
  game.moves.forEach((usi, ply) => {
    const m = unwrap(resolveUsi(pos, usi, buf, pos.generate(buf)));
    const f = moveFacts(pos, m, () => false);
    const name = MOVE_NAMES[f.code];
    const origin = (sq: number) => ` （←${kifSquare(sq)}）`;
    if (f.kind === 'plain') {
      const dest = f.to === lastTo ? '仝' : kifSquare(f.to);
      const promotion = f.promote ? '成' : f.promotionChoice ? '不成' : '';
      out.push(`${number(ply)}   ${dest}${name}${promotion}${origin(f.from)}`);
    } else {
      const mid = moveMid(m);
      out.push(`${number(ply)}一歩目 ${kifSquare(mid)}${name}${origin(f.from)}`);
      out.push(`${number(ply)}二歩目 ${kifSquare(f.to)}${name}${f.kind === 'igui' ? '（居食い）' : ''}${origin(mid)}`);
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
