import { ErrorCode, IM_PATH, LiaisonError } from '@liaison/protocol';

/** The path of the IM WebSocket endpoint on the server. */
export const IM_ENDPOINT_PATH = IM_PATH;

/**
 * Turns the `server` option into the WebSocket URL to dial: http(s) becomes ws(s), and a URL
 * without a path (or with just '/') gets the IM endpoint path. Anything else is rejected.
 */
export function normalizeServerURL(server: string): string {
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
