/** What browsers are told and allowed: the public address, framing, socket origins. */
export interface BrowserConfig {
  /** `PUBLIC_URL`: the origin browsers use (https turns on HSTS); null: each request's Host. */
  publicUrl: string | null;
  /** `FRAME_ANCESTORS`: CSP source expressions of the pages that may frame ours. */
  frameAncestors: string[];
  /**
   * `ALLOWED_ORIGINS`: origins (besides our own) whose pages may open the IM socket; 'any'
   * when set to `*`, and by default outside production.
   */
  allowedOrigins: string[] | 'any';
}

/** Reads and checks the browser-facing settings; a bad value stops the start with its reason. */
export function loadBrowserConfig(env: NodeJS.ProcessEnv): BrowserConfig {
  return {
    publicUrl: env.PUBLIC_URL ? originOf('PUBLIC_URL', env.PUBLIC_URL) : null,
    frameAncestors: frameAncestors(env.FRAME_ANCESTORS),
    allowedOrigins: allowedOrigins(env.ALLOWED_ORIGINS, env.NODE_ENV === 'production'),
  };
}

/** `scheme://host[:port]` of an http(s) URL, without path or trailing slash. */
function originOf(setting: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${setting} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${setting} must be an http(s) URL, got "${value}"`);
  }
  return url.origin;
}

const SOURCE_KEYWORDS: Record<string, string> = {
  none: "'none'",
  "'none'": "'none'",
  self: "'self'",
  "'self'": "'self'",
};
/** An origin, optionally with a leading wildcard label (`https://*.example.com`). */
const HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

function frameAncestors(value: string | undefined): string[] {
  const items = split(value);
  if (items.length === 0) return ["'none'"];
  const sources = items.map((item) => {
    const keyword = SOURCE_KEYWORDS[item.toLowerCase()];
    if (keyword) return keyword;
    if (HOST_SOURCE.test(item)) return item.toLowerCase();
    throw new Error(`FRAME_ANCESTORS takes 'none', 'self' or origins like https://host.example, got "${item}"`);
  });
  if (sources.includes("'none'") && sources.length > 1) {
    throw new Error("FRAME_ANCESTORS 'none' cannot be combined with other sources");
  }
  return sources;
}

function allowedOrigins(value: string | undefined, production: boolean): string[] | 'any' {
  const items = split(value);
  if (items.length === 0) return production ? [] : 'any';
  if (items.includes('*')) return 'any';
  return items.map((item) => originOf('ALLOWED_ORIGINS', item));
}

function split(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}
