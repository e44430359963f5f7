import type { FastifyInstance } from 'fastify';
import { HttpRefusal } from './errors.ts';

// JSON bodies, parsed here rather than by Fastify's default so each refusal says what is wrong: a body
// with "__proto__" or "constructor.prototype" is valid JSON, refused for what it is (prototype
// poisoning), not as "not valid JSON". An empty body is no body (POST /api/account/logout needs none).
export function acceptJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const source = String(text);
    if (source.trim() === '') return done(null, undefined);
    let poisoned = false;
    let parsed: unknown;
    try {
      parsed = JSON.parse(source, function (key, value) {
        if (key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)) poisoned = true;
        return value;
      });
    } catch {
      return done(new HttpRefusal(400, 'malformed', 'Body is not valid JSON.'), undefined);
    }
    if (poisoned) return done(new HttpRefusal(400, 'malformed', 'Body may not contain "__proto__" or "constructor.prototype" keys.'), undefined);
    done(null, parsed);
  });
}
