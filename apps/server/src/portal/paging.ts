import { z } from 'zod';
import { parse } from './context';

/**
 * RuoYi-style paging (spec portal.md §7): `pageNum` (from 1) and `pageSize` in the query string,
 * answered as `{rows, total}` in the envelope's data.
 */
export interface PageOf<T> {
  rows: T[];
  total: number;
}

export const PAGE_SIZE_MAX = 100;

const pageSchema = z.object({
  pageNum: z.coerce.number().int('页码不正确').min(1, '页码不正确').max(100_000, '页码不正确').default(1),
  pageSize: z.coerce
    .number()
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(PAGE_SIZE_MAX, '每页条数不正确')
    .default(10),
});

export interface Paging {
  pageNum: number;
  pageSize: number;
  /** For SQL: rows to skip. */
  offset: number;
}

/** The page a query string asks for; a bad pageNum or pageSize is refused with the envelope's 500. */
export function pagingOf(query: unknown): Paging {
  const { pageNum, pageSize } = parse(pageSchema, pickPaging(query));
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

function pickPaging(query: unknown): Record<string, unknown> {
  const q = (query ?? {}) as Record<string, unknown>;
  return { pageNum: blankToUndefined(q.pageNum), pageSize: blankToUndefined(q.pageSize) };
}

function blankToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}
