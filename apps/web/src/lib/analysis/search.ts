// What the analysis worker computes, around the engine's one public search, `bestMove`:
// an analysis with the engine's exact MultiPV, depth after depth, and a game review at a fixed time per position.
// The engine is imported by path, not as `@chu/engine`: that entry also loads the Node worker pool.
import { Game } from '@chu/rules';
import { bestMove, type BestMoveResult, type PvLine } from '../../../../../packages/engine/src/engine.ts';
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
  search(game: Game, depth: number, multiPv: number): BestMoveResult {
    const r = bestMove(game, { depth, timeMs: 1e9, multiPv });
    this.nodes += r.nodes;
    return r;
  }
  get timeMs(): number {
    return performance.now() - this.started;
  }
}

/** A line of the engine's MultiPV as the board shows it: the side to move's score, the moves from the root. */
function lineOf(l: PvLine): Line {
  const line: Line = { moves: l.pv[0] === l.move ? l.pv : [l.move], cp: l.score };
  if (l.mate !== undefined) line.mate = l.mate;
  return line;
}

/**
 * Analyses a position depth by depth (the engine's table keeps the earlier depths, so each call
 * mostly pays for its last iteration) and reports the `multiPv` best lines after every depth: the
 * engine's exact MultiPV (the best root move, then the best of the others with it left out, and so
 * on, each searched to the full depth with the full window).
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
  for (let depth = 1; depth <= opts.maxDepth; depth++) {
    const r = counter.search(game, depth, multiPv);
    const [first, ...others] = (r.lines ?? [{ move: r.move, score: r.score, mate: r.mate, pv: r.pv }]).map(lineOf);
    // lines 2… best first even where the search's bounds put two of them the other way round
    const lines = [first, ...others.sort((a, b) => b.cp - a.cp)];
    emit({ depth, lines, nodes: counter.nodes, timeMs: counter.timeMs });
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
