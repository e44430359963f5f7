import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Game, IS_ROYAL, WHITE_BIT, unwrap, type Position } from '@chu/rules';
import { bestMove, newGame } from '../src/engine.ts';
import { RoyalHunt } from '../src/royal-hunt.ts';
import { engineTables } from '../src/tables.ts';
import { dataFile, readPositions } from './data.ts';

// The royal hunt's problem set (data/royal-hunt.txt): positions of the engine's own games where the
// side to move takes the other's last royal by force in 3–11 plies.
//   tsx packages/engine/scripts/royal-hunt-set.ts make    → scans the games, checks each find, writes the file
//   tsx packages/engine/scripts/royal-hunt-set.ts time    → the hunt on each position: plies, nodes, ms
// Run it under `nice -n 19` on a shared machine.

export interface HuntProblem {
  sfen: string;
  /** plies to the royal capture, the capture included (odd: the hunter moves first and last) */
  plies: number;
  /** one forced line, USI */
  line: string[];
}

/** data/royal-hunt.txt: `sfen | plies | line` a line, `#` lines are comments. */
export function readProblems(file = dataFile('royal-hunt.txt')): HuntProblem[] {
  return readPositions(file).map((l) => {
    const [sfen, plies, line] = l.split('|').map((x) => x.trim());
    return { sfen, plies: Number(plies), line: line.split(' ') };
  });
}

/**
 * Whether the side to move can take the other's last royal within `depth` plies whatever the other
 * does: a plain minimax over every legal move (the rules' generator and attack test, nothing of the
 * hunt's), with a table of what each position and depth gave. `budget` counts moves made; null when
 * it runs out.
 */
export function capturesWithin(pos: Position, depth: number, budget: { moves: number }): boolean | null {
  const hunter = pos.turnBit;
  const hunted = hunter ? 0 : 1;
  const known = new Map<string, boolean>();
  const huntedBit = hunted ? WHITE_BIT : 0;
  const royalSquare = (): number => pos.tables.squares.find((sq) => IS_ROYAL[pos.board[sq]] === 1 && (pos.board[sq] & WHITE_BIT) === huntedBit)!;
  const attackedRoyal = (): boolean => pos.royals[hunted] === 1 && pos.attacked(royalSquare(), hunter);
  const search = (d: number): boolean | null => {
    // the hunter to move with d plies left (d odd), or the hunted side (d even)
    const key = `${pos.hashLo},${pos.hashHi},${pos.lionSq},${d}`;
    const seen = known.get(key);
    if (seen !== undefined) return seen;
    const moves: number[] = [];
    const n = pos.generate(moves);
    let result: boolean;
    if (pos.turnBit === hunter) {
      if (attackedRoyal()) result = true;
      else if (d < 3) result = false;
      else {
        result = false;
        for (let i = 0; i < n && !result; i++) {
          if (--budget.moves < 0) return null;
          pos.make(moves[i]);
          const r = pos.royals[hunted] === 0 ? true : search(d - 1);
          pos.unmake();
          if (r === null) return null;
          result = r;
        }
      }
    } else {
      result = true; // no legal move loses
      for (let i = 0; i < n && result; i++) {
        if (--budget.moves < 0) return null;
        pos.make(moves[i]);
        const r = pos.royals[hunter] === 0 ? false : attackedRoyal() ? true : search(d - 1);
        pos.unmake();
        if (r === null) return null;
        result = r;
      }
    }
    known.set(key, result);
    return result;
  };
  return search(depth);
}

/** Bare-king counts of one side (the rules' defends table). */
function defenders(pos: Position, bit: number): number {
  const t = engineTables(pos.tables.variant);
  let n = 0;
  for (const sq of t.squares) {
    const p = pos.board[sq];
    if (p !== 0 && (p & WHITE_BIT) === bit) n += t.defends[p * t.frame + sq];
  }
  return n;
}

/**
 * Scans self-play games (the search alone, 5 000 nodes a move, a fresh hash table a game, up to 100 plies) from the
 * conversion sets' positions; at each ply the hunt (20 000 nodes) looks for a forced royal capture
 * of 3–11 plies. A find is kept when both sides have more bare-king pieces than its line has plies (so
 * the bare-king rule cannot end it first); its length is the shortest the minimax above finds,
 * deepened two plies at a time (5 million moves at most); at most two finds a game, of different lengths.
 */
