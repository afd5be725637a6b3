import type { FastifyInstance } from 'fastify';
import type { ClientLog } from './client-log';
import { redactFileTokens } from './redact';

/** One line per HTTP request when it is answered, counted against its client address's budget. */
export function logRequests(http: FastifyInstance, log: ClientLog): void {
  http.addHook('onResponse', async (request, reply) => {
    log.info(
      request.ip,
      {
        method: request.method,
        url: redactFileTokens(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
}
