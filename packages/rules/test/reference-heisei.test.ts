import { describe, expect, it } from 'vitest';
import { Game, START_SFENS, parseSfen, perft, seededRandom, unwrap, withDefaults } from '../src/index.ts';
import { successors } from './oracle.ts';
import { referenceHeiseiSuccessors, type HeiseiReferenceOptions } from './reference-heisei.ts';

// heisei-chu.md against a second generator written from the rules text (reference-heisei.ts: drops and
// reserves, over reference.ts's chu moves): both agree on every distinct successor, from the start
// (perft) and along random games with drops. Depth 3 from the start (35,141,843) takes the reference
// many minutes: bench/heisei-perft.ts compares it.

const DEFAULT: HeiseiReferenceOptions = { promotion: 'association', lionTrading: 'protected', heiseiDrops: 'any' };
const SETS: HeiseiReferenceOptions[] = [
  DEFAULT,
  { promotion: 'shogi', lionTrading: 'protected', heiseiDrops: 'any' },
  { promotion: 'association', lionTrading: 'always', heiseiDrops: 'once' },
];

/** The engine's successors with repeats, so a move generated twice shows as a difference. */
const engine = (sfen: string, o: HeiseiReferenceOptions): string[] =>
  successors(unwrap(parseSfen(sfen, withDefaults({ variant: 'heisei', ...o }))));

const referencePerft = (sfen: string, depth: number): number =>
  depth === 0 ? 1 : referenceHeiseiSuccessors(sfen, DEFAULT).reduce((n, s) => n + referencePerft(s, depth - 1), 0);

/** Positions along seeded random games from the start (drops among the moves), each position once. */
function playoutPositions(count: number, seed: number): string[] {
  const rand = seededRandom(seed);
  const seen = new Set<string>();
  while (seen.size < count) {
    const game = Game.start({ variant: 'heisei' });
    for (let ply = 0; ply < 300 && !game.outcome() && seen.size < count; ply++) {
      seen.add(game.sfen());
      const moves = game.legalMoves();
      // half the time a board move when there is one, so games also go deep after the drops
      const board = moves.filter((m) => !m.includes('*'));
      const pool = board.length && rand() < 0.5 ? board : moves;
      unwrap(game.play(pool[Math.floor(rand() * pool.length)]));
    }
  }
  return [...seen];
}

describe('Heisei chu: the engine agrees with a naive generator written from heisei-chu.md', () => {
  it('perft from the start: 329 and 108,241 by both generators (35,141,843 at depth 3 by the engine)', () => {
    const pos = unwrap(parseSfen(START_SFENS.heisei, withDefaults({ variant: 'heisei' })));
    expect([1, 2].map((d) => [perft(pos, d), referencePerft(START_SFENS.heisei, d)])).toEqual([
      [329, 329],
      [108_241, 108_241],
    ]);
    expect(perft(pos, 3)).toBe(35_141_843);
  }, 300_000);

  it('5,000 positions of random games with drops: identical distinct-successor sets (shogi promotion, always-trading and once on every tenth)', () => {
    const positions = playoutPositions(5_000, 41);
    let drops = 0;
    let dropPromotions = 0;
    let onceCleared = 0;
    positions.forEach((sfen, i) => {
      for (const o of i % 10 === 0 ? SETS : [DEFAULT]) {
        const ours = engine(sfen, o);
        expect(ours, `${sfen} ${JSON.stringify(o)}`).toEqual(referenceHeiseiSuccessors(sfen, o));
        if (o === DEFAULT) {
          const reserves = sfen.split(' ')[2];
          const moved = ours.filter((s) => s.split(' ')[2] !== reserves);
          drops += moved.length;
          const promoted = (s: string) => s.split(' ')[0].split('+').length;
          dropPromotions += moved.filter((s) => promoted(s) > promoted(sfen)).length;
        } else if (o.heiseiDrops === 'once') onceCleared += ours.filter((s) => s.split(' ')[2].length < sfen.split(' ')[2].length - 1).length;
      }
    });
    expect(positions).toHaveLength(5_000);
    // drops were many, some promoting at once, and 'once' cleared reserves: every rule was compared
    expect(drops).toBeGreaterThan(100_000);
    expect(dropPromotions).toBeGreaterThan(1_000);
    expect(onceCleared).toBeGreaterThan(100);
  }, 900_000);
});
