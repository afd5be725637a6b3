import type { Sql } from '../db/database';

export interface RateDecision {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the same hit would be allowed. */
  retryAfterMs: number;
}

/** Counts hits per key in a sliding window; `hit` records one and says whether it is within `limit`. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Takes back an allowed hit (a later check refused the request it was for). */
  takeBack(key: string, windowMs: number): Promise<void>;
}

/**
 * A sliding-window counter in the database, so every server process sharing it shares the counts.
 * Each hit is one atomic UPSERT. The window is approximated the usual way: the hits of the current
 * fixed window plus the previous window's hits weighted by how much of it still overlaps.
 * A refused hit is taken back, so it changes nothing: retrying early does not push the opening back.
 */
export class SqlRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Sql,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit for ${key} must be a positive integer`);
    const now = this.now();
    const windowStart = now - (now % windowMs);
    // One key may be used with several windows; each gets its own counter.
    const counter = `${key}@${windowMs}`;
    const [row] = await this.db.query<{ window_start: unknown; hits: unknown; prev_hits: unknown }>(UPSERT, [
      counter,
      windowStart,
      windowMs,
      windowStart + 2 * windowMs,
    ]);
    if (!row) throw new Error('rate limit upsert returned no row');
    const counted = Number(row.window_start);
    const decision = decide(counted, Number(row.hits), Number(row.prev_hits), limit, windowMs, now);
    if (!decision.allowed) await this.uncount(counter, counted);
    return decision;
  }

  async takeBack(key: string, windowMs: number): Promise<void> {
    const now = this.now();
    await this.uncount(`${key}@${windowMs}`, now - (now % windowMs));
  }

  private async uncount(counter: string, windowStart: number): Promise<void> {
    await this.db.query(
      'UPDATE rate_limit_counters SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND window_start = $2',
      [counter, windowStart],
    );
  }

  /** Deletes counters that no longer say anything; returns how many. */
  async sweep(): Promise<number> {
    const rows = await this.db.query('DELETE FROM rate_limit_counters WHERE expires_at < $1 RETURNING 1', [this.now()]);
    return rows.length;
  }
}

/**
 * A process whose clock runs behind another's never moves a counter back to an older window: it
 * counts in the newer one.
 */
const UPSERT = `
INSERT INTO rate_limit_counters AS c (key, window_start, hits, prev_hits, expires_at)
VALUES ($1, $2::bigint, 1, 0, $4::bigint)
ON CONFLICT (key) DO UPDATE SET
  prev_hits = CASE
    WHEN c.window_start >= $2::bigint THEN c.prev_hits
    WHEN c.window_start = $2::bigint - $3::bigint THEN c.hits
    ELSE 0 END,
  hits = CASE WHEN c.window_start >= $2::bigint THEN c.hits + 1 ELSE 1 END,
  window_start = GREATEST(c.window_start, $2::bigint),
  expires_at = GREATEST(c.expires_at, $4::bigint)
RETURNING window_start, hits, prev_hits`;

/** The sliding-window estimate after this hit, and when the next hit would fit under the limit. */
export function decide(
  windowStart: number,
  hits: number,
  prevHits: number,
  limit: number,
  windowMs: number,
  now: number,
): RateDecision {
  const elapsed = Math.min(Math.max(now - windowStart, 0), windowMs);
  const estimate = prevHits * (1 - elapsed / windowMs) + hits;
  if (estimate <= limit) return { allowed: true, retryAfterMs: 0 };
  // This hit is taken back; find when the estimate leaves room for one more.
  const kept = hits - 1;
  let at: number;
  if (kept + 1 <= limit) {
    at = windowStart + windowMs * (1 - (limit - kept - 1) / prevHits);
  } else {
    // Only in the next window, where this window's hits become the weighted previous ones.
    at = windowStart + windowMs + windowMs * Math.max(0, 1 - (limit - 1) / kept);
  }
  return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(at - now)) };
}

/** Sweeps expired counters every `intervalMs` until stopped; the timer never keeps the process alive. */
export function sweepPeriodically(
  limiter: SqlRateLimiter,
  intervalMs: number,
  onError: (err: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    limiter.sweep().catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
