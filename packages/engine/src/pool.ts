import { Worker } from 'node:worker_threads';
import { startSfenOf, withDefaults, type Game, type Options } from '@chu/rules';
import type { BestMoveResult, Repetition } from './engine.ts';

/** What a search needs to rebuild the game in a worker: start position, options, moves played. */
export interface PositionSpec {
  /** start SFEN; default the standard start */
  sfen?: string;
  /** canonical USI of the moves played since */
  moves?: readonly string[];
  options?: Partial<Options>;
}

export interface PoolSearch {
  level?: number;
  timeMs?: number;
  depth?: number;
  nodes?: number;
  seed?: number;
  /** the repetition rule to play by (BestMoveOptions.repetition); default 'fourth' */
  repetition?: Repetition;
  /** exact MultiPV lines in the result's `lines` (BestMoveOptions.multiPv) */
  multiPv?: number;
  /**
   * Date.now() ms the answer is needed by. The think time is cut to fit when the job leaves the
   * queue, so a saturated pool answers sooner instead of late (at least `MIN_THINK_MS`).
   */
  deadline?: number;
}

export const MIN_THINK_MS = 30;

/** The think time of a search that starts now (Date.now() ms): its `timeMs`, cut to its `deadline`. */
export function thinkTime(search: PoolSearch, now: number): number {
  const timeMs = search.timeMs ?? 1000;
  return search.deadline === undefined ? timeMs : Math.max(MIN_THINK_MS, Math.min(timeMs, search.deadline - now));
}

export interface WorkerRequest {
  id: number;
  sfen: string;
  moves: string[];
  options: Options;
  search: PoolSearch;
  /** SharedArrayBuffer of one Int32: set to 1 to stop the search */
  stop: SharedArrayBuffer;
}

export type WorkerReply = { id: number; ok: true; result: BestMoveResult } | { id: number; ok: false; error: string };

interface Job {
  req: WorkerRequest;
  resolve: (r: BestMoveResult) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  /** retires the worker once it has been idle for the pool's idleMs */
  idle?: ReturnType<typeof setTimeout>;
}

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? Object.assign(new Error('search aborted'), { name: 'AbortError' });

/**
 * A few worker threads that search so the caller's thread never blocks. Searches queue when all
 * workers are busy. An aborted search rejects with the signal's reason and frees its worker at once.
 *
 * Workers start with the first search that needs one and stop after `idleMs` without work: each
 * holds its own hash tables (tens of MB), and a server that nobody plays the CPU on should not pay
 * for them.
 */
export class EnginePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private crashes = 0;
  /** set once workers keep dying (e.g. tsx missing): every search fails with it */
  private broken: unknown = null;
  private readonly idleMs: number;

  /** Worker threads at most: at least 1, whatever was asked. */
  readonly size: number;

  constructor(size = 1, options: { idleMs?: number } = {}) {
    // Math.max(1, NaN) is NaN, and a pool of NaN workers would start none and refuse every search
    this.size = Number.isFinite(size) ? Math.max(1, Math.floor(size)) : 1;
    this.idleMs = options.idleMs ?? 5 * 60_000;
  }

  /** Worker threads running now (0 until the first search, and again after idleMs without work). */
  get running(): number { return this.slots.length; }

  /** The engine's move for a game position; see BestMoveOptions for the search fields. */
  search(position: PositionSpec, search: PoolSearch = {}, signal?: AbortSignal): Promise<BestMoveResult> {
    if (this.closed) return Promise.reject(new Error('engine pool is closed'));
    if (this.broken) return Promise.reject(this.broken);
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const req: WorkerRequest = {
        id: this.nextId++,
        sfen: position.sfen ?? startSfenOf(position.options),
        moves: [...(position.moves ?? [])],
        options: withDefaults(position.options),
        search,
        stop: new SharedArrayBuffer(4),
      };
      const job: Job = { req, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          Atomics.store(new Int32Array(req.stop), 0, 1);
          const queued = this.queue.indexOf(job);
          if (queued >= 0) this.queue.splice(queued, 1);
          reject(abortError(signal));
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Convenience for a Game object (its start SFEN, options and moves are sent). */
  searchGame(game: Game, search: PoolSearch = {}, signal?: AbortSignal): Promise<BestMoveResult> {
    return this.search({ sfen: game.startSfen, moves: game.moves, options: game.options }, search, signal);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('engine pool is closed'));
    for (const slot of this.slots) {
      if (slot.job) {
        Atomics.store(new Int32Array(slot.job.req.stop), 0, 1);
        slot.job.reject(new Error('engine pool is closed'));
      }
    }
    for (const slot of this.slots) clearTimeout(slot.idle);
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url));
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (reply: WorkerReply) => this.finish(slot, reply));
    worker.on('error', (e) => {
      // a crashed worker: fail its job and drop it; the next search starts another
      const job = slot.job;
      slot.job = undefined;
      job?.reject(e);
      this.drop(slot);
      if (this.closed) return;
      if (++this.crashes > 5) {
        // workers that keep dying: stop starting them, fail what waits
        this.broken = e;
        for (const queued of this.queue.splice(0)) queued.reject(e);
        return;
      }
      this.pump();
    });
    this.slots.push(slot);
    return slot;
  }

  private drop(slot: Slot): void {
    clearTimeout(slot.idle);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private retire(slot: Slot): void {
    if (slot.job || this.closed) return;
    this.drop(slot);
    void slot.worker.terminate();
  }

  private finish(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    slot.job = undefined;
    if (job && job.req.id === reply.id) {
      if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
      // an aborted job was already rejected; settling again is a no-op
      if (reply.ok) job.resolve(reply.result);
      else job.reject(new Error(reply.error));
    }
    this.pump();
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.broken) {
      const slot = this.slots.find((x) => !x.job) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) break;
      const job = this.queue.shift()!;
      clearTimeout(slot.idle);
      slot.job = job;
      slot.worker.ref();
      // cut now, and again in the worker once the game is rebuilt (a fresh worker warms up first)
      slot.worker.postMessage({ ...job.req, search: { ...job.req.search, timeMs: thinkTime(job.req.search, Date.now()) } });
    }
    // idle workers must not keep the process alive, and stop after a while
    for (const slot of this.slots) {
      if (slot.job) continue;
      slot.worker.unref();
      clearTimeout(slot.idle);
      slot.idle = setTimeout(() => this.retire(slot), this.idleMs);
      slot.idle.unref();
    }
  }
}

/**
 * The server's CPU seat (apps/server CpuPlayer interface): searches in the pool, resolves the
 * canonical USI of the chosen move.
 */
export class EngineCpuPlayer {
  constructor(private readonly pool: EnginePool) {}

  get workers(): number { return this.pool.size; }

  async chooseMove(game: Game, opts: { level: number; timeMs: number; deadline?: number; signal: AbortSignal }): Promise<string> {
    const r = await this.pool.searchGame(game, { level: opts.level, timeMs: opts.timeMs, deadline: opts.deadline }, opts.signal);
    return r.move;
  }
}
