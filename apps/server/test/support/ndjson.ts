// An NDJSON stream read as a program reads lishogi's (issue 50): a real HTTP request whose body arrives
// line by line; empty lines are the server's keep-alives, counted apart.

type Line = Record<string, unknown> & { type?: string };
interface Waiter { pred: (l: Line) => boolean; resolve: (l: Line) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }

export class NdjsonReader {
  readonly lines: Line[] = [];
  keepAlives = 0;
  ended = false;
  private read = 0; // lines handed out by next()
  private readonly waiters: Waiter[] = [];
  private readonly abort = new AbortController();
  private endWaiters: (() => void)[] = [];

  private constructor(readonly status: number, readonly contentType: string | null) {}

  /** Opens the stream (`bearer` null: with no credential, as anyone); a refusal (not 200) comes back as its status and JSON body, nothing read. */
  static async open(url: string, path: string, bearer: string | null): Promise<NdjsonReader | { status: number; retryAfter: string | null; body: { code: string; message: string } }> {
    const reader = new NdjsonReader(0, null);
    const res = await fetch(`${url}${path}`, { headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` }, signal: reader.abort.signal });
    if (res.status !== 200) return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { code: string; message: string } };
    const r = Object.assign(reader, { status: res.status, contentType: res.headers.get('content-type') });
    void r.pump(res.body!);
    return r;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const text = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (text.trim() === '') this.keepAlives++;
          else this.lines.push(JSON.parse(text) as Line);
        }
        this.wake();
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    for (const w of this.waiters.splice(0)) { clearTimeout(w.timer); w.reject(new Error('stream ended')); }
    for (const e of this.endWaiters.splice(0)) e();
  }

  /** The next line (after those already taken) matching `pred`; lines before it are skipped. */
  next(pred: (l: Line) => boolean = () => true, ms = 10_000): Promise<Line> {
    for (; this.read < this.lines.length; this.read++) {
      if (pred(this.lines[this.read])) return Promise.resolve(this.lines[this.read++]);
    }
    if (this.ended) return Promise.reject(new Error('stream ended'));
    return new Promise((resolve, reject) => {
      const w: Waiter = {
        pred, resolve, reject,
        timer: setTimeout(() => { this.waiters.splice(this.waiters.indexOf(w), 1); reject(new Error(`no line came in ${ms} ms; had ${JSON.stringify(this.lines.slice(-3))}`)); }, ms),
      };
      this.waiters.push(w);
    });
  }

  /** Resolves once the server has ended the stream. */
  untilEnd(ms = 10_000): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the stream did not end')), ms);
      this.endWaiters.push(() => { clearTimeout(timer); resolve(); });
    });
  }

  close(): void { this.abort.abort(); }

  private wake(): void {
    for (const w of [...this.waiters]) {
      for (; this.read < this.lines.length; this.read++) {
        if (w.pred(this.lines[this.read])) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          clearTimeout(w.timer);
          w.resolve(this.lines[this.read++]);
          break;
        }
      }
    }
  }
}
