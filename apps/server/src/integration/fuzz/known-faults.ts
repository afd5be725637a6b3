/**
 * KNOWN BUG, fixed on branch h/hygiene (issue 9, "one user can make everyone's sends fail"):
 * text holding NUL or a lone surrogate reaches the database, which refuses it, and the server
 * answers with its generic fault (IM 60004 INTERNAL, portal 500 "系统未知错误"). The fuzz tests
 * excuse exactly that answer for exactly such input through this one predicate. Delete it
 * and its two uses (im-fuzz.test.ts, rest-fuzz.test.ts) when merging h/hygiene; any fuzz
 * failure left then is a place the boundary validation missed.
 */
export function isKnownTextPoisonFault(input: { text?: string; url?: string; payload?: unknown }): boolean {
  if (input.url !== undefined && hasPoison(decodeLoosely(input.url))) return true;
  for (const raw of [input.text, input.payload]) {
    if (typeof raw !== 'string') continue;
    try {
      if (hasPoison(JSON.parse(raw))) return true;
    } catch {
      // Not JSON: the server could not have stored anything from it.
    }
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function hasPoison(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasPoison(k) || hasPoison(v));
  return false;
}

function decodeLoosely(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
