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
