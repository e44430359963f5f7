// "Revisar con la CPU": every position of a game evaluated in the worker, a fixed time each.
import type { Color } from '@chu/rules';
import { curve, judge } from './judge';
import { EngineJob } from './job.svelte';
import type { PositionEval, PositionSpec } from './protocol';

/** Think time per position of a review. */
export const REVIEW_MS = 400;

export class Review extends EngineJob {
  /** the side to move's evaluation after each ply; undefined: not reached yet */
  evals = $state.raw<(PositionEval | undefined)[]>([]);
  /** positions to evaluate: the start and one after each move */
  total = $state(0);
  readonly done = $derived(this.total > 0 && this.evals.filter(Boolean).length === this.total);
  private spec = $state.raw<PositionSpec | null>(null);
  /** who moves first in the reviewed game */
  readonly first = $derived<Color>(this.spec?.sfen.split(' ')[1] === 'w' ? 'white' : 'black');
  /** every move both of whose positions are evaluated, marked by what it cost */
  readonly judged = $derived(this.spec ? judge(this.evals, this.spec.moves, this.first) : []);
  /** Black's share of the evaluation after each ply (the graph) */
  readonly curve = $derived(curve(this.evals, this.first));

  /** Starts, or goes on from the first position not yet evaluated. */
  start(spec: PositionSpec, msPerPosition = REVIEW_MS): void {
    if (!this.available) return;
    if (!this.spec || this.spec.sfen !== spec.sfen || this.spec.moves.join(' ') !== spec.moves.join(' ')) this.evals = [];
    this.spec = spec;
    this.total = spec.moves.length + 1;
    let from = 0;
    while (from < this.total && this.evals[from]) from++;
    if (from === this.total) return;
    this.run({ type: 'review', position: spec, msPerPosition, from }, (m) => {
      if (m.type !== 'evaluated') return;
      const next = [...this.evals];
      next[m.ply] = m.eval;
      this.evals = next;
    });
  }
}
