import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

// Vite's output names: assets/index-7jR2Af8i.js (and the .br/.gz siblings `pnpm build` writes beside it).
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

// Serves the built Svelte client when apps/web/dist exists; unknown GET pages fall back to index.html (SPA).
// A hashed asset never changes under its name, so browsers and proxies keep it a year; index.html names
// the current ones, so it is revalidated (ETag) on every load. Files with .br/.gz siblings go out as they
// are; anything else (a plain `vite build`, index.html without siblings) is compressed on the way out.
// In its own scope, so the API's responses are left as their routes send them.
export async function serveWebClient(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await app.register(async (web) => {
    await web.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
    await web.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        const name = relative(dist, path).split(sep).join('/');
        reply.header('cache-control', HASHED_ASSET.test(name) ? IMMUTABLE : 'no-cache');
      },
    });
    // the fallback is no route, so @fastify/rate-limit's hook never sees it: limited here, like every route
    web.setNotFoundHandler({ preHandler: web.rateLimit() }, (req, reply) => {
      const path = req.url.split('?')[0];
      // a missing /assets/ file is a stale page asking for an old build: HTML in its place would not run
      if (req.method === 'GET' && !/^\/(api\/|socket\.io|assets\/)/.test(path)) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ code: 'not-found', message: 'Not found.' });
    });
  });
  return true;
}
