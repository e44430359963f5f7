// Runs tasks one at a time, in arrival order: two messages for one room/game never interleave.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.pending++;
    const result = this.tail.then(task).finally(() => { this.pending--; });
    this.tail = result.catch(() => undefined);
    return result;
  }

  get size(): number { return this.pending; }
  idle(): Promise<void> { return this.tail.then(() => undefined); }
}
