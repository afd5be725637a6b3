import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE_ORIGIN_NOT_ALLOWED } from '@liaison/protocol';
import { WebSocketServer } from 'ws';
import type { BrowserConfig } from './browser-config';

export type OriginPolicy = Pick<BrowserConfig, 'publicUrl' | 'allowedOrigins'>;

/**
 * Whether a page from the request's Origin may open the IM socket: our own origin (PUBLIC_URL,
 * or the Host the request came to), the ALLOWED_ORIGINS, or any when configured so. A request
 * without an Origin is not from a browser page (the SDK in Node sends none) and is allowed:
 * the check exists to stop other sites' pages riding a user's browser, which always sends one.
 */
export function isOriginAllowed(policy: OriginPolicy, req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || policy.allowedOrigins === 'any') return true;
  const host = req.headers.host?.toLowerCase();
  const own = [policy.publicUrl, host && `http://${host}`, host && `https://${host}`];
  return own.includes(origin.toLowerCase()) || policy.allowedOrigins.includes(origin.toLowerCase());
}

/**
 * Refuses a socket from a page whose origin is not allowed. The upgrade is completed and then
 * closed with 4003 'origin not allowed', because a browser shows a page only the close code of
 * a socket that opened, never the status of a refused handshake.
 */
export function createOriginGuard(policy: OriginPolicy): {
  admit(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
} {
  const refusals = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  return {
    admit(req, socket, head) {
      if (isOriginAllowed(policy, req)) return true;
      refusals.handleUpgrade(req, socket, head, (ws) => ws.close(CLOSE_ORIGIN_NOT_ALLOWED, 'origin not allowed'));
      return false;
    },
    close() {
      refusals.close();
    },
  };
}
