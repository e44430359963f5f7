// Is this error storage being unreachable (rather than a bug or a refused write)? The same outage
// reaches us in several shapes: Prisma's P1xxx codes, a driver adapter's `kind`, pg's own errors, a
// socket's errno, a Postgres SQLSTATE of class 08 or a shutdown. Looked for along the `cause` chain.

const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1011', 'P1017', 'P2024', 'P2037']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TransactionAlreadyClosed']);
const ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATE = /^(08...|57P0[123]|53300)$/; // connection exception, admin/crash shutdown, cannot connect now, too many connections
const MESSAGES = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Connection is closed|PGlite is closed/i;

export function isStorageOutage(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const x = e as { name?: unknown; code?: unknown; kind?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
    if (x.name === 'PrismaClientInitializationError') return true;
    if (typeof x.code === 'string' && (PRISMA_CODES.has(x.code) || ERRNO.has(x.code) || SQLSTATE.test(x.code))) return true;
    if (typeof x.kind === 'string' && ADAPTER_KINDS.has(x.kind)) return true;
    const adapterKind = x.meta?.driverAdapterError?.cause?.kind;
    if (typeof adapterKind === 'string' && ADAPTER_KINDS.has(adapterKind)) return true;
    if (typeof x.message === 'string' && MESSAGES.test(x.message)) return true;
  }
  return false;
}

/** How long a client should wait before retrying work that met an outage. */
export const OUTAGE_RETRY_MS = 2000;
