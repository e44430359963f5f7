// The site's API as the bridge calls it: commands as form posts, streams as NDJSON read line by line.
// A refusal (an HTTP status other than 200) is a value; a network failure throws, as fetch does.

/** What the bridge needs of a zod schema (packages/protocol's): to read a line. */
export interface LineSchema<T> { safeParse(x: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }

export type Answer = { ok: true } | { ok: false; status: number; text: string };

/** How a stream ended: the server closed it, the bridge aborted it, or the server refused to open it. */
export type StreamEnd = { kind: 'ended' } | { kind: 'aborted' } | { kind: 'refused'; status: number; text: string };

export class Site {
  constructor(readonly url: string, private readonly token: string, private readonly log: (line: string) => void) {}

  async post(path: string, form?: Record<string, string>): Promise<Answer> {
    const res = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    const text = await res.text();
    return res.status === 200 ? { ok: true } : { ok: false, status: res.status, text };
  }

  /** GETs the JSON at `path`, read by `schema`; a refusal, or a body the schema does not read, is a value. */
  async get<T>(path: string, schema: LineSchema<T>): Promise<{ ok: true; value: T } | { ok: false; status: number; text: string }> {
    const res = await fetch(`${this.url}${path}`, { headers: { authorization: `Bearer ${this.token}` } });
    const text = await res.text();
    if (res.status !== 200) return { ok: false, status: res.status, text };
    const read = readLine(text, schema);
    return read.ok ? read : { ok: false, status: res.status, text: read.error };
  }

  /**
   * Reads the NDJSON stream at `path`, handing each line that `schema` reads to `onLine` (keep-alive
   * newlines are skipped; a line it cannot read is logged and skipped). Resolves when the stream ends;
   * throws on a network failure.
   */
  async stream<T>(path: string, schema: LineSchema<T>, onLine: (line: T) => void, signal: AbortSignal): Promise<StreamEnd> {
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, { headers: { authorization: `Bearer ${this.token}` }, signal });
    } catch (e) {
      if (signal.aborted) return { kind: 'aborted' };
      throw e;
    }
    if (res.status !== 200) return { kind: 'refused', status: res.status, text: await res.text() };
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    // an abort is raced with each read: a body's iterator does not always wake for one mid-read
    const aborted = new Promise<null>((resolve) => {
      if (signal.aborted) resolve(null);
      else signal.addEventListener('abort', () => resolve(null), { once: true });
    });
    let buffer = '';
    try {
      for (;;) {
        const chunk = await Promise.race([reader.read(), aborted]);
        if (chunk === null) {
          reader.cancel().catch(() => {});
          return { kind: 'aborted' };
        }
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const text = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (!text) continue;
          const line = readLine(text, schema);
          if (line.ok) onLine(line.value);
          else this.log(`skipped a line of ${path}: ${line.error}`);
        }
      }
    } catch (e) {
      if (signal.aborted) return { kind: 'aborted' };
      throw e;
    }
    return signal.aborted ? { kind: 'aborted' } : { kind: 'ended' };
  }
}

function readLine<T>(text: string, schema: LineSchema<T>): { ok: true; value: T } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: `not JSON: ${text.slice(0, 80)}` };
  }
  const r = schema.safeParse(json);
  return r.success ? { ok: true, value: r.data } : { ok: false, error: `${r.error.issues[0]?.message ?? 'unreadable'}: ${text.slice(0, 80)}` };
}

/** Waits before the next attempt to reconnect: 0.5 s, doubling to 10 s; `reset` after a good connection. */
export class Backoff {
  private ms = 500;
  reset(): void { this.ms = 500; }
  wait(signal: AbortSignal): Promise<void> {
    const ms = this.ms;
    this.ms = Math.min(10_000, this.ms * 2);
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
    });
  }
}
