import { describe, expect, it } from 'vitest';
import { parseSfen, unwrap, withDefaults, type Options } from '../src/index.ts';
import { oracle, SETS, successors } from './oracle.ts';
import { seededRandom } from '../src/index.ts';
import { referenceSuccessors } from './reference.ts';

const engineSuccessors = (sfen: string, options: Options): string[] => successors(unwrap(parseSfen(sfen, options)));

const PIECES = ['q', 'n', 'd', 'h', 'r', 'b', 'o', 'x', 'e', 't', 'f', 'g', 's', 'c', 'v', 'm', 'a', 'l', 'i', 'p',
  '+d', '+h', '+r', '+b', '+o', '+x', '+e', '+t', '+f', '+g', '+s', '+c', '+v', '+m', '+a', '+l', '+i', '+p'];
// Lions, Falcons, Eagles and their usual neighbours, so that trading situations are common
const LION_PLAY = ['n', '+o', '+h', '+d', 'p', 'i', 'g', 's', 'b', 'r'];

/** A random position crowded around one spot; sometimes with a counter-strike square. */
function randomSfen(rand: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const board: (string | undefined)[] = Array(144).fill(undefined);
  board[Math.floor(rand() * 144)] = 'K';
  let k: number;
  do k = Math.floor(rand() * 144);
  while (board[k]);
  board[k] = 'k';
  const [cc, cr] = [Math.floor(rand() * 12), Math.floor(rand() * 12)];
  const count = 6 + Math.floor(rand() * 40);
  for (let i = 0; i < count; i++) {
    const c = Math.min(11, Math.max(0, cc + Math.floor((rand() - 0.5) * 9)));
    const r = Math.min(11, Math.max(0, cr + Math.floor((rand() - 0.5) * 9)));
    if (board[r * 12 + c]) continue;
    const code = rand() < 0.6 ? pick(LION_PLAY) : pick(PIECES);
    board[r * 12 + c] = rand() < 0.5 ? code.toUpperCase() : code;
  }
  const turn = rand() < 0.5 ? 'b' : 'w';
  let lion = '-';
  if (rand() < 0.5) {
    // usually a square of the side that just moved, as after a real capture
    const theirs = board.flatMap((p, i) => (p && (p === p.toLowerCase()) === (turn === 'b') ? [i] : []));
    const sq = theirs.length && rand() < 0.7 ? pick(theirs) : Math.floor(rand() * 144);
    lion = `${12 - (sq % 12)}${'abcdefghijkl'[Math.floor(sq / 12)]}`;
  }
  const ranks = Array.from({ length: 12 }, (_, r) =>
    board.slice(r * 12, r * 12 + 12).reduce<[string, number]>(([s, run], p) => (p ? [s + (run || '') + p, 0] : [s, run + 1]), ['', 0]),
  ).map(([s, run]) => s + (run || ''));
  return `${ranks.join('/')} ${turn} ${lion} 1`;
}

describe('the engine agrees with a naive reference reading of RULES.md', () => {
  it('the reference itself agrees with the oracle (so it is worth comparing against)', () => {
    for (const p of oracle.positions.slice(0, 30))
      for (const [set, options] of Object.entries(SETS) as [keyof typeof SETS, Partial<Options>][])
        expect(referenceSuccessors(p.sfen, withDefaults(options)), `${p.id} ${set}`).toEqual(
          p.expected[set].map((k) => p.successors[k]).sort(),
        );
  });

  it.each([1, 2])('on 50 random lion-heavy positions under every option set (seed %i)', (seed) => {
    const rand = seededRandom(seed);
    for (let i = 0; i < 50; i++) {
      const sfen = randomSfen(rand);
      for (const options of Object.values(SETS)) {
        const opts = withDefaults(options);
        expect(engineSuccessors(sfen, opts), `${sfen} ${JSON.stringify(options)}`).toEqual(referenceSuccessors(sfen, opts));
      }
    }
  });
});
