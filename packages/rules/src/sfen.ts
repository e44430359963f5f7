import { Position } from './position.ts';
import { EMPTY, ALL_CODES, WHITE_BIT, typeOf, typeOfCode } from './piece.ts';
import { DEFAULT_OPTIONS, VARIANTS, err, ok, opposite, variantOf, type Color, type Options, type Result, type Square } from './types.ts';
import { START_SFENS, TABLES, isDaiOnly } from './variant.ts';

export const START_SFEN = START_SFENS.chu;

/**
 * Reads a lishogi chushogi SFEN, a dai one (dai-shogi.md §1: 15 ranks, primed letters) or a Heisei chu
 * one (heisei-chu.md §1: reserves in the third field), as the options' variant says; the error names
 * what is wrong, including a position of another game.
 */
export function parseSfen(sfen: string, options: Options = DEFAULT_OPTIONS): Result<Position, string> {
  const fields = sfen.trim().split(/\s+/);
  const pos = new Position(options);
  const t = pos.tables;
  if (t.drops) return parseHeiseiFields(pos, fields);
  if (fields.length < 2 || fields.length > 4 || fields[0] === '')
    return err(`expected "<board> <b|w> <lion square|-> <move number>", got ${fields.length} field(s)`);
  const [boardField, turnField, lionField = '-', numberField = '1'] = fields;
  if (/^[A-Za-z]/.test(lionField))
    return err(`${t.name.toLowerCase()} has no reserves: the third field is a counter-strike square or "-", got "${lionField}" (a heisei chu position?)`);
  return readFields(pos, boardField, turnField, lionField, numberField);
}

/**
 * The side to move `ply` moves after `startSfen` (its second field, in every variant): each move, a
 * Lion's pass or a drop too, hands the turn to the other side. A stored game's turn without replaying it.
 */
export function turnAfter(startSfen: string, ply: number): Color {
  const first: Color = startSfen.trim().split(/\s+/)[1] === 'w' ? 'white' : 'black';
  return ply % 2 === 0 ? first : opposite(first);
}

/** heisei-chu.md §1: `<board> <b|w> <reserves|-> [<counter-strike square>] <move number>`. */
function parseHeiseiFields(pos: Position, fields: string[]): Result<Position, string> {
  if (fields.length < 2 || fields.length > 5 || fields[0] === '')
    return err(`expected "<board> <b|w> <reserves|-> [<lion square>] <move number>", got ${fields.length} field(s)`);
  const [boardField, turnField, reserveField = '-', ...rest] = fields;
  // the optional counter-strike square starts with a digit and ends with a rank letter; a move number is digits only
  const lionField = rest.length === 2 || (rest.length === 1 && /[a-z]$/.test(rest[0])) ? rest[0] : '-';
  const numberField = rest.length === 2 ? rest[1] : rest.length === 1 && lionField === '-' ? rest[0] : '1';
  const read = readFields(pos, boardField, turnField, lionField, numberField);
  if (!read.ok) return read;
  const reserve = readReserve(pos, reserveField);
  return reserve.ok ? ok(pos) : reserve;
}

/** The reserves' letters (Black's capitals, White's lowercase), each kind at most as often as the setup sets it aside. */
function readReserve(pos: Position, field: string): Result<void, string> {
  if (field === '-') return ok(undefined);
  const t = pos.tables;
  for (const letter of field) {
    const type = typeOfCode(letter.toLowerCase());
    if (!/[A-Za-z]/.test(letter) || type < 0 || !t.reserveMax[type])
      return err(`reserve: "${letter}" is not a set-aside piece (${t.reserve.filter((c, i, all) => all.indexOf(c) === i).join(', ').toUpperCase()})`);
    const piece = type + 1 + (letter === letter.toLowerCase() ? WHITE_BIT : 0);
    if (pos.reserve[piece] === t.reserveMax[type])
      return err(`reserve: more than ${t.reserveMax[type]} "${letter}" (the setup sets aside ${t.reserveMax[type]})`);
    pos.setReserve(piece, pos.reserve[piece] + 1);
  }
  return ok(undefined);
}

