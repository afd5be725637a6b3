-- Rate-limit counters every server process shares (apps/server/src/limits/rate-limiter.ts).
-- A sliding window per key: the hits of the current fixed window and of the one before it.
CREATE TABLE rate_limit_counters (
  key          text PRIMARY KEY,
  window_start bigint NOT NULL,
  hits         integer NOT NULL,
  prev_hits    integer NOT NULL,
  -- Two windows after window_start the row says nothing any more; the sweep deletes it.
  expires_at   bigint NOT NULL
);
CREATE INDEX rate_limit_counters_expiry ON rate_limit_counters (expires_at);
