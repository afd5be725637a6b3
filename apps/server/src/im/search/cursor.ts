import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { z } from 'zod';

/** A search's position, opaque to clients: base64url JSON, read back through its schema. */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor this search did not give (or tampered with) is 60003, or the search's own code for bad options. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>, code: ErrorCode = ErrorCode.INVALID_PARAMS): T {
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new LiaisonError(code, 'cursor: not one this search gave');
  }
}

/** A keyword as a LIKE pattern's literal part: its %, _ and \ match themselves. */
export function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
}
