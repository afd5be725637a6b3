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

/**
 * Tencent's keyword rule for users and groups, as SQL over `idColumn` and `nameColumn`, with the
 * exact words in `$words` and their LIKE patterns in `$patterns`: any keyword ('or', the default)
 * is the ID or in the name; with 'and', every keyword is.
 */
export function keywordMatch(
  matchType: 'and' | 'or' | undefined,
  columns: { id: string; name: string },
  params: { words: string; patterns: string },
): string {
  const { id, name } = columns;
  const { words, patterns } = params;
  return matchType === 'and'
    ? `NOT EXISTS (SELECT 1 FROM unnest(${words}::text[], ${patterns}::text[]) AS k(word, pattern)
                    WHERE NOT (${id} = k.word OR ${name} ILIKE k.pattern))`
    : `(${id} = ANY(${words}) OR ${name} ILIKE ANY(${patterns}))`;
}
