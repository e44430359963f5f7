import { MIN_THINK_MS, thinkTime } from '@chu/engine';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { stillWorthSearching } from './MoveRequest.ts';
import { JOB_LOCK_MS, QUEUE_NAME, queueConnection, type MoveJob, type MoveJobAnswer } from './MoveQueue.ts';
import type { LocalMoves } from './MoveSource.ts';

/**
 * Takes jobs from the site's queue and searches them on this process's pool, as many at once as it
 * has engine workers: an engine process always, a server only while no engine process runs.
 *
 * A job that waited past the point where a search could still reach its owner in time is dropped
 * (the owner has fallen back by then). A job whose searcher died comes back to the queue once its
 * lock runs out (JOB_LOCK_MS) and goes to another process, if it is still worth searching.
 */
export function serveMoveJobs(opts: {
  redis: Redis; prefix: string; local: LocalMoves; id: string; metrics: Metrics; log: Logger;
}): { worker: Worker<MoveJob, MoveJobAnswer>; close(): Promise<void> } {
  const { local, metrics, id } = opts;
  const search = async (job: Job<MoveJob, MoveJobAnswer>): Promise<MoveJobAnswer> => {
    const { request, engineDeadline } = job.data;
    const now = Date.now();
    const waitMs = Math.max(0, now - job.timestamp);
    metrics.waitBeforeStart.observe(waitMs / 1000);
    if (!stillWorthSearching(engineDeadline, now, MIN_THINK_MS)) {
      metrics.jobsServed.inc({ outcome: 'late' });
      throw new UnrecoverableError('too late to start');
    }
    const thinkMs = thinkTime({ timeMs: request.timeMs, deadline: engineDeadline }, now);
    metrics.thinkGranted.observe(thinkMs / 1000);
    const answer = await local.move({ ...request, deadline: engineDeadline }, new AbortController().signal);
    metrics.jobsServed.inc({ outcome: 'answered' });
    return { usi: answer.usi, depth: answer.depth, engine: id, waitMs, thinkMs };
  };
  const connection = queueConnection(opts.redis);
  const worker = new Worker<MoveJob, MoveJobAnswer>(QUEUE_NAME, search, {
    connection,
    prefix: opts.prefix,
    name: id,
    concurrency: local.workers,
    lockDuration: JOB_LOCK_MS,
    stalledInterval: JOB_LOCK_MS / 2,
    maxStalledCount: 1, // handed out again once; a second death means the owner falls back
  });
  worker.on('error', (err) => opts.log.warn({ err: err.message }, 'move queue consumer'));
  return {
    worker,
    async close() {
      // the searches under way finish and are answered; no new job is taken
      await worker.close().catch(() => undefined);
      connection.disconnect();
    },
  };
}
