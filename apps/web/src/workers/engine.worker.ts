/// <reference lib="webworker" />
// The CPU player in the browser: analyses and game reviews, one job at a time. A search blocks
// this thread, so jobs are cut into searches with a checkpoint between them, where a newer
// message (stop, another position) is read; the page ends a worker that does not answer in time.
import { analyse, review } from '../lib/analysis/search';
import type { FromWorker, ToWorker } from '../lib/analysis/protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: FromWorker) => scope.postMessage(m);

let running: { id: number; stopped: boolean } | null = null;
let next: ToWorker | null = null;

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  if (running) running.stopped = true;
  next = e.data.type === 'stop' ? null : e.data;
  if (!running) void work();
};

/** Lets queued messages in, then tells whether the running job was told to end. */
const checkpoint = (job: { stopped: boolean }) => () => new Promise<boolean>((ok) => setTimeout(() => ok(job.stopped), 0));

async function work() {
  while (next) {
    const msg = next;
    next = null;
    if (msg.type === 'stop') continue;
    const job = (running = { id: msg.id, stopped: false });
    try {
      const reason =
        msg.type === 'analyse'
          ? await analyse(msg.position, msg, (info) => post({ type: 'lines', id: msg.id, info }), checkpoint(job))
          : await review(msg.position, msg, (ply, ev, nodes, timeMs) => post({ type: 'evaluated', id: msg.id, ply, eval: ev, nodes, timeMs }), checkpoint(job));
      post({ type: 'done', id: msg.id, reason });
    } catch (e) {
      post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
      post({ type: 'done', id: msg.id, reason: 'finished' });
    }
    running = null;
  }
}