function make(): void {
  const hunt = new RoyalHunt();
  const sources = [...readPositions(dataFile('conversion-late.txt')), ...readPositions(dataFile('conversion.txt'))];
  const out: string[] = [];
  const lengths: number[] = [];
  for (const [g, start] of sources.entries()) {
    const game = unwrap(Game.fromSfen(start));
    newGame();
    let kept = 0;
    const seenPlies = new Set<number>();
    for (let ply = 0; ply < 100 && !game.outcome() && kept < 2; ply++) {
      const pos = game.position.clone();
      const r = hunt.prove(pos, { maxNodes: 20_000 });
      if (r.verdict === 'win' && r.plies >= 3 && r.plies <= 11) {
        // the hunt's proof need not be the shortest: the minimax, deepened two plies at a time, says how long it is
        const safe = defenders(pos, 0) > r.plies + 1 && defenders(pos, WHITE_BIT) > r.plies + 1;
        const budget = { moves: 5_000_000 };
        let plies = 0;
        for (let d = 1; safe && d <= r.plies && plies === 0; d += 2) {
          const found = capturesWithin(pos.clone(), d, budget);
          if (found === null) break;
          if (found) plies = d;
        }
        const verdict = !safe ? 'a side could be bared: left out' : plies ? `minimax: ${plies} plies` : 'minimax ran out: left out';
        console.log(`game ${g + 1} ply ${ply}: hunt ${r.plies} plies, ${r.nodes} nodes; ${verdict}`);
        if (plies >= 3 && !seenPlies.has(plies)) {
          const line = r.line.map((m) => pos.tables.usiOf(m)).join(' ');
          out.push(`${game.sfen()} | ${plies} | ${line}`);
          lengths.push(plies);
          seenPlies.add(plies);
          kept++;
        }
      }
      unwrap(game.play(bestMove(game, { nodes: 5000, timeMs: 60_000, hunt: false }).move));
    }
    console.log(`game ${g + 1} done at ply ${game.ply}: ${out.length} kept`);
  }
  writeFileSync(
    dataFile('royal-hunt.txt'),
    `# ${out.length} positions where the side to move takes the other's last royal by force: sfen | plies | one forced line.\n` +
      `# From self-play (the search alone, 5 000 nodes a move) out of conversion-late.txt and conversion.txt; found by the royal hunt (20 000 nodes);\n` +
      `# plies = the shortest forced capture, by a plain minimax over every legal move (not the hunt). Made by \`tsx packages/engine/scripts/royal-hunt-set.ts make\`.\n` +
      out.join('\n') +
      '\n',
  );
  console.log(`${out.length} positions, plies ${[3, 5, 7, 9, 11].map((p) => `${p}: ${lengths.filter((x) => x === p).length}`).join(', ')}`);
}

/** The hunt on each shipped problem, from a fresh table: what it proves, in how many nodes and ms. */
function time(): void {
  const hunt = new RoyalHunt();
  hunt.prove(unwrap(Game.fromSfen(readProblems()[0].sfen)).position.clone(), { maxNodes: 200_000 }); // JIT warm-up
  console.log(' #  plies  found  verdict       nodes      ms');
  let worst = 0;
  for (const [i, p] of readProblems().entries()) {
    const pos = unwrap(Game.fromSfen(p.sfen)).position.clone();
    const t = performance.now();
    const r = hunt.prove(pos, { maxNodes: 5_000_000, deadline: t + 10_000 });
    const ms = performance.now() - t;
    worst = Math.max(worst, ms);
    console.log(`${String(i + 1).padStart(2)}  ${String(p.plies).padStart(5)}  ${String(r.plies).padStart(5)}  ${r.verdict.padEnd(8)} ${String(r.nodes).padStart(10)} ${ms.toFixed(1).padStart(7)}`);
  }
  console.log(`slowest ${worst.toFixed(1)} ms`);
}

// run as a script only: a bench or test that imports readProblems passes arguments of its own
const what = import.meta.url === pathToFileURL(process.argv[1] ?? '').href ? process.argv[2] : undefined;
if (what === 'make') make();
else if (what === 'time') time();
else if (what !== undefined) {
  console.error('usage: tsx packages/engine/scripts/royal-hunt-set.ts make|time');
  process.exit(2);
}