function readFields(pos: Position, boardField: string, turnField: string, lionField: string, numberField: string): Result<Position, string> {
  const t = pos.tables;
  const size = t.size;
  const ranks = boardField.split('/');
  if (ranks.length !== size) {
    const other = VARIANTS.find((v) => v !== t.variant && TABLES[v].size === ranks.length);
    return err(
      other
        ? `board has ${ranks.length} ranks: that is a ${TABLES[other].name.toLowerCase()} position, and this game is ${t.name.toLowerCase()} (${size} ranks)`
        : `board has ${ranks.length} ranks, expected ${size}`,
    );
  }
  for (let row = 0; row < size; row++) {
    const text = ranks[row];
    const rankName = t.ranks[row];
    let col = 0;
    for (let i = 0; i < text.length; ) {
      const digits = /^\d+/.exec(text.slice(i));
      if (digits) {
        const run = Number(digits[0]);
        if (run < 1 || run > size) return err(`rank ${rankName}: bad empty run "${digits[0]}"`);
        col += run;
        i += digits[0].length;
      } else {
        const promoted = text[i] === '+';
        const letter = text[i + (promoted ? 1 : 0)];
        if (letter === undefined) return err(`rank ${rankName}: "+" without a piece`);
        // a prime after the letter: a dai-only piece (dai-shogi.md §1.1)
        const prime = text[i + (promoted ? 2 : 1)] === "'" ? "'" : '';
        const written = `${promoted ? '+' : ''}${letter}${prime}`;
        const code = written.toLowerCase();
        const type = typeOfCode(code);
        if (type < 0 || !t.hasType[type])
          return err(`rank ${rankName}: unknown piece "${written}"${type >= 0 && isDaiOnly(code) ? ` (a dai shogi piece; this game is ${t.name.toLowerCase()})` : ''}`);
        if (col >= size) return err(`rank ${rankName} has more than ${size} squares`);
        pos.put(t.index(col, row), type + 1 + (letter === letter.toLowerCase() ? WHITE_BIT : 0));
        col++;
        i += written.length;
      }
    }
    if (col !== size) return err(`rank ${rankName} has ${col} squares, expected ${size}`);
  }
  if (turnField !== 'b' && turnField !== 'w') return err(`side to move must be "b" or "w", got "${turnField}"`);
  pos.setTurn(turnField === 'b' ? 'black' : 'white');
  if (lionField !== '-') {
    if (!t.lionTrading) return err(`${t.name.toLowerCase()} has no counter-strike square: the third field is "-", got "${lionField}"`);
    const sq = t.parseSquare(lionField);
    if (sq === undefined) return err(`lion-capture square must be a square or "-", got "${lionField}"`);
    pos.lionSq = sq;
  }
  if (!/^[1-9]\d*$/.test(numberField)) return err(`move number must be a positive integer, got "${numberField}"`);
  pos.ply = Number(numberField) - 1;
  return ok(pos);
}

/** The start SFEN of the options' game. */
export const startSfenOf = (options?: Partial<Options>): string => START_SFENS[variantOf(options)];

export function makeBoardSfen(pos: Position): string {
  const t = pos.tables;
  const ranks: string[] = [];
  for (let row = 0; row < t.size; row++) {
    let text = '';
    let run = 0;
    for (let col = 0; col < t.size; col++) {
      const p = pos.board[t.index(col, row)];
      if (p === EMPTY) {
        run++;
        continue;
      }
      if (run) text += run;
      run = 0;
      const code = ALL_CODES[typeOf(p)];
      text += p & WHITE_BIT ? code : code.toUpperCase();
    }
    if (run) text += run;
    ranks.push(text);
  }
  return ranks.join('/');
}

/** The reserves as SFEN writes them (heisei-chu.md §1): 'LLCC…llcc…', '-' when both are empty. */
export function makeReserveSfen(pos: Position): string {
  let text = '';
  for (const bit of [0, WHITE_BIT])
    for (const code of pos.tables.reserve.filter((c, i, all) => all.indexOf(c) === i)) {
      const count = pos.reserve[typeOfCode(code) + 1 + bit];
      text += (bit ? code : code.toUpperCase()).repeat(count);
    }
  return text || '-';
}

export function makeSfen(pos: Position): string {
  const turn = pos.turnBit ? 'w' : 'b';
  const lion = pos.lionSq ? pos.tables.squareName(pos.lionSq) : '-';
  if (pos.tables.drops) return `${makeBoardSfen(pos)} ${turn} ${makeReserveSfen(pos)} ${lion === '-' ? '' : `${lion} `}${pos.ply + 1}`;
  return `${makeBoardSfen(pos)} ${turn} ${lion} ${pos.ply + 1}`;
}

const RANK_LETTERS = 'abcdefghijklmno';

/**
 * An SFEN from a sparse board, as lessons and tests write positions: `{ '6f': 'N', '1a': 'k' }` (uppercase
 * Black, lowercase White, '+' before a promoted piece) on a board of `size` (chu's 12, dai's 15). A square
 * off the board is a mistake in the caller's data, so it throws.
 */
export function sparseSfen(
  pieces: Readonly<Record<Square, string>>,
  { turn = 'b', lionSquare = '-', moveNumber = 1, size = 12 }: { turn?: 'b' | 'w'; lionSquare?: Square | '-'; moveNumber?: number; size?: number } = {},
): string {
  const grid: (string | undefined)[][] = Array.from({ length: size }, () => Array(size).fill(undefined));
  for (const [sq, p] of Object.entries(pieces)) {
    const m = /^(\d+)([a-o])$/.exec(sq);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > size || RANK_LETTERS.indexOf(m[2]) >= size) throw new Error(`bad square ${sq}`);
    grid[RANK_LETTERS.indexOf(m[2])][size - Number(m[1])] = p;
  }
  const ranks = grid.map((row) => {
    let text = '';
    let run = 0;
    for (const p of row) {
      if (p === undefined) run++;
      else {
        text += (run || '') + p;
        run = 0;
      }
    }
    return text + (run || '');
  });
  return `${ranks.join('/')} ${turn} ${lionSquare} ${moveNumber}`;
}
