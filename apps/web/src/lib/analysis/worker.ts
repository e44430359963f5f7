// The page's side of the analysis worker: jobs by id, stale messages dropped, and a worker that
// stays busy past a grace period after stop or a newer job is ended and replaced (a search
// cannot be interrupted from outside without SharedArrayBuffer, which needs cross-origin isolation).
import type { FromWorker, ToWorker } from './protocol';

export type Job = ToWorker extends infer T ? (T extends { type: 'stop' } ? never : Omit<T, 'id'>) : never;

/** How long a worker may take to reach its next checkpoint before it is replaced. */
export const GRACE_MS = 600;

export class EngineWorker {
  private worker: Worker | null = null;
  private id = 0;
  /** posted jobs the worker has not reported done */
  private unfinished = new Set<number>();
  private current: { id: number; job: Job; on: (m: FromWorker) => void } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  static available(): boolean {
    return typeof Worker !== 'undefined';
  }

  /** Starts a job (ending the one before); `on` hears only this job's messages. */
  start(job: Job, on: (m: FromWorker) => void): void {
    const id = ++this.id;
    this.current = { id, job, on };
    this.post({ ...job, id } as ToWorker);
    this.watch();
  }

  stop(): void {
    if (!this.current) return;
    this.current = null;
    if (this.worker) this.worker.postMessage({ type: 'stop', id: ++this.id } satisfies ToWorker);
    this.watch();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.current = null;
    this.worker?.terminate();
    this.worker = null;
    this.unfinished.clear();
  }

  private post(msg: ToWorker) {
    this.worker ??= this.spawn();
    this.unfinished.add(msg.id);
    this.worker.postMessage(msg);
  }

  private spawn(): Worker {
    const w = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === 'done') this.unfinished.delete(m.id);
      if (this.current?.id === m.id) {
        if (m.type === 'done') {
          const on = this.current.on;
          this.current = null;
          on(m);
        } else this.current.on(m);
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const c = this.current;
      this.dispose();
      c?.on({ type: 'error', id: c.id, message: e.message || 'engine worker failed' });
      c?.on({ type: 'done', id: c.id, reason: 'finished' });
    };
    return w;
  }

  /** An older job still running after the grace period: replace the worker, re-send the current job. */
  private watch() {
    clearTimeout(this.timer);
    const older = [...this.unfinished].some((id) => id !== this.current?.id);
    if (!older) return;
    this.timer = setTimeout(() => {
      if (![...this.unfinished].some((id) => id !== this.current?.id)) return;
      const c = this.current;
      this.worker?.terminate();
      this.worker = null;
      this.unfinished.clear();
      if (c) this.post({ ...c.job, id: c.id } as ToWorker);
    }, GRACE_MS);
  }
}
