// pnpm bench:rules — perft(4) from the start over distinct moves, legal-move listing time, and the
// move list (notation) of a 300-ply game; then dai's perft(3). Prints figures; asserts nothing (speed is measured, not tested).
import { Game, MAX_MOVES, START_SFEN, START_SFENS, parseSfen, perft, withDefaults, type Position } from '../src/index.ts';
import { parseSfen as shogiopsSfen } from 'shogiops/sfen';
import { perft as shogiopsPerft } from 'shogiops/debug';

const MIDGAME = [
  // five midgame positions from the rules oracle's random playouts (perft_distinct.random)
  'l1t9/af5x3N/m1r2ok5/p1pi1p2+H+D2/12/12/10X1/5P6/P3B1P+h4/1FM4D4/A4TGET1F+b/L1CSGK2SC1L w - 102',
  '1+V4kgscfl/3g2+Dthb1a/m1d6rvm/p6ppppp/2p1+d3i3/4N1p5/12/2P3PPI3/M6BPPq1/3B3D1RV1/A2G1OK+hS1CA/LF8FL w - 72',
  'lf1sgekgs+Dfl/4t1o4a/1vr1+Hx2t1vm/1p3Qp1p1p1/11p/+a1p5i3/12/1P4P4P/2P1XP6/1VR2T6/3S1O3+rF1/F3KE1Gn2L b - 89',
  '4te1+Hs2l/2N5gBca/7k2vm/6+D1p2p/4p5p1/12/+l11/4O7/1P2P4+r1M/10C1/2FT+RG1X1F1A/+h2S1KE4L b - 115',
  'lfcsgekg1cfl/a1b1txothsva/m1r1dq1d1rb1/pvp1ppnNpppm/1p4p1i2p/3i8/8I3/P2IP7/1PPPBPPP1PPP/MVR1D1Q+hHRVM/A2GTOXETB1A/LFCSK2GSCFL b - 31',
];

const load = (sfen: string): Position => {
  const pos = parseSfen(sfen);
  if (!pos.ok) throw new Error(pos.error);
  return pos.value;
};

/** Nodes per second of shogiops (lishogi's TypeScript rules) on the same machine, for the ratio. */
function shogiopsFigures(): number {
  const pos = shogiopsSfen('chushogi', START_SFEN).unwrap();
  shogiopsPerft(pos, 2); // warm-up
  const t = performance.now();
  const nodes = shogiopsPerft(pos, 3);
  const ms = performance.now() - t;
  const rate = (nodes / ms) * 1000;
  console.log(`shogiops perft(3) start: ${nodes} nodes in ${ms.toFixed(0)} ms = ${(rate / 1e3).toFixed(1)} k nodes/s`);
  return rate;
}

function perftFigures(label: string, count: (pos: Position, depth: number) => number): number {
  const pos = load(START_SFEN);
  count(pos, 3); // warm-up
  const runs: number[] = [];
  let nodes = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    nodes = count(pos, 4);
    runs.push(performance.now() - t);
  }
  const ms = Math.min(...runs);
  const rate = (nodes / ms) * 1000;
  console.log(`perft(4) start, distinct moves, ${label}: ${nodes} nodes in ${ms.toFixed(0)} ms = ${(rate / 1e6).toFixed(2)} M nodes/s (best of 3)`);
  return rate;
}

function listingFigures(name: string, sfen: string): void {
  const pos = load(sfen);
  const buf = new Int32Array(MAX_MOVES);
  let n = 0;
  for (let i = 0; i < 20_000; i++) n = pos.generate(buf); // warm-up
  const samples: number[] = [];
  const batch = 200;
  for (let s = 0; s < 200; s++) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) pos.generate(buf);
    samples.push(((performance.now() - t) * 1000) / batch);
  }
  samples.sort((a, b) => a - b);
  console.log(`legal moves ${name.padEnd(10)} ${String(n).padStart(4)} moves: median ${samples[samples.length >> 1].toFixed(2)} µs`);
}

perftFigures('leaves counted', perft);
const ours = perftFigures('every leaf played', (pos, depth) => perft(pos, depth, true));
const theirs = shogiopsFigures();
console.log(`ratio (every leaf played, like shogiops): ${(ours / theirs).toFixed(0)}x shogiops`);
listingFigures('start', START_SFEN);
MIDGAME.forEach((sfen, i) => listingFigures(`midgame ${i + 1}`, sfen));

/** A 300-ply game of seeded random moves (the first seed whose game lasts that long). */
function longGame(plies: number): Game {
  for (let seed = 1; ; seed++) {
    let s = seed;
    const random = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const game = Game.start();
    while (game.ply < plies && !game.outcome()) {
      const moves = game.legalMoves();
      game.play(moves[Math.floor(random() * moves.length)]);
    }
    if (game.ply === plies) return game;
  }
}

function notationFigures(plies: number): void {
  const game = longGame(plies);
  const usis = [...game.moves];
  let t = performance.now();
  Game.replay(usis);
  const replayMs = performance.now() - t;
  t = performance.now();
  const kanji = game.notations('kanji');
  game.notations('hodges');
  const listMs = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < plies; i++) game.notation(i, 'kanji');
  const perPlyMs = performance.now() - t;
  console.log(
    `move list of a ${kanji.length}-ply game: replay (notation written as each move is played) ${replayMs.toFixed(0)} ms, ` +
      `notations() both styles ${listMs.toFixed(2)} ms, notation(i) for every ply ${perPlyMs.toFixed(2)} ms`,
  );
}

notationFigures(300);

/** Dai shogi (docs/dai-shogi.md) on the same generator: perft(3) from its start. */
function daiFigures(): void {
  const pos = parseSfen(START_SFENS.dai, withDefaults({ variant: 'dai' }));
  if (!pos.ok) throw new Error(pos.error);
  for (const play of [false, true]) {
    perft(pos.value, 3, play); // warm-up
    const runs: number[] = [];
    let nodes = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      nodes = perft(pos.value, 3, play);
      runs.push(performance.now() - t);
    }
    const ms = Math.min(...runs);
    console.log(`dai perft(3) start, ${play ? 'every leaf played' : 'leaves counted'}: ${nodes} nodes in ${ms.toFixed(0)} ms = ${(nodes / ms / 1e3).toFixed(2)} M nodes/s (best of 3)`);
  }
}

daiFigures();
