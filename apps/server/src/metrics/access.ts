import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressSet } from '../limits/client-address';
import { renderMetrics } from './metrics';

/**
 * Who may read `GET /metrics`: the numbers reveal traffic and load, so not the public. Loopback and
 * the METRICS_ALLOW addresses may, unless the request came through a proxy (a proxy on the same host
 * would otherwise make every visitor look local); anyone with the METRICS_TOKEN bearer may.
 */
export interface MetricsAccess {
  /** A bearer token that opens /metrics from any address; null: none. */
  token: string | null;
  /** Addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`) allowed without the token, besides loopback. */
  allow: string[];
}

const TOKEN_MIN_LENGTH = 16;
/** Headers a reverse proxy adds; their presence means the socket address is the proxy's. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export function loadMetricsAccess(env: NodeJS.ProcessEnv): MetricsAccess {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < TOKEN_MIN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${TOKEN_MIN_LENGTH} characters`);
  }
  const allow = (env.METRICS_ALLOW ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  allowList(allow);
  return { token, allow };
}

export function registerMetricsRoute(http: FastifyInstance, access: MetricsAccess): void {
  const allowed = allowList(access.allow);
  const token = access.token === null ? null : digest(access.token);
  http.get('/metrics', async (request, reply) => {
    if (!hasToken(request, token) && !fromAllowedAddress(request, allowed)) {
      if (token) reply.header('www-authenticate', 'Bearer');
      return reply
        .code(token ? 401 : 403)
        .type('text/plain; charset=utf-8')
        .send('metrics are served to loopback, METRICS_ALLOW addresses and METRICS_TOKEN bearers only\n');
    }
    const { contentType, body } = await renderMetrics();
    return reply.type(contentType).send(body);
  });
}

/** Loopback plus the configured entries; throws on an entry that is not an address or a range. */
function allowList(entries: readonly string[]): (address: string) => boolean {
  return addressSet(
    ['127.0.0.0/8', '::1', ...entries],
    (entry) => `METRICS_ALLOW: "${entry}" is not an IP address or CIDR range`,
  );
}

function fromAllowedAddress(request: FastifyRequest, isAllowed: (address: string) => boolean): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  // The socket's own address, not request.ip: that one may come from X-Forwarded-For.
  return isAllowed(request.raw.socket.remoteAddress ?? '');
}

function hasToken(request: FastifyRequest, token: Buffer | null): boolean {
  const header = request.headers.authorization;
  if (token === null || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), token);
}

/** Fixed-length digests, so the comparison takes the same time whatever the length guessed. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
