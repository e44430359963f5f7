// What the analysis worker computes, around the engine's one public search, `bestMove`:
// an analysis with MultiPV, depth after depth, and a game review at a fixed time per position.
// The engine is imported by path, not as `@chu/engine`: that entry also loads the Node worker pool.
import { Game } from '@chu/rules';
import { bestMove, type BestMoveResult } from '../../../../../packages/engine/src/engine.ts';
import type { Line, LinesInfo, PositionEval, PositionSpec } from './protocol';
import { MATE } from './score';

/** Polled between searches: resolves true once the job should end (the worker reads its messages meanwhile). */
export type Checkpoint = () => Promise<boolean>;

export function gameOf(spec: PositionSpec): Game {
  const r = Game.replay(spec.moves, spec.options, spec.sfen);
  if (!r.ok) throw new Error(`illegal position: ${r.error.reason} at ply ${r.error.ply}`);
  return r.value;
}

/** Sums the nodes of every search made for one job. */
class Counter {
  nodes = 0;
  readonly started = performance.now();
  search(game: Game, depth: number): BestMoveResult {
    const r = bestMove(game, { depth, timeMs: 1e9 });
    this.nodes += r.nodes;
    return r;
  }
  get timeMs(): number {
    return performance.now() - this.started;
  }
}

const byScore = (a: Line, b: Line) => b.cp - a.cp;

/** The line that starts with `usi`, scored for the side that plays it: a search of the reply `depth` deep. */
function lineAfter(game: Game, usi: string, depth: number, counter: Counter): Line {
  const child = game.clone();
  child.play(usi);
  const over = child.outcome();
  if (over) return over.winner === null ? { moves: [usi], cp: 0 } : { moves: [usi], cp: MATE - 1, mate: 1 };
  const r = counter.search(child, Math.max(1, depth));
  const line: Line = { moves: [usi, ...r.pv], cp: -r.score };
  // the reply's mate counts from the child: one ply more, the other side's point of view
  if (r.mate !== undefined) line.mate = r.mate < 0 ? -r.mate + 1 : -(r.mate + 1);
  return line;
}

/**
 * Root moves best first by a one-ply look at each reply: where lines 2… of a MultiPV are looked for.
 * (The engine searches all root moves but reports one line; `roots`/`exclude` in bestMove would make this exact.)
 */
function shallowOrder(game: Game, counter: Counter): string[] {
  return game
    .legalMoves()
    .map((usi) => lineAfter(game, usi, 1, counter))
    .sort(byScore)
    .map((l) => l.moves[0]);
}

/** How many extra candidates each depth searches for lines 2…: the shallow order's next best. */
const SPARE_CANDIDATES = 2;

/**
 * Analyses a position depth by depth (the engine's table keeps the earlier depths, so each call
 * mostly pays for its last iteration) and reports the `multiPv` best lines after every depth.
 * Line 1 is the engine's own choice; lines 2… are the best of the previous depth's other lines and
 * the shallow order's best, each searched one ply less from the position after its first move.
 */
export async function analyse(
  spec: PositionSpec,
  opts: { multiPv: number; maxMs: number; maxDepth: number },
  emit: (info: LinesInfo) => void,
  stop: Checkpoint,
): Promise<'stopped' | 'limit' | 'finished'> {
  const game = gameOf(spec);
  const legal = game.legalMoves();
  if (legal.length === 0) return 'finished';
  const counter = new Counter();
  const multiPv = Math.max(1, Math.min(opts.multiPv, legal.length));
  let order: string[] | undefined;
  let previous: Line[] = [];
  for (let depth = 1; depth <= opts.maxDepth; depth++) {
    const r = counter.search(game, depth);
    const first: Line = { moves: r.pv[0] === r.move ? r.pv : [r.move], cp: r.score };
    if (r.mate !== undefined) first.mate = r.mate;
    const lines = [first];
    if (multiPv > 1) {
      if (await stop()) return 'stopped';
      order ??= shallowOrder(game, counter);
      const seen = new Set([r.move]);
      const candidates = [...previous.slice(1).map((l) => l.moves[0]), ...order].filter((m) => !seen.has(m) && !!seen.add(m));
      const others: Line[] = [];
      for (const usi of candidates.slice(0, multiPv - 1 + SPARE_CANDIDATES)) {
        if (await stop()) return 'stopped';
        others.push(lineAfter(game, usi, depth - 1, counter));
      }
      lines.push(...others.sort(byScore).slice(0, multiPv - 1));
    }
    emit({ depth, lines, nodes: counter.nodes, timeMs: counter.timeMs });
    previous = lines;
    // one legal move, or a decided game the search has seen to its end: deeper changes nothing
    if (legal.length === 1 || (first.mate !== undefined && Math.abs(first.mate) <= depth)) return 'finished';
    if (counter.timeMs >= opts.maxMs) return 'limit';
    if (await stop()) return 'stopped';
  }
  return 'finished';
}

/** A finished game's position: nothing to search, the result is the score. */
function overEval(game: Game): PositionEval {
  const winner = game.outcome()!.winner;
  return { cp: winner === null ? 0 : winner === game.turn ? MATE : -MATE, mate: 0, pv: [], depth: 0 };
}

/**
 * Evaluates the position before the first move and after each move of a game (from ply `from`),
 * `msPerPosition` each, and hands each evaluation over as it is done.
 */
export async function review(
  spec: PositionSpec,
  opts: { msPerPosition: number; from: number },
  emit: (ply: number, ev: PositionEval, nodes: number, timeMs: number) => void,
  stop: Checkpoint,
): Promise<'stopped' | 'finished'> {
  const game = gameOf({ ...spec, moves: spec.moves.slice(0, opts.from) });
  for (let ply = opts.from; ply <= spec.moves.length; ply++) {
    if (ply > opts.from) game.play(spec.moves[ply - 1]);
    if (await stop()) return 'stopped';
    if (game.outcome() || game.legalPacked().length === 0) {
      emit(ply, game.outcome() ? overEval(game) : { cp: -MATE, mate: 0, pv: [], depth: 0 }, 0, 0);
      continue;
    }
    const r = bestMove(game, { timeMs: opts.msPerPosition });
    const ev: PositionEval = { cp: r.score, best: r.move, pv: r.pv, depth: r.depth };
    if (r.mate !== undefined) ev.mate = r.mate;
    emit(ply, ev, r.nodes, r.timeMs);
  }
  return 'finished';
}
