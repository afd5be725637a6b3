import { describe, expect, it } from 'vitest';
import { BucketMap, TokenBucket } from './token-bucket';

describe('a token bucket', () => {
  it('allows a burst, then one token per 1/rate seconds, and says how long to wait', () => {
    const bucket = new TokenBucket(10, 3, 0);
    for (let i = 0; i < 3; i++) {
      expect(bucket.waitMs(0)).toBe(0);
      bucket.take(0);
    }
    expect(bucket.waitMs(0)).toBe(100);
    expect(bucket.waitMs(50)).toBe(50);
    expect(bucket.waitMs(100)).toBe(0);
    bucket.take(100);
    expect(bucket.waitMs(100)).toBe(100);
    // Never more than the burst, however long it rests.
    expect(bucket.isFull(10_000)).toBe(true);
    for (let i = 0; i < 3; i++) bucket.take(10_000);
    expect(bucket.waitMs(10_000)).toBeGreaterThan(0);
  });

  it('keeps one bucket per key and forgets the full ones', () => {
    const map = new BucketMap(1, 1, 1_000);
    map.get('a', 0).take(0);
    map.get('b', 0);
    expect(map.get('a', 10).waitMs(10)).toBeGreaterThan(0);
    map.get('c', 1_500);
    // At the sweep, 'b' was full and dropped; 'a' had refilled too.
    expect(map.size).toBe(1);
  });
});
