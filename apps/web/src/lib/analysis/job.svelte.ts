// What the analysis and the review share: a job in their own worker, running or not, and how it ended.
import type { FromWorker } from './protocol';
import { EngineWorker, type Job } from './worker';

export abstract class EngineJob {
  running = $state(false);
  error = $state<string | null>(null);
  /** why the last job ended: 'limit' after its time, 'finished' when nothing is left to do */
  ended = $state<'stopped' | 'limit' | 'finished' | null>(null);
  readonly available = EngineWorker.available();
  private readonly worker = new EngineWorker();

  /** Starts `job` (ending the one before); `on` hears its lines or evaluations. */
  protected run(job: Job, on: (m: FromWorker) => void): void {
    this.error = null;
    this.ended = null;
    this.running = true;
    this.worker.start(job, (m) => {
      if (m.type === 'error') this.error = m.message;
      else if (m.type === 'done') {
        this.running = false;
        this.ended = m.reason;
      } else on(m);
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
