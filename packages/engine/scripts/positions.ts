import { writeFileSync } from 'node:fs';
import { Game, EMPTY, IS_ROYAL, SQUARES, WHITE_BIT, makeSfen, seededRandom, unwrap, type Color } from '@chu/rules';
import { bestMove, newGame } from '../src/engine.ts';
import { VALUE } from '../src/tables.ts';
import { dataFile, readPositions } from './data.ts';
import { material } from './match-game.ts';

// Writes the harness's start positions (seeded, so the files can be made again exactly):
//   tsx packages/engine/scripts/positions.ts openings     → data/openings.txt (50 openings)
//   tsx packages/engine/scripts/positions.ts conversion   → data/conversion.txt (30 won positions)
//   tsx packages/engine/scripts/positions.ts late         → data/conversion-late.txt (won positions from self-play)
//   tsx packages/engine/scripts/positions.ts balanced [n] → data/balanced.txt (n openings, default 500: the SPRT's)

/** Score for the side to move after a fixed-depth search (a mate counts as ±10 000). */
function judge(game: Game, depth: number): number {
  const r = bestMove(game, { depth, timeMs: 60_000 });
  return r.mate !== undefined ? Math.sign(r.mate) * 10_000 : r.score;
}

/**
 * A random but sane move: a random legal move whose depth-2 score is within `slack` of the best
 * (so no piece is thrown away), tried up to 40 times before falling back to the best move.
 */
function saneMove(game: Game, random: () => number, slack: number): string {
  const best = bestMove(game, { depth: 3, timeMs: 60_000 });
  const target = best.mate !== undefined ? -Infinity : best.score - slack;
  const moves = game.legalMoves();
  for (let tries = 0; tries < 40; tries++) {
    const m = moves[Math.floor(random() * moves.length)];
    const g = game.clone();
    unwrap(g.play(m));
    if (g.outcome()) continue;
    if (-judge(g, 2) >= target) return m;
  }
  return best.move;
}

function openings(count: number): string[] {
  const random = seededRandom(20_240_601);
  const out = new Set<string>();
  while (out.size < count) {
    const game = Game.start();
    const plies = 6 + Math.floor(random() * 5);
    for (let i = 0; i < plies; i++) unwrap(game.play(saneMove(game, random, 40)));
    // balanced enough that either colour can play it
    if (!game.outcome() && Math.abs(judge(game, 4)) <= 150) out.add(game.sfen());
  }
  return [...out];
}

/**
 * The sequential test's openings (issue 51): like `openings` but many more, so that a match of up to
 * twice their number never plays an opening pair twice. 4–12 random-but-sane plies, kept when a
 * 20 000-node search (about depth 5, node-limited and from an empty hash table, so the file can be
 * made again exactly) scores the result within ±150; boards are distinct (the move number aside).
 */
function balanced(count: number): string[] {
  const random = seededRandom(20_261_206);
  const boards = new Set<string>();
  const out: string[] = [];
  let tried = 0;
  while (out.length < count) {
    newGame();
    const game = Game.start();
    const plies = 4 + Math.floor(random() * 9);
    for (let i = 0; i < plies; i++) unwrap(game.play(saneMove(game, random, 40)));
    tried++;
    const board = game.sfen().split(' ').slice(0, 3).join(' ');
    if (game.outcome() || boards.has(board)) continue;
    const r = bestMove(game, { nodes: 20_000, timeMs: 60_000, hunt: false });
    if (r.mate !== undefined || Math.abs(r.score) > 150) continue;
    boards.add(board);
    out.push(game.sfen());
    if (out.length % 50 === 0) console.error(`${out.length}/${count} kept of ${tried} tried`);
  }
  console.error(`${out.length} kept of ${tried} tried`);
  return out;
}

/**
 * Won positions: a middlegame from sane play, then pieces taken from one side until the other is
 * ahead by at least a Lion (2000), in three phases: full board, simplified (both sides thinned
 * out) and endgame (the weak side keeps its King and a few small pieces).
 */
