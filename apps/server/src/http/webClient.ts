import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Serves the built Svelte client when apps/web/dist exists; unknown GET pages fall back to index.html (SPA).
export async function serveWebClient(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: dist, wildcard: false });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/socket.io')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ code: 'not-found', message: 'Not found.' });
  });
  return true;
}
