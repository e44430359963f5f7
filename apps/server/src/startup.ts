// One line for an operator: what stopped the start, in words, with where it tried to reach.

export class StartupError extends Error {} // already says it in words (e.g. 'redis unreachable at 127.0.0.1:6390')

export const hostPort = (url: string | undefined, defaultPort: number): string => {
  try {
    const u = new URL(url ?? '');
    return `${u.hostname}:${u.port || defaultPort}`;
  } catch {
    return '(unparsable URL)';
  }
};

export function startupFailure(err: unknown, env: NodeJS.ProcessEnv): string {
  if (err instanceof StartupError) return err.message;
  const chain: Record<string, unknown>[] = [];
  for (let e = err; e && typeof e === 'object' && chain.length < 8; e = (e as { cause?: unknown }).cause) chain.push(e as Record<string, unknown>);
  // pg reports a refused dual-stack connect as an AggregateError whose parts carry the code
  const codes = new Set(chain.flatMap((e) => [e.code, ...((e.errors as { code?: unknown }[] | undefined) ?? []).map((x) => x.code)]));
  const first = String(chain[0]?.message ?? err).split('\n')[0];
  const db = hostPort(env.DATABASE_URL, 5432);

  if (codes.has('EADDRINUSE')) return `port ${env.PORT ?? 3000} is already in use`;
  if (!env.DATABASE_URL) return first;
  if (['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'].some((c) => codes.has(c))) return `database unreachable at ${db}`;
  if (codes.has('ENOTFOUND') || codes.has('EAI_AGAIN')) return `database host not found: ${db}`;
  if (codes.has('28P01') || codes.has('28000')) return `the database at ${db} refused the credentials in DATABASE_URL`;
  if (codes.has('3D000')) return `the database named in DATABASE_URL does not exist at ${db}`;
  return first;
}
