// The analysis board's engine: go, stop, follow the position shown.
import type { LinesInfo, PositionSpec } from './protocol';
import { EngineWorker } from './worker';

/** An analysis thinks this long at most on one position, then waits for "go" again. */
export const ANALYSIS_MAX_MS = 120_000;
const MAX_DEPTH = 60;

export class Analysis {
  /** the latest finished depth of the position being analysed */
  info = $state.raw<LinesInfo | null>(null);
  running = $state(false);
  error = $state<string | null>(null);
  /** why the last analysis ended: 'limit' after ANALYSIS_MAX_MS, 'finished' when deeper changes nothing */
  ended = $state<'stopped' | 'limit' | 'finished' | null>(null);
  /** the position `info` is about: 'startSfen|7i7h 6d6e' */
  key = $state('');
  private readonly worker = new EngineWorker();

  readonly available = EngineWorker.available();

  go(spec: PositionSpec, multiPv: number): void {
    if (!this.available) return;
    const key = keyOf(spec);
    if (key !== this.key) this.info = null;
    this.key = key;
    this.error = null;
    this.ended = null;
    this.running = true;
    this.worker.start({ type: 'analyse', position: spec, multiPv, maxMs: ANALYSIS_MAX_MS, maxDepth: MAX_DEPTH }, (m) => {
      if (m.type === 'lines') this.info = m.info;
      else if (m.type === 'error') this.error = m.message;
      else if (m.type === 'done') {
        this.running = false;
        this.ended = m.reason;
      }
    });
  }

  stop(): void {
    this.worker.stop();
    this.running = false;
  }

  dispose(): void {
    this.worker.dispose();
    this.running = false;
  }
}

export const keyOf = (spec: PositionSpec): string => `${spec.sfen}|${spec.moves.join(' ')}`;
