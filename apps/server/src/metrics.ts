import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// fine around 10–25 ms: a move's target is an answer within 20 ms at 5,000 games (issue 48)
const SECONDS = [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

/**
 * This process's figures, in Prometheus' text format at /metrics (README lists them). One registry per
 * process object, not prom-client's global one: tests run several servers in one Node process.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Figures read when /metrics is scraped, from whoever holds them (the lobby, Socket.IO, the queue). */
  readonly read: { games?: () => number; sockets?: () => number; queueDepth?: () => Promise<Record<string, number>> } = {};

  // the site as this process serves it
  readonly games = new Gauge({ name: 'chu_games_active', help: 'Games in play in the rooms this process owns', registers: [this.registry],
    collect: () => { if (this.read.games) this.games.set(this.read.games()); },
  });
  readonly sockets = new Gauge({ name: 'chu_sockets', help: 'Socket.IO connections open on this process', registers: [this.registry],
    collect: () => { if (this.read.sockets) this.sockets.set(this.read.sockets()); },
  });
  readonly moveRoundTrip = new Histogram({
    name: 'chu_move_round_trip_seconds', help: 'A move message from its arrival to its answer (checked, stored, acknowledged)', buckets: SECONDS, registers: [this.registry],
  });

  // the CPU's moves, asked for by a room's owner
  readonly queueDepth = new Gauge({ name: 'chu_cpu_queue_depth', help: 'CPU move jobs in the site queue, by state', labelNames: ['state'], registers: [this.registry],
    collect: async () => {
      // Redis away: the figure is left out rather than the whole page refused
      const counts = await this.read.queueDepth?.().catch(() => null);
      for (const [state, n] of Object.entries(counts ?? {})) this.queueDepth.set({ state }, n);
    },
  });
  readonly cpuMoves = new Counter({
    name: 'chu_cpu_moves_total', help: 'CPU moves this owner received, by who searched them: queue (an engine process), local (no queue), fallback (own pool: no engine answer in time, or too little time to ask)',
    labelNames: ['by'], registers: [this.registry],
  });
  readonly engines = new Gauge({ name: 'chu_engine_processes', help: 'Engine processes on the site\'s roster, as this server last looked (0: it consumes jobs itself)', registers: [this.registry] });
  readonly lateAnswers = new Counter({ name: 'chu_cpu_late_answers_total', help: 'Queue answers that came after the owner had fallen back (ignored)', registers: [this.registry] });
  readonly answersByEngine = new Counter({ name: 'chu_cpu_queue_answers_total', help: 'Queue answers this owner used, by the engine process that searched them', labelNames: ['engine'], registers: [this.registry] });

  // the CPU's searches, where they run (an engine process, or a server consuming the queue or searching alone)
  readonly jobsServed = new Counter({ name: 'chu_cpu_jobs_served_total', help: 'Move searches this process ran, by outcome: answered, or dropped as too late to start', labelNames: ['outcome'], registers: [this.registry] });
  readonly waitBeforeStart = new Histogram({ name: 'chu_cpu_wait_seconds', help: 'A job\'s wait in the queue before a search started', buckets: SECONDS, registers: [this.registry] });
  readonly thinkGranted = new Histogram({ name: 'chu_cpu_think_granted_seconds', help: 'Think time a search was granted when it started', buckets: SECONDS, registers: [this.registry] });
  readonly depth = new Histogram({ name: 'chu_cpu_search_depth', help: 'Depth the search of a CPU move this owner received reached', buckets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12], registers: [this.registry] });

  constructor(labels: { role: 'server' | 'engine'; process: string }) {
    this.registry.setDefaultLabels(labels);
    collectDefaultMetrics({ register: this.registry });
  }

  text(): Promise<string> { return this.registry.metrics(); }
  get contentType(): string { return this.registry.contentType; }
}
