import { describe, expect, it } from 'vitest';
import { Game, SETUPS, START_SFENS, setupById, setupOf, type Setup } from '../src/index.ts';

// docs/handicaps.md §2: Colin Adams' table (seeds/000_*, "Hándicaps"), row by row: the squares White's
// pieces leave, Black's pieces that become Lions, and who moves first.
const GOLD = { '5a': 'g' }, COPPER = { '3a': 'c' }, SM = { '1c': 'm' }, VM = { '2c': 'v' }, ROOK = { '3c': 'r' }, QUEEN = { '7c': 'q' };
const TWO_LIONS = { '7k': 'O' }; // Black's Kirin promoted
const THREE_LIONS = { '7k': 'O', '6k': 'X' }; // and its Phoenix replaced by a promoted Kirin
type Row = [id: string, grade: number, removed: Record<string, string>, lions: Record<string, string>, first: 'black' | 'white'];
const TABLE: Row[] = [
  ['even', 0, {}, {}, 'black'], //                         0  alternating Black and White (no handicap)
  ['black', 1, {}, {}, 'black'], //                        1  Black (the weaker moves first)
  ['gold', 2, GOLD, {}, 'white'], //                       2  Gold General
  ['side-mover', 3, SM, {}, 'white'], //                   3  Side Mover
  ['vertical-mover', 4, VM, {}, 'white'], //               4  Vertical Mover
  ['rook', 5, ROOK, {}, 'white'], //                       5  Rook and Queen alternating: the Rook game
  ['two-lions', 6, {}, TWO_LIONS, 'white'], //             6  Two Lions
  ['two-lions-gold', 7, GOLD, TWO_LIONS, 'white'], //      7  Two Lions and a step mover
  ['two-lions-side-mover', 8, SM, TWO_LIONS, 'white'], //  8  Two Lions and a Side Mover ("acompañante")
  ['two-lions-vertical-mover', 9, VM, TWO_LIONS, 'white'], // 9  Two Lions and a Vertical Mover
  ['two-lions-vertical-side-mover', 10, { ...VM, ...SM }, TWO_LIONS, 'white'], // 10 between rows 9 and 11
  ['three-lions', 11, {}, THREE_LIONS, 'white'], //        11 Three Lions
  ['three-lions-copper', 12, COPPER, THREE_LIONS, 'white'], // 12 between rows 11 and 13
  ['three-lions-one-piece', 13, GOLD, THREE_LIONS, 'white'], // 13 Three Lions and a piece
  ['three-lions-two-pieces', 14, { ...GOLD, ...SM }, THREE_LIONS, 'white'],
  ['three-lions-three-pieces', 15, { ...GOLD, ...SM, ...VM }, THREE_LIONS, 'white'],
  ['three-lions-four-pieces', 16, { ...GOLD, ...SM, ...VM, ...ROOK }, THREE_LIONS, 'white'],
  ['three-lions-five-pieces', 17, { ...GOLD, ...SM, ...VM, ...ROOK, ...QUEEN }, THREE_LIONS, 'white'],
];

const pieces = (game: Game): Map<string, string> => {
  const squares = game.position.tables.squareNames;
  return new Map(
    game.board().flatMap((p, i) => (p ? [[squares[i], p.color === 'black' ? p.code.toUpperCase() : p.code] as const] : [])),
  );
};

/** What differs from the standard start: squares emptied (with what stood there) and squares changed (what stood there). */
function difference(setup: Setup): { removed: Record<string, string>; changed: Record<string, string>; added: string[] } {
  const start = pieces(Game.start({ variant: setup.variant }));
  const now = pieces(unwrapGame(setup));
  const removed: Record<string, string> = {}, changed: Record<string, string> = {}, added: string[] = [];
  for (const [sq, p] of start) {
    if (!now.has(sq)) removed[sq] = p;
    else if (now.get(sq) !== p) changed[sq] = p;
  }
  for (const sq of now.keys()) if (!start.has(sq)) added.push(sq);
  return { removed, changed, added };
}
const unwrapGame = (s: Setup): Game => {
  const g = Game.fromSfen(s.sfen, { variant: s.variant });
  if (!g.ok) throw new Error(g.error);
  return g.value;
};

describe('docs/handicaps.md: the named setups', () => {
  it('chu has one setup per row of the table, 0–17, then dai its standard start', () => {
    expect(SETUPS.filter((s) => s.variant === 'chu').map((s) => [s.id, s.grade])).toEqual(TABLE.map(([id, grade]) => [id, grade]));
    expect(SETUPS.filter((s) => s.variant === 'dai').map((s) => [s.id, s.grade, s.sfen])).toEqual([['dai-even', 0, START_SFENS.dai]]);
    expect(new Set(SETUPS.map((s) => s.id)).size).toBe(SETUPS.length);
    for (const s of SETUPS) {
      expect(s.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(Object.values(s.names).every((n) => n.length > 0)).toBe(true);
    }
  });

  it.each(TABLE)('%s (row %i): exactly the documented pieces differ from the standard start', (id, _grade, removed, lions, first) => {
    const setup = setupById(id)!;
    const game = unwrapGame(setup);
    expect(game.turn).toBe(first);
    expect(game.ply).toBe(0);
    expect(game.outcome()).toBeUndefined();
    expect(game.sfen()).toBe(setup.sfen); // written as the rules write it
    expect(difference(setup)).toEqual({ removed, changed: lions, added: [] });
    // the Lions are promoted Kirins: a full Lion each (RULES.md §1)
    const now = pieces(game);
    for (const sq of Object.keys(lions)) expect(now.get(sq)).toBe('+O');
    const kings = [...now.values()];
    expect([kings.filter((p) => p === 'K').length, kings.filter((p) => p === 'k').length]).toEqual([1, 1]);
    expect(game.legalMoves().length).toBeGreaterThan(0);
  });

  it('handicaps only take White pieces away: Black has all 46 of its pieces, White fewer the higher the row', () => {
    const counts = TABLE.map(([id]) => {
      const all = [...pieces(unwrapGame(setupById(id)!)).values()];
      return [all.filter((p) => p !== p.toLowerCase()).length, all.filter((p) => p === p.toLowerCase()).length];
    });
    expect(counts.every(([black]) => black === 46)).toBe(true);
    const white = counts.map(([, w]) => w);
    expect(white).toEqual([46, 46, 45, 45, 45, 45, 46, 45, 45, 45, 44, 46, 45, 45, 44, 43, 42, 41]);
  });

  it('setupOf names a position by its board and side to move; the move number aside', () => {
    expect(setupOf('chu', null)?.id).toBe('even'); // rows 0 and 1 share the standard start: row 0
    expect(setupOf('dai', null)?.id).toBe('dai-even');
    expect(setupOf('chu', START_SFENS.chu)?.id).toBe('even');
    expect(setupOf('chu', setupById('three-lions')!.sfen)?.id).toBe('three-lions');
    expect(setupOf('chu', setupById('gold')!.sfen.replace(/ 1$/, ' 7'))?.id).toBe('gold');
    expect(setupOf('chu', setupById('gold')!.sfen.replace(' w ', ' b '))).toBeUndefined(); // Black to move: no handicap of the table
    expect(setupOf('dai', START_SFENS.chu)).toBeUndefined(); // not a dai position
    expect(setupOf('chu', 'garbage')).toBeUndefined();
  });
});