function conversions(count: number): string[] {
  const random = seededRandom(20_240_602);
  const out: string[] = [];
  while (out.length < count) {
    const phase = out.length % 3;
    const game = Game.start();
    const plies = 16 + Math.floor(random() * 24) + phase * 10;
    for (let i = 0; i < plies && !game.outcome(); i++) unwrap(game.play(saneMove(game, random, 60)));
    if (game.outcome()) continue;
    const pos = game.position.clone();
    pos.lionSq = 0;
    const strong: Color = random() < 0.5 ? 'black' : 'white';
    const pieces = (c: Color) =>
      Array.from(SQUARES).filter((sq) => {
        const p = pos.board[sq];
        return p !== EMPTY && (p & WHITE_BIT ? 'white' : 'black') === c && !IS_ROYAL[p];
      });
    const take = (c: Color, keep: number) => {
      const list = pieces(c);
      while (list.length > keep) pos.put(list.splice(Math.floor(random() * list.length), 1)[0], EMPTY);
    };
    const weak: Color = strong === 'black' ? 'white' : 'black';
    if (phase === 1) {
      take(strong, 18 + Math.floor(random() * 8));
      take(weak, 12 + Math.floor(random() * 6));
    } else if (phase === 2) {
      take(strong, 6 + Math.floor(random() * 6));
      take(weak, 1 + Math.floor(random() * 4));
    }
    // then the weak side loses pieces (its Lion first, half the time) until the gap is a Lion
    const weakList = pieces(weak);
    const lion = weakList.find((sq) => VALUE[pos.board[sq]] >= 2000);
    if (lion !== undefined && random() < 0.5) pos.put(lion, EMPTY);
    let tries = 0;
    const g0 = () => unwrap(Game.fromSfen(makeSfen(pos)));
    while (material(g0(), strong) - material(g0(), weak) < 2000 && tries++ < 100) {
      const list = pieces(weak);
      if (list.length === 0) break;
      pos.put(list[Math.floor(random() * list.length)], EMPTY);
    }
    const g = g0();
    if (g.outcome() || pieces(weak).length === 0) continue;
    if (material(g, strong) - material(g, weak) < 2000) continue;
    // ahead after the tactics too, and not a win in a few plies (nothing to convert then)
    const score = (g.turn === strong ? 1 : -1) * judge(g, 3);
    if (score < 1500 || score >= 10_000) continue;
    out.push(g.sfen());
  }
  return out;
}

/**
 * Won positions from real play, the kind the harness's games reach the cap with unconverted: the
 * engine plays itself (20 000 nodes a move, as the conversion statistic is measured; a fresh hash
 * table a game, so the file can be made again) from each shipped opening, up to the harness's 400
 * plies, and the first position 60 or more plies in where one side has come to lead by a Lion
 * (2000) in material, and a depth-3 search agrees (≥ +1500, no quick mate), is kept.
 */
function late(count: number): string[] {
  const out: string[] = [];
  for (const sfen of readPositions(dataFile('openings.txt'))) {
    if (out.length >= count) break;
    const game = unwrap(Game.fromSfen(sfen));
    newGame();
    for (let ply = 0; ply < 400 && !game.outcome(); ply++) {
      unwrap(game.play(bestMove(game, { nodes: 20_000, timeMs: 60_000, hunt: false }).move));
      if (ply < 60) continue;
      const lead = material(game, 'black') - material(game, 'white');
      if (Math.abs(lead) < 2000) continue;
      const strong: Color = lead > 0 ? 'black' : 'white';
      const score = (game.turn === strong ? 1 : -1) * judge(game, 3);
      if (score < 1500 || score >= 10_000) continue;
      out.push(game.sfen());
      break;
    }
  }
  return out;
}

const what = process.argv[2];
if (what === 'openings') {
  const list = openings(50);
  writeFileSync(
    dataFile('openings.txt'),
    `# 50 openings: 6–10 random plies from the start, each a random legal move whose depth-2 score is within 40 cp of\n# the depth-3 best, kept if a depth-4 search scores the result within ±150 cp. Made by\n# \`tsx packages/engine/scripts/positions.ts openings\` (seeded: running it again gives this file).\n${list.join('\n')}\n`,
  );
} else if (what === 'conversion') {
  const list = conversions(30);
  writeFileSync(
    dataFile('conversion.txt'),
    `# 30 won positions: sane middlegames with pieces taken from one side until the other is at least a Lion (2000)\n# ahead, in three phases (full board, thinned out, endgame); a depth-3 search agrees (≥ +1500, no quick mate).\n# Made by \`tsx packages/engine/scripts/positions.ts conversion\` (seeded).\n${list.join('\n')}\n`,
  );
} else if (what === 'late') {
  const list = late(30);
  writeFileSync(
    dataFile('conversion-late.txt'),
    `# ${list.length} won positions from self-play: the engine (20 000 nodes a move) plays itself from each opening of\n# openings.txt; the first position 60 or more plies in where one side leads by a Lion (2000) in material and a depth-3\n# search agrees (≥ +1500, no quick mate). Made by \`tsx packages/engine/scripts/positions.ts late\` (repeatable).\n${list.join('\n')}\n`,
  );
} else if (what === 'balanced') {
  const count = Number(process.argv[3] ?? 500);
  const t0 = performance.now();
  const list = balanced(count);
  console.error(`${((performance.now() - t0) / 60_000).toFixed(1)} min`);
  writeFileSync(
    dataFile('balanced.txt'),
    `# ${list.length} balanced openings for the sequential test (pnpm match --sprt): 4–12 random plies from the start, each a\n# random legal move whose depth-2 score is within 40 cp of the depth-3 best, kept if a 20 000-node search scores the\n# result within ±150 cp; distinct boards. Made by \`nice -n 15 tsx packages/engine/scripts/positions.ts balanced ${count}\`\n# (seeded and node-limited: running it again gives this file).\n${list.join('\n')}\n`,
  );
} else {
  console.error('usage: tsx packages/engine/scripts/positions.ts openings|conversion|late|balanced [count]');
  process.exit(2);
}
