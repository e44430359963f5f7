import { describe, expect, it } from 'vitest';
import { Game, START_SFENS, parseSfen, perft, seededRandom, unwrap, withDefaults } from '../src/index.ts';
import { sfenOf } from './helpers.ts';
import { successors } from './oracle.ts';
import { referenceDaiSuccessors, type DaiReferenceOptions } from './reference-dai.ts';

// dai-shogi.md against data: the engine and a second generator written only from seed 001's table
// agree on every distinct successor, from the start (perft) and along random games.

const DEFAULT: DaiReferenceOptions = { promotion: 'association', knightSecondChance: true };
const SETS: DaiReferenceOptions[] = [
  DEFAULT,
  { promotion: 'association', knightSecondChance: false },
  { promotion: 'shogi', knightSecondChance: true },
];

/** The engine's successors with repeats, so a move generated twice shows as a difference. */
const engine = (sfen: string, o: DaiReferenceOptions): string[] =>
  successors(unwrap(parseSfen(sfen, withDefaults({ variant: 'dai', ...o }))));

/** Positions along seeded random games from the start, each position once. */
function playoutPositions(count: number, seed: number): string[] {
  const rand = seededRandom(seed);
  const seen = new Set<string>();
  while (seen.size < count) {
    const game = Game.start({ variant: 'dai' });
    for (let ply = 0; ply < 400 && !game.outcome() && seen.size < count; ply++) {
      seen.add(game.sfen());
      const moves = game.legalMoves();
      unwrap(game.play(moves[Math.floor(rand() * moves.length)]));
    }
  }
  return [...seen];
}

/** Reference perft: leaves over distinct successors, as the engine's perft counts them. */
const referencePerft = (sfen: string, depth: number): number =>
  depth === 0 ? 1 : referenceDaiSuccessors(sfen, DEFAULT).reduce((n, s) => n + referencePerft(s, depth - 1), 0);

describe('dai shogi: the engine agrees with a naive generator written from seed 001', () => {
  it('perft from the start: 71, 5,041, 357,978 — the same by both generators', () => {
    const pos = unwrap(parseSfen(START_SFENS.dai, withDefaults({ variant: 'dai' })));
    const counts = [1, 2, 3].map((d) => [perft(pos, d), referencePerft(START_SFENS.dai, d)]);
    expect(counts).toEqual([
      [71, 71],
      [5_041, 5_041],
      [357_978, 357_978],
    ]);
  }, 600_000);

  it('5,000 positions of random games: identical distinct-successor sets (the Knight\'s second chance and the shogi zone rule on every tenth)', () => {
    const positions = playoutPositions(5_000, 17);
    let promotions = 0;
    positions.forEach((sfen, i) => {
      for (const o of i % 10 === 0 ? SETS : [DEFAULT]) {
        const ours = engine(sfen, o);
        expect(ours, `${sfen} ${JSON.stringify(o)}`).toEqual(referenceDaiSuccessors(sfen, o));
        promotions += ours.filter((s) => s.includes('+')).length;
      }
    });
    expect(positions).toHaveLength(5_000);
    // the games went deep enough to promote, so the zone was compared too
    expect(promotions).toBeGreaterThan(1_000);
  }, 900_000);

  /** A random crowd around the far ranks of one side: trapped pieces, Knights, limited ranges and Lions at the edge. */
  function crowdedSfen(rand: () => number): string {
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const DAI_PLAY = ["n'", "s'", "i'", 'p', 'l', "v'", "f'", "a'", "c'", "e'", 'n', '+h', '+d', '+o', 'o', 'x', 'g'];
    const pieces: Record<string, string> = { '15o': 'K', '1a': 'k' };
    const rows = rand() < 0.5 ? 'abcdef' : 'jklmno';
    for (let i = 0; i < 12 + Math.floor(rand() * 25); i++) {
      const sq = `${1 + Math.floor(rand() * 15)}${pick([...rows])}`;
      if (pieces[sq]) continue;
      const code = pick(DAI_PLAY);
      pieces[sq] = rand() < 0.5 ? code.toUpperCase() : code;
    }
    return sfenOf(pieces, rand() < 0.5 ? 'b' : 'w', '-', 1, 15);
  }

  it.each([1, 2])('on 300 crowded far-rank positions under every option set (seed %i)', (seed) => {
    const rand = seededRandom(seed);
    for (let i = 0; i < 300; i++) {
      const sfen = crowdedSfen(rand);
      for (const o of SETS) expect(engine(sfen, o), `${sfen} ${JSON.stringify(o)}`).toEqual(referenceDaiSuccessors(sfen, o));
    }
  }, 300_000);
});
