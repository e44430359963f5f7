// A board test's position as the rules see it: a sparse board made a real Game, so what each click
// does comes from the rules' feed, as in the app.
import { Game, boardFeed, unwrap, type PieceGestures } from '@chu/rules';
import type { Piece } from '../src/lib/board/types';
import { pieces as piecesOf } from '../src/lib/chu';
import { indexOf } from '../src/lib/squares';

/** Kings in far corners, each with a Pawn so that neither is bare (RULES.md §6). */
const KINGS = { '11l': 'K', '12k': 'P', '2a': 'k', '1b': 'p' };

/** SFEN letters by square, Black's upper case: { '6f': 'N', '6e': 'p' } on chu's board. */
export function fed(entries: Record<string, string>, turn: 'b' | 'w' = 'b'): {
  pieces: (Piece | undefined)[];
  gestures: (from: string) => PieceGestures;
} {
  const cells: string[] = Array(144).fill('');
  for (const [sq, code] of Object.entries({ ...KINGS, ...entries })) cells[indexOf(sq)] = code;
  const rows = Array.from({ length: 12 }, (_, r) =>
    cells.slice(r * 12, r * 12 + 12).reduce((row, code) => {
      if (code) return row + code;
      const run = /(\d+)$/.exec(row);
      return run ? row.slice(0, -run[1].length) + (Number(run[1]) + 1) : row + '1';
    }, ''),
  );
  const game = unwrap(Game.fromSfen(`${rows.join('/')} ${turn} - 1`));
  return { pieces: piecesOf(game), gestures: boardFeed(game).gestures };
}
