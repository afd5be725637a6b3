import { CATALOGUE_LIMITS } from '@liaison/protocol';
import { PortalCode, PortalError } from '../envelope';
import { type Paging, pagingOf } from '../paging';

/** RuoYi paging for the public lists, whose pages are smaller than the management centre's. */
export function publicPagingOf(query: unknown): Paging {
  const paging = pagingOf(query);
  if (paging.pageSize > CATALOGUE_LIMITS.pageSizeMax) throw new PortalError(PortalCode.ERROR, '每页条数不正确');
  return paging;
}

/** The first `count` rows. */
export function firstRows(count: number): Paging {
  return { pageNum: 1, pageSize: count, offset: 0 };
}

/** A record ID (bigint) of the URL or query; anything else names nothing (404). */
export function requireRecordId(value: string): string {
  if (!isRecordId(value)) throw new PortalError(PortalCode.NOT_FOUND);
  return value;
}

export function isRecordId(value: string): boolean {
  return /^[1-9]\d{0,17}$/.test(value);
}
