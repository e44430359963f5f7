import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, HttpErrorBody } from '@chu/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageOutage, OUTAGE_RETRY_MS } from '../db/outage.ts';

// Every HTTP error leaves as { code, message } with a protocol code and words for people. What went
// wrong inside (driver text, paths, stack) goes to the log only, under the request's id.

export class HttpRefusal extends Error {
  constructor(readonly statusCode: number, readonly code: ErrorCode, message: string, readonly retryAfterMs?: number) {
    super(message);
  }
}

const INTERNAL: HttpErrorBody = { code: 'internal', message: 'Something went wrong on the server.' };

// Fastify's own errors, by their FST_ code, as the protocol says them.
const FRAMEWORK: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed', 'Body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed', 'Body is empty; send a JSON object.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'malformed', 'Send JSON (Content-Type: application/json).'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformed', 'Content-Length does not match the body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too-large', 'Body is too large.'],
  FST_ERR_BAD_URL: [400, 'malformed', 'Malformed URL.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'malformed', 'Malformed request.'],
};

/** What the client is told, and the HTTP status, for any error a request ran into. */
export function httpErrorOf(err: unknown): { status: number; body: HttpErrorBody } {
  if (err instanceof HttpRefusal) {
    return { status: err.statusCode, body: { code: err.code, message: err.message, ...(err.retryAfterMs ? { retryAfterMs: err.retryAfterMs } : {}) } };
  }
  if (isStorageOutage(err)) {
    return { status: 503, body: { code: 'unavailable', message: 'Storage is unreachable; try again shortly.', retryAfterMs: OUTAGE_RETRY_MS } };
  }
  const e = err as Partial<FastifyError>;
  const known = e.code ? FRAMEWORK[e.code] : undefined;
  if (known) return { status: known[0], body: { code: known[1], message: known[2] } };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) return { status, body: { code: 'rate-limited', message: 'Too many requests; wait and try again.' } };
  if (status >= 400 && status < 500) return { status, body: { code: 'malformed', message: 'Malformed request.' } };
  return { status: 500, body: INTERNAL };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => sendError(err, req, reply));
}

/**
 * For servers without the web client, whose fallback answers unknown routes itself. Counted against the
 * address's HTTP limit like any route (the 404 handler is no route, so the limiter's hook never sees it
 * unless it is named here): guessing URLs costs the same as calling them.
 */
export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_req, reply) =>
    reply.code(404).send({ code: 'not-found', message: 'Not found.' } satisfies HttpErrorBody));
}

/** Fastify's frameworkErrors option: errors met before a route runs (a bad URL). */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void sendError(err, req, reply);
}

function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const { status, body } = httpErrorOf(err);
  if (status >= 500) req.log.error({ err }, 'request failed');
  else req.log.info({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code }, status }, 'request refused');
  if (body.retryAfterMs && !reply.hasHeader('retry-after')) void reply.header('retry-after', Math.ceil(body.retryAfterMs / 1000));
  return reply.code(status).type('application/json').send(body);
}

/** Fastify's clientErrorHandler: a request too broken to parse gets the protocol's shape too. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
  const body = JSON.stringify({ code: 'malformed', message: status === 408 ? 'Request timed out.' : 'Malformed request.' } satisfies HttpErrorBody);
  if (socket.writable) socket.write(rawResponse(status, text, body));
  socket.destroy(err);
}

/**
 * engine.io answers requests it cannot place ({"code":2,"message":"Bad handshake method"}). It emits
 * `connection_error` just before; answering there (as JSON, protocol code) makes its own answer a no-op.
 */
export function engineErrorsAsProtocol(engine: { on(event: 'connection_error', fn: (e: EngineError) => void): unknown }): void {
  engine.on('connection_error', ({ req, code }) => {
    const body = JSON.stringify(code === 4
      ? { code: 'forbidden-origin', message: 'This connection is not allowed.' }
      : { code: 'malformed', message: ENGINE_MESSAGES[code] ?? 'Malformed connection request.' } satisfies HttpErrorBody);
    const status = code === 4 ? 403 : 400;
    const res = (req as IncomingMessage & { res?: ServerResponse }).res;
    if (res && !res.headersSent) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    } else if (!res && req.socket.writable) {
      // a WebSocket upgrade: no response object, the raw socket
      req.socket.end(rawResponse(status, status === 403 ? 'Forbidden' : 'Bad Request', body));
    }
  });
}

// A whole HTTP/1.1 answer for a bare socket (no response object to write through).
const rawResponse = (status: number, text: string, body: string) =>
  `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

interface EngineError { req: IncomingMessage; code: number; message: string }

const ENGINE_MESSAGES: Record<number, string> = {
  0: 'Unknown transport.',
  1: 'Unknown session; connect again.',
  2: 'Bad handshake method.',
  3: 'Malformed connection request.',
  5: 'Unsupported protocol version.',
};
