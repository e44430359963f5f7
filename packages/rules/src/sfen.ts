import { Position } from './position.ts';
import { EMPTY, CODES, WHITE_BIT, typeOf, typeOfCode } from './piece.ts';
import { index, parseSquare, squareName } from './square.ts';
import { DEFAULT_OPTIONS, err, ok, type Options, type Result } from './types.ts';

export const START_SFEN =
  'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

/** Reads a lishogi chushogi SFEN; the error names what is wrong. */
export function parseSfen(sfen: string, options: Options = DEFAULT_OPTIONS): Result<Position, string> {
  const fields = sfen.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 4 || fields[0] === '')
    return err(`expected "<board> <b|w> <lion square|-> <move number>", got ${fields.length} field(s)`);
  const [boardField, turnField, lionField = '-', numberField = '1'] = fields;
  const pos = new Position(options);
  const ranks = boardField.split('/');
  if (ranks.length !== 12) return err(`board has ${ranks.length} ranks, expected 12`);
  for (let row = 0; row < 12; row++) {
    const text = ranks[row];
    let col = 0;
    for (let i = 0; i < text.length; ) {
      const rankName = 'abcdefghijkl'[row];
      const digits = /^\d+/.exec(text.slice(i));
      if (digits) {
        const run = Number(digits[0]);
        if (run < 1 || run > 12) return err(`rank ${rankName}: bad empty run "${digits[0]}"`);
        col += run;
        i += digits[0].length;
      } else {
        const promoted = text[i] === '+';
        const letter = text[i + (promoted ? 1 : 0)];
        if (letter === undefined) return err(`rank ${rankName}: "+" without a piece`);
        const code = (promoted ? '+' : '') + letter.toLowerCase();
        const type = typeOfCode(code);
        if (type < 0) return err(`rank ${rankName}: unknown piece "${promoted ? '+' : ''}${letter}"`);
        if (col >= 12) return err(`rank ${rankName} has more than 12 squares`);
        pos.put(index(col, row), type + 1 + (letter === letter.toLowerCase() ? WHITE_BIT : 0));
        col++;
        i += promoted ? 2 : 1;
      }
    }
    if (col !== 12) return err(`rank ${'abcdefghijkl'[row]} has ${col} squares, expected 12`);
  }
  if (turnField !== 'b' && turnField !== 'w') return err(`side to move must be "b" or "w", got "${turnField}"`);
  pos.setTurn(turnField === 'b' ? 'black' : 'white');
  if (lionField !== '-') {
    const sq = parseSquare(lionField);
    if (sq === undefined) return err(`lion-capture square must be a square or "-", got "${lionField}"`);
    pos.lionSq = sq;
  }
  if (!/^[1-9]\d*$/.test(numberField)) return err(`move number must be a positive integer, got "${numberField}"`);
  pos.ply = Number(numberField) - 1;
  return ok(pos);
}

export function makeBoardSfen(pos: Position): string {
  const ranks: string[] = [];
  for (let row = 0; row < 12; row++) {
    let text = '';
    let run = 0;
    for (let col = 0; col < 12; col++) {
      const p = pos.board[index(col, row)];
      if (p === EMPTY) {
        run++;
        continue;
      }
      if (run) text += run;
      run = 0;
      const code = CODES[typeOf(p)];
      text += p & WHITE_BIT ? code : code.toUpperCase();
    }
    if (run) text += run;
    ranks.push(text);
  }
  return ranks.join('/');
}

export function makeSfen(pos: Position): string {
  return `${makeBoardSfen(pos)} ${pos.turnBit ? 'w' : 'b'} ${pos.lionSq ? squareName(pos.lionSq) : '-'} ${pos.ply + 1}`;
}
