import { ErrorCode, RateLimitError } from '@liaison/protocol';
import { TokenBucket } from '../../limits/token-bucket';
import { countRefusal } from '../../metrics/metrics';
import type { ClientSession } from '../session';

/**
 * Searches per connection, sustained and in a burst: a search reads far more than any other
 * request, so it has a budget of its own below the connection's general one (the reference SDK
 * allows 2 a second). Paging through results or typing a few queries stays well within it.
 */
export const SEARCH_BUDGET = { perSecond: 10, burst: 30 } as const;

const buckets = new WeakMap<ClientSession, TokenBucket>();

/** Takes one search from the session's budget, or refuses with 10006 and the wait. */
export function admitSearch(session: ClientSession, now: number = Date.now()): void {
  let bucket = buckets.get(session);
  if (!bucket) {
    bucket = new TokenBucket(SEARCH_BUDGET.perSecond, SEARCH_BUDGET.burst, now);
    buckets.set(session, bucket);
  }
  const waitMs = bucket.waitMs(now);
  if (waitMs > 0) {
    countRefusal('im_search_per_connection');
    throw new RateLimitError(ErrorCode.OPERATION_RATE_LIMITED, waitMs);
  }
  bucket.take(now);
}
