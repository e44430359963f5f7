import { describe, expect, it } from 'vitest';
import { Game, VARIANT_INFO, unwrap } from '@chu/rules';
import { sfenOf } from '../src/board.ts';
import { begin, exerciseById } from '../src/index.ts';

// An `answer` exercise lists the moves that do what its text asks: here, for the lion-trading examples and the
// opening ideas, the rules' own legal moves are sifted by what the text asks, and exactly the listed answers
// must come through (no other legal move does it, so the exercise cannot be solved by a wrong move).

const names = VARIANT_INFO.chu.squareNames;
const at = (g: Game, sq: string): string => {
  const p = g.board()[names.indexOf(sq)];
  return p ? `${p.color === 'black' ? 'B' : 'w'}${p.code}` : '';
};
const after = (g: Game, usi: string): Game => {
  const c = g.clone();
  unwrap(c.play(usi));
  return c;
};
const count = (g: Game, piece: string): number => names.filter((sq) => at(g, sq) === piece).length;
/** White's legal moves, in `g` with White to move, that take what stands on `sq` */
const whiteTakes = (g: Game, sq: string): string[] => g.legalMoves().filter((m) => at(after(g, m), sq) !== at(g, sq));
/** the squares the piece on `sq` could move to if Black were to move again (White's turn skipped) */
const reachOf = (g: Game, sq: string): string[] =>
  unwrap(Game.fromSfen(g.sfen().replace(' w ', ' b '), { bareKing: false }))
    .legalMoves()
    .filter((m) => m.startsWith(sq))
    .map((m) => m.slice(-2));

const start = (id: string): Game => {
  const a = begin(exerciseById(id)!);
  if (!a.ok) throw new Error(`${id}: bad sfen`);
  return a.value.game;
};

const ASKS: [id: string, asks: string, does: (before: Game, after: Game) => boolean][] = [
  ['trade-adjacent-gold', 'take the Lion and the Gold in one move', (b, a) => count(a, 'wn') < count(b, 'wn') && count(a, 'wg') < count(b, 'wg')],
  ['trade-rook-guard', 'take a Lion', (b, a) => count(a, 'wn') < count(b, 'wn')],
  ['trade-many-lions', 'take both Lions in one move', (_b, a) => count(a, 'wn') === 0],
  ['opening-guard-lion', 'leave the Lion on 6g where White may not take it', (_b, a) => at(a, '6g') === 'Bn' && whiteTakes(a, '6g').length === 0],
  ['opening-king-wall', 'take the Silver on 6j and leave the King where White may not take it', (_b, a) => at(a, '6j') !== 'ws' && whiteTakes(a, '7l').length === 0],
  ['opening-fork', 'attack the Rook and the Bishop with the Silver, on a square the Pawn guards', (_b, a) => {
    const silver = names.find((sq) => at(a, sq) === 'Bs')!;
    const guard = names.find((sq) => at(a, sq) === 'Bp')!;
    // guarded: whatever White takes it with, the Pawn takes back
    return ['8d', '6d'].every((sq) => reachOf(a, silver).includes(sq)) && whiteTakes(a, silver).every((w) => reachOf(after(a, w), guard).includes(silver));
  }],
];

describe.each(ASKS)('%s: %s', (id, _asks, does) => {
  it('is done by the listed answers and by no other legal move', () => {
    const exercise = exerciseById(id)!;
    const game = start(id);
    const doing = game.legalMoves().filter((m) => does(game, after(game, m)));
    expect(exercise.goal.kind === 'answer' && [...exercise.goal.moves].sort()).toEqual(doing.sort());
  });
});

describe('what the texts say besides', () => {
  it('trade-rook-guard: over the Go-Between to 6d is refused, over it to the Gold is legal (no Lion taken)', () => {
    const g = start('trade-rook-guard');
    expect(g.check('6f6e6d')).toEqual({ ok: false, error: 'lion-protected' });
    expect(g.check('6f6e7d').ok).toBe(true);
  });

  it("trade-many-lions: had the Lion taken 6e alone, White's Lion could retake, and the Rook would then take it", () => {
    const taken = unwrap(Game.fromSfen(sfenOf({ '6e': 'N', '6k': 'R', '5f': 'n' }, { turn: 'w' }), { bareKing: false }));
    expect(whiteTakes(taken, '6e')).toContain('5f6e');
    expect(reachOf(after(taken, '5f6e'), '6k')).toContain('6e');
  });

  it('opening-guard-lion: without the Pawn, White takes the Lion', () => {
    const g = start('opening-guard-lion');
    const pass = g.legalMoves().find((m) => m.length === 6 && m.startsWith('6g') && m.endsWith('6g') && at(g, m.slice(2, 4)) === '')!;
    expect(whiteTakes(after(g, pass), '6g')).toEqual(['6e6g']);
  });

  it('opening-king-wall: the Elephant taking the Silver hands the King to the Rook', () => {
    expect(whiteTakes(after(start('opening-king-wall'), '7k6j'), '7l').length).toBeGreaterThan(0);
  });
});
