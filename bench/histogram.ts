/**
 * A log-bucketed latency histogram (values in milliseconds, 1 µs to ~10 min, 2 % relative
 * precision). Constant memory whatever the sample count, cheap to record on the hot path,
 * and mergeable across worker processes (buckets are summed).
 */
const MIN_MS = 0.001;
const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);
const BUCKETS = 1100;

export interface HistogramData {
  /** Sparse [bucket index, count] pairs. */
  buckets: Array<[number, number]>;
  count: number;
  sum: number;
  min: number;
  max: number;
}

export interface LatencySummary {
  count: number;
  meanMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export class Histogram {
  private readonly counts = new Float64Array(BUCKETS);
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = 0;

  record(ms: number): void {
    const v = Math.max(ms, MIN_MS);
    let i = Math.ceil(Math.log(v / MIN_MS) / LOG_GROWTH);
    if (i >= BUCKETS) i = BUCKETS - 1;
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.count++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  merge(data: HistogramData): void {
    for (const [i, c] of data.buckets) this.counts[i] = (this.counts[i] ?? 0) + c;
    this.count += data.count;
    this.sum += data.sum;
    if (data.count > 0) {
      this.min = Math.min(this.min, data.min);
      this.max = Math.max(this.max, data.max);
    }
  }

  /** The upper bound of the bucket holding the q-th quantile (never above the true maximum). */
  percentile(q: number): number | null {
    if (this.count === 0) return null;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return Math.min(MIN_MS * GROWTH ** i, this.max);
    }
    return this.max;
  }

  toJSON(): HistogramData {
    const buckets: Array<[number, number]> = [];
    this.counts.forEach((c, i) => {
      if (c > 0) buckets.push([i, c]);
    });
    return { buckets, count: this.count, sum: this.sum, min: this.count ? this.min : 0, max: this.max };
  }

  static from(parts: HistogramData[]): Histogram {
    const h = new Histogram();
    for (const part of parts) h.merge(part);
    return h;
  }

  summary(): LatencySummary {
    const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    return {
      count: this.count,
      meanMs: round(this.count ? this.sum / this.count : null),
      p50Ms: round(this.percentile(0.5)),
      p95Ms: round(this.percentile(0.95)),
      p99Ms: round(this.percentile(0.99)),
      maxMs: round(this.count ? this.max : null),
    };
  }
}
