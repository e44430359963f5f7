// pnpm --filter @chu/server bench:queue — BullMQ's own latency on the site's Redis, the number the
// choice of BullMQ over bare Redis Streams rests on (issue 39): one job at a time into an idle queue,
// timed from `add()` to the worker starting it, and to the owner hearing it finished (QueueEvents).
// The job does nothing, so the figures are the queue's overhead alone. Env: REDIS_URL, BENCH_JOBS (300).
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JOBS = Number(process.env.BENCH_JOBS ?? 300);
const name = `cpu-${process.pid}`;
const prefix = 'chu:bench';
const connection = () => new Redis(url, { maxRetriesPerRequest: null });

const queue = new Queue(name, { connection: connection(), prefix });
const events = new QueueEvents(name, { connection: connection(), prefix });
const started = new Map<string, number>();
const worker = new Worker(name, async (job) => { started.set(job.id!, performance.now()); return 'ok'; }, { connection: connection(), prefix, concurrency: 1 });
await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
const finished = new Map<string, () => void>();
events.on('completed', ({ jobId }) => finished.get(jobId)?.());

const toStart: number[] = [];
const roundTrip: number[] = [];
for (let i = 0; i < JOBS; i++) {
  await new Promise((r) => setTimeout(r, 5)); // an idle queue each time: the worker is blocked waiting
  const t0 = performance.now();
  const done = new Promise<void>((r) => finished.set(`j${i}`, r));
  await queue.add('move', { i }, { jobId: `j${i}`, priority: 1 + (i % 3), removeOnComplete: true });
  await done;
  roundTrip.push(performance.now() - t0);
  toStart.push(started.get(`j${i}`)! - t0);
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))].toFixed(2);
console.log(`BullMQ on ${url}, ${JOBS} jobs one at a time`);
console.log(`enqueue → start      p50 ${pct(toStart, 50)} ms  p95 ${pct(toStart, 95)} ms  max ${pct(toStart, 100)} ms`);
console.log(`enqueue → completed  p50 ${pct(roundTrip, 50)} ms  p95 ${pct(roundTrip, 95)} ms  max ${pct(roundTrip, 100)} ms (heard through QueueEvents)`);
await worker.close();
await events.close();
await queue.obliterate({ force: true });
await queue.close();
process.exit(0);
