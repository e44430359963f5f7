import { describe, expect, it } from 'vitest';
import { Game, unwrap } from '@chu/rules';
import { bestMove, newGame } from '../src/engine.ts';
import { RoyalHunt } from '../src/royal-hunt.ts';
import { engineTables } from '../src/tables.ts';
import { readProblems } from '../scripts/royal-hunt-set.ts';
import { fromSfen, randomGame } from './helpers.ts';

// The royal hunt proves a forced capture of the other side's last royal over forcing moves (moves
// that leave that royal attacked), against every legal answer.

const hunt = new RoyalHunt();

/** Plays the hunt's line on a copy of the game: its moves must be legal and end with the hunted royal taken. */
function playsOut(game: Game, line: readonly string[]): boolean {
  const g = game.clone();
  const hunter = g.turn;
  for (const usi of line) {
    const r = g.play(usi);
    if (!r.ok) return false;
  }
  const outcome = g.outcome();
  return outcome?.reason === 'royal-capture' && outcome.winner === hunter;
}

const usi = (game: Game, line: number[]) => line.map((m) => game.position.tables.usiOf(m));

describe('the royal hunt', () => {
  it.each([
    // [sfen, plies of the proof] — positions of the engine's own games (late set 1, a Queen, Dragon Horse and Lion on the King)
    ['lf5gscfl/a1s2k5a/7otv1m/p7p2p/2Qp1p1perp1/4+B4pP1/7PP3/10V1/PP1P1E1M3P/9r2/AC2T2T3A/LF1SGK2SCFL b - 191', 1], // the King stands attacked
    ['lf4kgscfl/a1s2g5a/7otv1m/p4+D2p2p/2Qp1p1perp1/4+B4pP1/7PP3/10V1/PP1P1E1M3P/9r2/AC2T2T3A/LF1SGK2SCFL b - 189', 3],
    ['lf4kgscfl/a1s3g4a/7otv1m/p4+D2p2p/3p1p1perp1/4+B4pP1/7PP3/10V1/PP1P1EQM3P/9r2/AC2T2T3A/LF1SGK2SCFL b - 187', 5],
  ])('proves the capture in %s within %i plies, with a line the rules accept', (sfen, plies) => {
    const game = fromSfen(sfen as string);
    const r = hunt.prove(game.position.clone(), { maxNodes: 1_000_000 });
    expect(r.verdict).toBe('win');
    expect(r.plies).toBe(plies);
    expect(r.line).toHaveLength(plies as number);
    expect(playsOut(game, usi(game, r.line))).toBe(true);
  });

  it('plays out only the captures among the answers that leave the royal attacked, when the hunter has two bare-king pieces', () => {
    // conversion position 3's loss (20 000 nodes a move): Black's Dragon King and Flying Ox on White's
    // King, White's Lion, Whale and White Horse free to answer. A non-capture cannot bare the
    // hunter, so such answers that leave the King attacked are not played (712 nodes before, 179 now)
    const game = fromSfen('12/2+l9/4+a7/7p4/5n3+V2/3+R8/12/10k1/12/12/12/3K8 b - 115');
    const r = hunt.prove(game.position.clone(), { maxNodes: 1_000_000 });
    expect(r.verdict).toBe('win');
    expect(r.plies).toBe(5);
    expect(playsOut(game, usi(game, r.line))).toBe(true);
    expect(r.nodes).toBeLessThan(300);
  });

  it('finds nothing to prove where no move attacks the other royal (the start position)', () => {
    const r = hunt.prove(Game.start().position.clone(), { maxNodes: 1_000_000 });
    expect(r.verdict).toBe('none');
  });

  it('does not call a hunt won that lets the hunted side take the last royal first', () => {
    // Black's Rook on 8h attacks nothing yet; White's Rook on 6i takes Black's lone King on 6l next move
    // unless Black moves it: no forced win for Black, whatever it attacks
    const game = fromSfen('5k6/12/12/12/12/12/12/4R7/6r5/12/12/6K5 b - 1');
    const r = hunt.prove(game.position.clone(), { maxNodes: 1_000_000 });
    expect(r.verdict).not.toBe('win');
  });

  it('says unknown, not none, when its budget runs out before a proof either way', () => {
    const game = fromSfen('lf4kgscfl/a1s3g4a/7otv1m/p4+D2p2p/3p1p1perp1/4+B4pP1/7PP3/10V1/PP1P1EQM3P/9r2/AC2T2T3A/LF1SGK2SCFL b - 187');
    const r = hunt.prove(game.position.clone(), { maxNodes: 20 });
    expect(r.verdict).toBe('unknown');
  });

  it('leaves the position as it found it', () => {
    const game = fromSfen('lf4kgscfl/a1s3g4a/7otv1m/p4+D2p2p/3p1p1perp1/4+B4pP1/7PP3/10V1/PP1P1EQM3P/9r2/AC2T2T3A/LF1SGK2SCFL b - 187');
    const pos = game.position.clone();
    hunt.prove(pos, { maxNodes: 1_000_000 });
    expect(pos.board).toEqual(game.position.board);
    expect([pos.hashLo, pos.hashHi, pos.turnBit, pos.lionSq]).toEqual([game.position.hashLo, game.position.hashHi, game.position.turnBit, game.position.lionSq]);
  });
});

