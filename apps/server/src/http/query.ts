import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpRefusal } from './errors.ts';

/** A request's query string, parsed by its protocol schema; a bad one is refused saying which field and why. */
export function parseQuery<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const q = schema.safeParse(req.query ?? {});
  if (!q.success) {
    const issue = q.error.issues[0];
    throw new HttpRefusal(400, 'malformed', `Malformed query: ${issue ? `${issue.path.join('.') || 'query'}: ${issue.message}` : 'invalid'}.`);
  }
  return q.data;
}
