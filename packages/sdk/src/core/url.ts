import { ErrorCode, IM_PATH, LiaisonError } from '@liaison/protocol';

/** The path of the IM WebSocket endpoint on the server. */
export const IM_ENDPOINT_PATH = IM_PATH;

/**
 * Turns the `server` option into the WebSocket URL to dial: http(s) becomes ws(s), and a URL
 * without a path (or with just '/') gets the IM endpoint path. Anything else is rejected.
 */
export function normalizeServerURL(server: string): string {
  if (typeof server !== 'string') throw invalidServer(String(server));
  let url: URL;
  try {
    url = new URL(server.trim());
  } catch {
    throw invalidServer(server);
  }
  const scheme = SCHEMES[url.protocol];
  if (scheme === undefined) throw invalidServer(server);
  url.protocol = scheme;
  if (url.pathname === '' || url.pathname === '/') url.pathname = IM_ENDPOINT_PATH;
  url.hash = '';
  return url.toString();
}

const SCHEMES: Record<string, string | undefined> = {
  'ws:': 'ws:',
  'wss:': 'wss:',
  'http:': 'ws:',
  'https:': 'wss:',
};

function invalidServer(server: string): LiaisonError {
  return new LiaisonError(
    ErrorCode.INVALID_PARAMS,
    `server must be a ws://, wss://, http:// or https:// URL, got ${JSON.stringify(server)}`,
  );
}

/** The ways `create()` can be told the server; Tencent's SDK names its own `proxyServer`. */
export interface ServerChoice {
  server?: string;
  proxyServer?: string;
}

/**
 * The server `create()` dials: `server`, else Tencent's `proxyServer`, else the one named by
 * `setDefaultServer`, else, in a page, the page's own origin. Code written for Tencent's SDK
 * passes none of them, so an import alias plus one `setDefaultServer` call (or an app served by
 * the Liaison host itself) is all it takes.
 */
export function chooseServer(options: ServerChoice, defaultServer: string | null, pageOrigin: string | null): string {
  const named = options.server ?? options.proxyServer ?? defaultServer ?? pageOrigin;
  if (named === null || named === undefined) {
    throw new LiaisonError(
      ErrorCode.INVALID_PARAMS,
      'No server to connect to: pass `server` to create(), or call setDefaultServer(url) before it',
    );
  }
  return normalizeServerURL(named);
}

/** The server a client dials when its options name none, once `setDefaultServer` has named one. */
let defaultServer: string | null = null;

/** Names the server for every later client whose options name none. */
export function setDefaultServer(url: string): void {
  defaultServer = normalizeServerURL(url);
}

/** The server a client made with these options dials (chooseServer with this process's default and page). */
export function serverFor(options: ServerChoice): string {
  return chooseServer(options, defaultServer, pageOrigin());
}

/** The origin of the page this runs in, when it is served over http(s); null in Node and workers without one. */
export function pageOrigin(): string | null {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : null;
}