describe('the shipped problem set (data/royal-hunt.txt)', () => {
  const problems = readProblems();
  // the shorter half: the whole set with its timings is `royal-hunt-set.ts time`
  const shorter = [...problems].sort((a, b) => a.plies - b.plies).slice(0, Math.ceil(problems.length / 2));

  it('holds at least 30 positions, each a forced capture in 3 to 11 plies', () => {
    expect(problems.length).toBeGreaterThanOrEqual(30);
    for (const p of problems) expect(p.plies === 3 || p.plies === 5 || p.plies === 7 || p.plies === 9 || p.plies === 11).toBe(true);
  });

  it.each(shorter.map((p) => [p.plies, p.sfen] as const))('proves the %i-ply capture in %s', (plies, sfen) => {
    const game = unwrap(Game.fromSfen(sfen));
    const r = hunt.prove(game.position.clone(), { maxNodes: 2_000_000 });
    expect(r.verdict).toBe('win');
    expect(r.plies).toBeGreaterThanOrEqual(plies);
    expect(playsOut(game, usi(game, r.line))).toBe(true);
  });
});

describe('level 8 with the royal hunt', () => {
  // data/royal-hunt.txt's 7-ply capture: Black's Lion 6d6b, and the King of White's falls on 4b … 2a
  const sevenPly = '2cs4k2l/4g2s1fca/1t6g3/5+EN3pp/12/12/12/+L11/1P3P3P1P/2M6S2/3GT1GT2FA/1FCS1K3C1L b - 247';

  it('plays a capture the hunt proves before its search starts, and says how far off it is', () => {
    const game = fromSfen(sevenPly);
    newGame();
    const r = bestMove(game, { nodes: 2000, timeMs: 60_000 });
    expect(r.move).toBe('6d6b');
    expect(r.mate).toBe(7);
    expect(playsOut(game, r.pv)).toBe(true);
    expect(r.nodes).toBeLessThan(2000); // the hunt's proof, no search after it
    newGame();
    expect(bestMove(game, { nodes: 2000, timeMs: 60_000, hunt: false }).nodes).toBeGreaterThanOrEqual(2000);
  });

  it("does not play the search's move when the hunt proves the other side then takes its royal by force", () => {
    // the same position with White to move and a Black Pawn on 1e to take: after 1d1e Black's capture still stands
    const game = fromSfen('2cs4k2l/4g2s1fca/1t6g3/5+EN3pp/11P/12/12/+L11/1P3P3P1P/2M6S2/3GT1GT2FA/1FCS1K3C1L w - 247');
    newGame();
    const alone = bestMove(game, { nodes: 3000, timeMs: 60_000, hunt: false }).move;
    expect(alone).toBe('1d1e');
    const after = game.clone();
    unwrap(after.play(alone));
    expect(hunt.prove(after.position.clone(), { maxNodes: 200_000 }).verdict).toBe('win');
    newGame();
    expect(bestMove(game, { nodes: 3000, timeMs: 60_000 }).move).not.toBe('1d1e');
  });
});

describe('"the last royal stands attacked" read from attack maps (HuntLimits.attackMaps, issue 51)', () => {
  // a pair of hunts per variant: one scans out from the royal, the other reads its maps
  const hunts = new Map<string, [RoyalHunt, RoyalHunt]>();
  const same = (game: Game, maxNodes: number) => {
    const variant = game.options.variant ?? 'chu';
    if (!hunts.has(variant)) hunts.set(variant, [new RoyalHunt(engineTables(variant)), new RoyalHunt(engineTables(variant))]);
    const [scan, withMaps] = hunts.get(variant)!;
    const plain = scan.prove(game.position.clone(), { maxNodes });
    const mapped = withMaps.prove(game.position.clone(), { maxNodes, attackMaps: true });
    expect(mapped).toEqual(plain);
    return plain;
  };

  it.each(readProblems().map((p) => [p.plies, p.sfen] as const))('gives the same proof, line and node count for the %i-ply capture in %s', (_plies, sfen) => {
    expect(same(unwrap(Game.fromSfen(sfen)), 200_000).verdict).not.toBe('none');
  });

  it.each([
    // [game, plies of random moves, seed]: positions with drops (Heisei) and dai's limited ranges, hunted either way
    ['chu', { variant: 'chu' }, 60, 3],
    ['heisei', { variant: 'heisei' }, 40, 5],
    ['dai', { variant: 'dai' }, 60, 7],
  ] as const)('gives the same verdicts and node counts over random %s positions', (_name, options, plies, seed) => {
    for (let i = 0; i < 6; i++) same(randomGame(seed * 100 + i, plies, options), 3_000);
  });
});
