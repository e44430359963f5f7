/**
 * At most `limit` of one kind of transaction hold a database connection at once; the rest wait here, in
 * arrival order. An interactive transaction keeps its connection across event-loop turns, so on a busy
 * process a burst of them (room creations, each a few round trips under advisory locks) could hold the
 * whole pool and a move would wait for a connection past its timeout. Bounded, they leave the rest of the
 * pool to the moves.
 */
export class ConnectionShare {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes on as it is
      else this.running--;
    }
  }
}
