import { MIN_THINK_MS } from '@chu/engine';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { planQueued, queueRank, type MoveRequest } from './MoveRequest.ts';
import { EngineRoster, jobIdOf, QUEUE_NAME, queueConnection, type MoveJob, type MoveJobAnswer } from './MoveQueue.ts';
import { serveMoveJobs } from './MoveJobs.ts';
import type { LocalMoves, MoveAnswer, MoveSource } from './MoveSource.ts';

type Outcome = { kind: 'answer'; answer: MoveJobAnswer } | { kind: 'failed' } | { kind: 'gave-up' } | { kind: 'cancelled' };

/** How often a server looks whether engine processes run (and so whether to consume jobs itself). */
const ROSTER_EVERY_MS = 1000;
/** A job given up on is remembered this long, so its answer, if it still comes, is counted as late. */
const LATE_WINDOW_MS = 60_000;

/**
 * A room owner's CPU moves through the site's queue (with REDIS_URL). The owner stays in charge: it
 * enqueues, waits until the request's deadline less FALLBACK_MS, and otherwise searches on its own pool
 * with the time left, so an away person never loses on time because an engine process died or Redis
 * is slow. A cancelled request (takeback, resignation, the person back) removes its job if no one
 * took it yet; an answer that comes anyway has no one waiting for it, and the room compares ply and
 * position version before storing anything.
 *
 * While no engine process runs, this server also consumes jobs with its own pool, so a site of
 * servers alone plays as before and its servers lend idle engine workers to each other.
 */
export class QueuedMoves implements MoveSource {
  private readonly waiting = new Map<string, (o: Outcome) => void>();
  private readonly gaveUp = new Map<string, ReturnType<typeof setTimeout>>();
  private rosterTimer: ReturnType<typeof setInterval> | undefined;
  /** This server's own consumer of the queue, while no engine process runs. */
  private consumer: ReturnType<typeof serveMoveJobs> | null = null;
  private closed = false;

  private constructor(
    private readonly queue: Queue<MoveJob, MoveJobAnswer>,
    private readonly connections: Redis[],
    private readonly events: QueueEvents,
    private readonly serve: () => ReturnType<typeof serveMoveJobs>,
    private readonly roster: EngineRoster,
    private readonly local: LocalMoves,
    private readonly metrics: Metrics,
    private readonly log: Logger,
  ) {}

  static async open(opts: { redis: Redis; prefix: string; local: LocalMoves; id: string; metrics: Metrics; log: Logger }): Promise<QueuedMoves> {
    const { redis, prefix, local, metrics, log } = opts;
    // The producer fails fast like the site's client (Redis away: the owner searches here at once);
    // the event reader blocks, so it waits for Redis instead.
    const producer = redis.duplicate();
    producer.on('error', () => {});
    const queue = new Queue<MoveJob, MoveJobAnswer>(QUEUE_NAME, { connection: producer, prefix });
    const reader = queueConnection(redis);
    const events = new QueueEvents(QUEUE_NAME, { connection: reader, prefix });
    const serve = () => serveMoveJobs({ redis, prefix, local, id: opts.id, metrics, log });
    const moves = new QueuedMoves(queue, [producer, reader], events, serve, new EngineRoster(redis, prefix), local, metrics, log);
    queue.on('error', () => {}); // Redis away: add() fails and the owner falls back
    events.on('error', () => {});
    events.on('completed', ({ jobId, returnvalue }) => moves.heard(jobId, { kind: 'answer', answer: returnvalue as unknown as MoveJobAnswer }));
    events.on('failed', ({ jobId }) => moves.heard(jobId, { kind: 'failed' }));
    metrics.read.queueDepth = async () => {
      const c = await queue.getJobCounts('waiting', 'prioritized', 'active');
      return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0 };
    };
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    await moves.followRoster();
    let following: Promise<void> | null = null;
    moves.rosterTimer = setInterval(() => { following ??= moves.followRoster().finally(() => { following = null; }); }, ROSTER_EVERY_MS);
    moves.rosterTimer.unref();
    return moves;
  }

  get workers(): number { return this.local.workers; }

  async move(req: MoveRequest, signal: AbortSignal): Promise<MoveAnswer> {
    const now = Date.now();
    const plan = planQueued(req, now, MIN_THINK_MS);
    if (plan.kind === 'local') return this.fallback(req, signal);
    const id = jobIdOf(req);
    const outcome = new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => settle({ kind: 'gave-up' }), plan.giveUpAt - now);
      const cancel = () => settle({ kind: 'cancelled' });
      const settle = (o: Outcome) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', cancel);
        this.waiting.delete(id);
        resolve(o);
      };
      signal.addEventListener('abort', cancel, { once: true });
      this.waiting.set(id, settle);
    });
    // not awaited: the owner's own timer decides how long it waits, whatever Redis does
    this.queue.add('move', { request: req, engineDeadline: plan.engineDeadline }, {
      jobId: id, priority: queueRank(req, now), removeOnComplete: true, removeOnFail: true,
    }).catch((err: Error) => {
      this.log.warn({ err: err.message, game: req.gameId }, 'move queue unreachable: searching here');
      this.waiting.get(id)?.({ kind: 'failed' });
    });
    const o = await outcome;
    if (o.kind === 'answer') {
      this.metrics.answersByEngine.inc({ engine: o.answer.engine });
      return { usi: o.answer.usi, depth: o.answer.depth, by: 'queue', engine: o.answer.engine };
    }
    if (o.kind !== 'failed') {
      // not taken yet: nobody will search it; taken: its answer is ignored (and counted late if we fall back)
      void this.queue.remove(id).catch(() => undefined);
    }
    if (o.kind === 'cancelled') throw signal.reason;
    if (o.kind === 'gave-up') this.gaveUp.set(id, setTimeout(() => this.gaveUp.delete(id), LATE_WINDOW_MS).unref());
    return this.fallback(req, signal);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.rosterTimer);
    for (const t of this.gaveUp.values()) clearTimeout(t);
    for (const settle of [...this.waiting.values()]) settle({ kind: 'gave-up' });
    await this.consumer?.close();
    await this.events.close().catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    for (const c of this.connections) c.disconnect();
    await this.local.close();
  }

  private async fallback(req: MoveRequest, signal: AbortSignal): Promise<MoveAnswer> {
    if (signal.aborted) throw signal.reason;
    return { ...(await this.local.move(req, signal)), by: 'fallback' };
  }

  private heard(jobId: string, outcome: Outcome): void {
    const waiter = this.waiting.get(jobId);
    if (waiter) return waiter(outcome);
    if (outcome.kind === 'answer' && this.gaveUp.has(jobId)) {
      clearTimeout(this.gaveUp.get(jobId));
      this.gaveUp.delete(jobId);
      this.metrics.lateAnswers.inc();
    }
  }

  /**
   * Consumes jobs here only while no engine process runs. The consumer is closed rather than paused
   * meanwhile: a paused BullMQ worker may still take the job its blocking read was woken for.
   */
  private async followRoster(): Promise<void> {
    const engines = await this.roster.count().catch(() => null);
    if (engines === null || this.closed) return; // Redis away: leave things as they are
    this.metrics.engines.set(engines);
    if (engines > 0 && this.consumer) {
      const consumer = this.consumer;
      this.consumer = null;
      await consumer.close();
    } else if (engines === 0 && !this.consumer) {
      this.consumer = this.serve();
    }
  }
}
