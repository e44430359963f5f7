// Readiness: every dependency must answer a trivial query within the timeout, so an orchestrator stops
// sending players to an instance whose storage is gone (liveness is only the process: /health/live).

export interface Dependency {
  name: string;               // 'database', 'redis'
  ping(): Promise<unknown>;   // SELECT 1, PING
}

export interface HealthReport {
  ok: boolean;
  checks: Record<string, 'up' | 'down' | 'slow'>; // { database: 'up', redis: 'down' }
}

export class Health {
  constructor(private readonly deps: Dependency[], private readonly timeoutMs: number, private readonly started: () => boolean) {}

  async report(): Promise<HealthReport> {
    const results = await Promise.all(this.deps.map(async (d) => [d.name, await this.probe(d)] as const));
    const checks = Object.fromEntries(results);
    return { ok: this.started() && results.every(([, r]) => r === 'up'), checks };
  }

  private probe(d: Dependency): Promise<'up' | 'down' | 'slow'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('slow'), this.timeoutMs);
      d.ping().then(
        () => { clearTimeout(timer); resolve('up'); },
        () => { clearTimeout(timer); resolve('down'); },
      );
    });
  }
}
