import type { FastifyReply } from 'fastify';
import type { ApiTokens } from '../identity/ApiTokens.ts';

/** One NDJSON answer being streamed: a line per object, a bare newline now and then to keep it alive. */
export interface NdjsonStream {
  write(line: object): void;
  end(): void;
  /** Runs when the stream ends, whoever ends it (the program hung up, the token was revoked, the server closes). */
  onEnd(fn: () => void): void;
}

/**
 * The API's streams (issue 50), as lishogi sends them: `application/x-ndjson`, one JSON object a line,
 * and an empty line every `keepAliveMs` so proxies and clients know it is alive. At each keep-alive the
 * token is read again: a revoked token's streams end, on every process, within one keep-alive.
 */
export class NdjsonStreams {
  private readonly live = new Set<NdjsonStream>();

  constructor(private readonly keepAliveMs: number, private readonly tokens: Pick<ApiTokens, 'live'>) {}

  get count(): number { return this.live.size; }

  /** Opens the answer's stream; a token's (not a spectator's, `tokenId` null) ends when the token is revoked. */
  open(reply: FastifyReply, tokenId: string | null): NdjsonStream {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    res.flushHeaders(); // the client hears the stream is open now, not at its first line (which may be a keep-alive away)
    const ends: (() => void)[] = [];
    let ended = false;
    const stream: NdjsonStream = {
      write: (line) => { if (!ended) res.write(`${JSON.stringify(line)}\n`); },
      end: () => {
        if (ended) return;
        ended = true;
        clearInterval(timer);
        this.live.delete(stream);
        res.end();
        for (const fn of ends) fn();
      },
      onEnd: (fn) => { if (ended) fn(); else ends.push(fn); },
    };
    const timer = setInterval(() => {
      if (ended) return;
      res.write('\n');
      if (tokenId !== null) this.tokens.live(tokenId).then((yes) => { if (!yes) stream.end(); }, () => {});
    }, this.keepAliveMs);
    res.on('close', () => stream.end());
    this.live.add(stream);
    return stream;
  }

  /** The server closes: every stream ends (its client reconnects to another process, or later). */
  closeAll(): void {
    for (const s of [...this.live]) s.end();
  }
}
