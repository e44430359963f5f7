// The server's answers are checked against the protocol's schemas before the screens read them. The schemas
// (and zod with them) are not part of the first page (issue 48): they load with the first answer that needs
// them, while its request is on its way, and stay for the next ones.
export type Schemas = typeof import('./answer-schemas');
/** Reads an answer's JSON with the schemas at hand (throws a zod error when it does not fit). */
export type Reader<T> = (json: unknown, schemas: Schemas) => T;

let loading: Promise<Schemas> | null = null;
export function answerSchemas(): Promise<Schemas> {
  loading ??= import('./answer-schemas').catch((err: unknown) => {
    loading = null; // a failed chunk load (offline) is tried again with the next answer
    throw err;
  });
  return loading;
}

/** What came back from a POST: the answer, or the server's error code ('blocked', 'missing-scope'…; 'network' when none came). */
export type Answer<T> = { ok: true; data: T } | { ok: false; code: string };

/** POSTs a JSON body with the page's session and reads the answer with its schema. */
export async function postJson<T>(path: string, body: unknown, parse: Reader<T>): Promise<Answer<T>> {
  try {
    const schemas = answerSchemas();
    const res = await fetch(path, {
      method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) return { ok: false, code: String((json as { code?: unknown } | null)?.code ?? 'internal') };
    return { ok: true, data: parse(json, await schemas) };
  } catch {
    return { ok: false, code: 'network' };
  }
}
