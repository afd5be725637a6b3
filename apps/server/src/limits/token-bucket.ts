/**
 * A token bucket in memory: `burst` tokens, refilled at `ratePerSecond`. For the IM hot path, where
 * a database round trip per frame would cost more than the work it guards.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  /** 0 when a token is there now; otherwise the milliseconds until there is one. */
  waitMs(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
  }

  /** Takes a token; call only after waitMs said 0. */
  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }

  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed / 1000) * this.ratePerSecond);
    this.updatedAt = now;
  }
}

/** One bucket per key (user, group); full buckets are forgotten now and then, so memory follows activity. */
export class BucketMap {
  private readonly buckets = new Map<string, TokenBucket>();
  private lastSweep = 0;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly sweepEveryMs = 60_000,
  ) {}

  get(key: string, now: number): TokenBucket {
    if (now - this.lastSweep > this.sweepEveryMs) this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.ratePerSecond, this.burst, now);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}
