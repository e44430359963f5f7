// A naive second reading of docs/heisei-chu.md, written apart from src/: the board moves are chu's,
// read by reference.ts (its own reading of RULES.md); this file adds the reserves and the drops from
// the rules text alone. reference-heisei.test.ts compares it with the engine.
import type { Options } from '../src/index.ts';
import { referenceSuccessors } from './reference.ts';

/** heisei-chu.md §1: the reserve letters in the SFEN's order. */
const ORDER = 'lcsmvaox';
/** heisei-chu.md §3: what each set-aside piece becomes when it promotes (all of them promote). */
const PROMOTES = new Set(ORDER);

export interface HeiseiReferenceOptions {
  promotion: Options['promotion'];
  lionTrading: Options['lionTrading'];
  heiseiDrops: 'any' | 'once';
}

/** Black's and White's reserve as letter counts, from the SFEN's third field. */
function readReserve(field: string): { black: Map<string, number>; white: Map<string, number> } {
  const black = new Map<string, number>();
  const white = new Map<string, number>();
  if (field !== '-')
    for (const ch of field) {
      const side = ch === ch.toUpperCase() ? black : white;
      side.set(ch.toLowerCase(), (side.get(ch.toLowerCase()) ?? 0) + 1);
    }
  return { black, white };
}

function writeReserve(r: { black: Map<string, number>; white: Map<string, number> }): string {
  let out = '';
  for (const ch of ORDER) out += ch.toUpperCase().repeat(r.black.get(ch) ?? 0);
  for (const ch of ORDER) out += ch.repeat(r.white.get(ch) ?? 0);
  return out || '-';
}

/** The distinct successor SFENs of a Heisei position, sorted: chu's moves, then the drops. */
export function referenceHeiseiSuccessors(sfen: string, options: HeiseiReferenceOptions): string[] {
  const fields = sfen.split(' ');
  const [boardField, turnField, reserveField] = fields;
  const lion = fields.length === 5 ? fields[3] : '-';
  const number = Number(fields[fields.length - 1]);
  const reserve = readReserve(reserveField);
  const white = turnField === 'w';
  const heisei = (chuSfen: string, res: string) => {
    const [b, t, l, n] = chuSfen.split(' ');
    return `${b} ${t} ${res} ${l === '-' ? '' : `${l} `}${n}`;
  };
  // §5: a board move leaves both reserves as they were (captured pieces never join one)
  const chuOptions = { promotion: options.promotion, lionTrading: options.lionTrading } as Options;
  const out = new Set(
    referenceSuccessors(`${boardField} ${turnField} ${lion} ${number}`, chuOptions).map((s) => heisei(s, writeReserve(reserve))),
  );

  // §3: the board as a 12×12 grid of letters ('' = empty)
  const grid: string[][] = boardField.split('/').map((rank) => {
    const row: string[] = [];
    for (const m of rank.matchAll(/(\d+)|(\+?[A-Za-z])/g)) {
      if (m[1]) for (let k = 0; k < Number(m[1]); k++) row.push('');
      else row.push(m[2]);
    }
    return row;
  });
  const mine = (cell: string) => cell !== '' && (cell.replace('+', '') === cell.replace('+', '').toLowerCase()) === white;
  const mover = white ? reserve.white : reserve.black;
  for (const [code, count] of mover) {
    if (!count) continue;
    for (let r = 0; r < 12; r++)
      for (let c = 0; c < 12; c++) {
        if (grid[r][c] !== '') continue; // a drop captures nothing
        let next = false;
        for (let dr = -1; dr <= 1; dr++)
          for (let dc = -1; dc <= 1; dc++)
            if ((dr || dc) && grid[r + dr]?.[c + dc] !== undefined && mine(grid[r + dr][c + dc])) next = true;
        if (!next) continue; // next to one of the mover's own pieces
        const ranksAhead = white ? 11 - r : r; // 0 on the mover's last rank
        if (code === 'l' && ranksAhead === 0) continue; // a Lance there could never move
        const inZone = ranksAhead < 4;
        for (const promote of PROMOTES.has(code) && inZone ? [false, true] : [false]) {
          const after = grid.map((row) => row.slice());
          const letter = white ? code : code.toUpperCase();
          after[r][c] = promote ? `+${letter}` : letter;
          const left = new Map(mover);
          left.set(code, count - 1);
          // §4: with 'once', the rest of the dropper's reserve goes out of play
          if (options.heiseiDrops === 'once') for (const k of left.keys()) left.set(k, 0);
          const res = writeReserve(white ? { black: reserve.black, white: left } : { black: left, white: reserve.white });
          out.add(`${writeBoard(after)} ${white ? 'b' : 'w'} ${res} ${number + 1}`);
        }
      }
  }
  return [...out].sort();
}

function writeBoard(grid: string[][]): string {
  return grid
    .map((row) => {
      let text = '';
      let run = 0;
      for (const cell of row) {
        if (cell === '') run++;
        else {
          if (run) text += run;
          run = 0;
          text += cell;
        }
      }
      return text + (run || '');
    })
    .join('/');
}
