import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the server answers itself; everything else under GET is the web app's. */
const SERVER_PATHS = /^\/(prod-api|im|healthz)(\/|$|\?)/;

/**
 * Serves the built web app (apps/web/dist) with history-mode fallback: a GET for a page the
 * app routes on the client gets index.html. Returns false when there is no build to serve.
 */
export async function serveWebApp(http: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  await http.register(fastifyStatic, { root: dir, wildcard: false, index: 'index.html' });
  http.setNotFoundHandler((request, reply) => {
    if (
      request.method !== 'GET' ||
      SERVER_PATHS.test(request.url) ||
      /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')
    ) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
