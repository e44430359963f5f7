import { makeKifHeader, makeKifMoveOrDrop, parseKifHeader, parseKifMovesOrDrops } from 'shogiops/notation/kif';
import { initialSfen, makeSfen as shogiopsSfen, parseSfen as shogiopsPosition } from 'shogiops/sfen';
import { makeUsi as shogiopsUsi, parseUsi as shogiopsMove } from 'shogiops/util';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Game, parseKif, toKif, unwrap } from '../src/index.ts';
import { MOVES_HEADER } from '../src/notation/kif.ts';
import { playouts, type Playout } from './kif-games.ts';

// Issue 14's proof: KIF travels between us and lishogi's shogiops (0.18.0) in both directions.
const GAMES = playouts(200, 14);

/** What shogiops makes of a KIF: it reads a 12-rank diagram as chu; without one, lishogi knows the variant from the game. */
function readByShogiops(kif: string): { usis: string[]; sfen: string; rules: string } {
  const lines = kif.split('\n');
  const split = lines.indexOf(MOVES_HEADER);
  const pos = lines.some((l) => l.startsWith('|'))
    ? parseKifHeader(lines.slice(0, split).join('\n')).unwrap()
    : shogiopsPosition('chushogi', initialSfen('chushogi')).unwrap();
  const mds = parseKifMovesOrDrops(lines.slice(split + 1));
  for (const md of mds) pos.play(md);
  return { usis: mds.map(shogiopsUsi), sfen: shogiopsSfen(pos), rules: pos.rules };
}

/** KIF as shogiops writes it: its header (diagram or `手合割：`), then its move text for each move. */
function writtenByShogiops(game: Game): string {
  const pos = shogiopsPosition('chushogi', game.startSfen).unwrap();
  const lines = [makeKifHeader(pos), MOVES_HEADER];
  for (const usi of game.moves) {
    const md = shogiopsMove(usi)!;
    lines.push(makeKifMoveOrDrop(pos, md)!);
    pos.play(md);
  }
  return lines.join('\n');
}

const finalSfen = (sfen: string, moves: string[], options: Game['options']) => unwrap(Game.replay(moves, options, sfen)).sfen();

/** Runs one direction over the set; the failures name the game and what differs. */
function roundTrips(label: string, check: (p: Playout) => string | undefined, games = GAMES): string[] {
  const failures = games.flatMap((p, i) => {
    const problem = check(p);
    return problem ? [`game ${i} (${p.start}): ${problem}`] : [];
  });
  console.log(`${label}: ${games.length - failures.length}/${games.length} games`);
  return failures;
}

/** Our export read back by our import: start, rules, header, moves, outcome and final position. */
function ownRoundTrip({ game, header }: Playout): string | undefined {
  const ours = parseKif(toKif(game, header));
  if (!ours.ok) return JSON.stringify(ours.error);
  const { sfen, moves, options, header: read } = ours.value;
  if (sfen !== game.startSfen) return `start ${sfen}`;
  if (!isDeepStrictEqual(options, game.options)) return `options ${JSON.stringify(options)}`;
  if (moves.join(' ') !== game.moves.join(' ')) return 'moves differ';
  if (!isDeepStrictEqual(read, { ...header, ...(game.outcome() && { outcome: game.outcome() }) })) return `header ${JSON.stringify(read)}`;
  if (finalSfen(sfen, moves, options) !== game.sfen()) return 'final SFEN differs';
  return undefined;
}

describe('the 200-game random playout set', () => {
  it('holds what a game record must carry', () => {
    const kifs = GAMES.map((p) => toKif(p.game, p.header));
    const count = (re: RegExp) => kifs.reduce((n, k) => n + (k.match(re)?.length ?? 0), 0);
    const figures = {
      plies: GAMES.reduce((n, p) => n + p.game.ply, 0),
      twoStepMoves: count(/一歩目/g), // double moves, igui and passes
      igui: count(/居食い/g),
      passes: count(/一歩目 \S+ （←(\S+?)）\n +\d+手目二歩目 \1[^\s（]+ （←/g), // back to the origin, no 居食い
      promotions: count(/成 （/g) - count(/不成 （/g),
      declined: count(/不成 （/g),
      sameSquare: count(/仝/g),
      nonStandardStarts: GAMES.filter((p) => p.start !== 'standard').length,
      whiteStarts: GAMES.filter((p) => p.game.startSfen.split(' ')[1] === 'w').length,
      ruleEnds: GAMES.filter((p) => p.game.outcome() && ['royal-capture', 'bare-king', 'no-legal-move', 'move-limit'].includes(p.game.outcome()!.reason)).length,
      terminations: count(/手目 {3}(投了|切れ負け|持将棋|中断|詰み)/g),
      lengths: `${Math.min(...GAMES.map((p) => p.game.ply))}–${Math.max(...GAMES.map((p) => p.game.ply))}`,
    };
    console.log('playout set:', JSON.stringify(figures));
    for (const [name, n] of Object.entries(figures)) if (typeof n === 'number') expect(n, name).toBeGreaterThan(5);
  });

  it('our KIF, read back by shogiops, reaches the same moves and final SFEN', () => {
    const failures = roundTrips('ours → shogiops', ({ game, header }) => {
      const theirs = readByShogiops(toKif(game, header));
      if (theirs.rules !== 'chushogi') return `read as ${theirs.rules}`;
      if (theirs.usis.join(' ') !== game.moves.join(' ')) return `moves differ from ply ${theirs.usis.findIndex((u, k) => u !== game.moves[k])} (${theirs.usis.length}/${game.ply} read)`;
      if (theirs.sfen !== game.sfen()) return `${theirs.sfen} ≠ ${game.sfen()}`;
      return undefined;
    });
    expect(failures).toEqual([]);
  });

  it('KIF written by shogiops is read by ours to the same moves and final SFEN', () => {
    const failures = roundTrips('shogiops → ours', ({ game }) => {
      const ours = parseKif(writtenByShogiops(game), game.options);
      if (!ours.ok) return JSON.stringify(ours.error);
      if (ours.value.sfen !== game.startSfen) return `start ${ours.value.sfen}`;
      if (ours.value.moves.join(' ') !== game.moves.join(' ')) return 'moves differ';
      if (finalSfen(ours.value.sfen, ours.value.moves, ours.value.options) !== game.sfen()) return 'final SFEN differs';
      return undefined;
    });
    expect(failures).toEqual([]);
  });

  it('our export → our import gives back the start, rules, header, moves, outcome and final SFEN', () => {
    const failures = roundTrips('ours → ours', ownRoundTrip);
    expect(failures).toEqual([]);
  });
});

// RULES.md §3's `shogi` promotion is ours alone: shogiops' play() applies lishogi's rule and refuses
// some of those promotions, so from shogiops only the moves it reads are compared.
describe("games under promotion 'shogi'", () => {
  const SHOGI = playouts(25, 41, { promotion: 'shogi' });

  it('round-trip through our own KIF, and shogiops reads the same moves', () => {
    expect(roundTrips("ours → ours, promotion 'shogi'", ownRoundTrip, SHOGI)).toEqual([]);
    const read = roundTrips("ours → shogiops moves, promotion 'shogi'", ({ game }) => {
      const { usis } = readByShogiops(toKif(game));
      return usis.join(' ') === game.moves.join(' ') ? undefined : `${usis.length}/${game.ply} moves read`;
    }, SHOGI);
    expect(read).toEqual([]);
  });
});
