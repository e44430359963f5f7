// The analysis board's engine: go, stop, follow the position shown.
import { EngineJob } from './job.svelte';
import type { LinesInfo, PositionSpec } from './protocol';

/** An analysis thinks this long at most on one position, then waits for "go" again. */
export const ANALYSIS_MAX_MS = 120_000;
const MAX_DEPTH = 60;

export class Analysis extends EngineJob {
  /** the latest finished depth of the position being analysed */
  info = $state.raw<LinesInfo | null>(null);
  /** the position `info` is about: 'startSfen|7i7h 6d6e' */
  key = $state('');

  go(spec: PositionSpec, multiPv: number): void {
    if (!this.available) return;
    const key = keyOf(spec);
    if (key !== this.key) this.info = null;
    this.key = key;
    this.run({ type: 'analyse', position: spec, multiPv, maxMs: ANALYSIS_MAX_MS, maxDepth: MAX_DEPTH }, (m) => {
      if (m.type === 'lines') this.info = m.info;
    });
  }
}

export const keyOf = (spec: PositionSpec): string => `${spec.sfen}|${spec.moves.join(' ')}`;
