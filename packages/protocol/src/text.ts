import { z } from 'zod';
import { ErrorCode as Codes, type ErrorCode, errorMessages, LiaisonError } from './errors';

/**
 * Free text from users (messages, names, notices, drafts). PostgreSQL cannot store NUL, and a
 * UTF-16 surrogate without its other half is not text at all (jsonb refuses it, text columns turn
 * it into U+FFFD): such strings are refused at the boundary with TEXT_INVALID_CHARACTERS, before
 * they reach storage. Limits count UTF-8 bytes, as the reference documents them.
 */
export function safeText(limits: { maxBytes?: number; min?: number } = {}) {
  let schema = z.string();
  if (limits.min !== undefined) schema = schema.min(limits.min);
  schema = schema.refine((value) => !hasUnstorableCharacter(value), {
    message: 'contains NUL or an unpaired surrogate',
    params: { code: Codes.TEXT_INVALID_CHARACTERS },
  });
  const maxBytes = limits.maxBytes;
  if (maxBytes === undefined) return schema;
  return schema.refine((value) => utf8ByteLength(value) <= maxBytes, {
    message: `must be at most ${maxBytes} bytes (UTF-8)`,
  });
}

/** True when the string holds NUL or a lone UTF-16 surrogate. */
export function hasUnstorableCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * Bidirectional formatting characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069), the LTR/RTL marks (U+200E, U+200F) and the Arabic letter mark (U+061C). In a
 * name they let one user make text read backwards (`gnp.exe` shown as `exe.png`) and leak into
 * whatever is shown next to it, so names are stored without them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The text without bidi formatting characters (for display strings: names, file names, remarks, statuses). */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/**
 * A display string from a user (a name, name card, file name, remark, status, group field): text
 * as `safeText` takes it, stored without bidi formatting characters. The one boundary rule for
 * such fields: every op schema that takes one uses this, so no handler has to remember. Limits
 * apply to what is stored. Message text is not a display string and keeps them (docs/security.md).
 */
export function displayText(limits: { maxBytes?: number; min?: number } = {}) {
  return z.string().transform(stripBidiControls).pipe(safeText(limits));
}

/**
 * A request body with bidi formatting characters taken out of every string in it, before it is
 * validated. Deeper than any body is allowed to be, it is left as it came: the schema refuses it,
 * and a body nested 40,000 deep cannot exhaust the stack.
 */
export function withoutBidiControls(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripBidiControls(value);
  if (typeof value !== 'object' || value === null || depth >= MAX_BODY_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutBidiControls(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBidiControls(item, depth + 1)]));
}

const MAX_BODY_DEPTH = 32;

/** The path (`a.b.0`) of the first string in a parsed body that holds an unstorable character, or null. */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? path || 'body' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorableText(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** The length of the string encoded as UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The catalogue error a failed request schema stands for: a refinement that names its own code
 * (unstorable text) wins, with the field it was found in; anything else is `otherwise` (the op's
 * invalidParamsCode, INVALID_PARAMS for most) with the given detail.
 */
export function requestSchemaError(
  error: { issues: ReadonlyArray<{ code: string; path: ReadonlyArray<PropertyKey>; params?: unknown }> },
  detail: string,
  otherwise: ErrorCode = Codes.INVALID_PARAMS,
): LiaisonError {
  for (const issue of error.issues) {
    const code = issue.code === 'custom' ? catalogueCode(issue.params) : null;
    if (code !== null) {
      const field = issue.path.map(String).join('.') || 'body';
      return new LiaisonError(code, `${errorMessages[code]}: ${field}`);
    }
  }
  return new LiaisonError(otherwise, `${errorMessages[otherwise]}: ${detail}`);
}

function catalogueCode(params: unknown): ErrorCode | null {
  if (typeof params !== 'object' || params === null || !('code' in params)) return null;
  const code = params.code;
  return typeof code === 'number' && code in errorMessages ? (code as ErrorCode) : null;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
