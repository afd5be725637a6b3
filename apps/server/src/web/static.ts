import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the server answers itself; everything else under GET is the web app's. */
const SERVER_PATHS = /^\/(prod-api|im|healthz)(\/|$|\?)/;

/**
 * The type a missing file of the build is answered with: a tab still running the previous build
 * asks for chunks a deploy removed, and a 404 of the file's own type fails that load cleanly
 * (a stylesheet answered as JSON or HTML is a strict-MIME error, not a missing file).
 */
const MISSING_FILE_TYPES: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
};

/**
 * Serves the built web app (apps/web/dist) with history-mode fallback: a GET for a page the
 * app routes on the client gets index.html. Returns false when there is no build to serve.
 */
export async function serveWebApp(http: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  await http.register(fastifyStatic, { root: dir, wildcard: false, index: 'index.html' });
  http.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || SERVER_PATHS.test(request.url)) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    const extension = /\.([a-z0-9]+)$/i.exec(request.url.split('?')[0] ?? '')?.[1]?.toLowerCase();
    if (extension) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type(MISSING_FILE_TYPES[extension] ?? 'text/plain; charset=utf-8')
        .send('');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
