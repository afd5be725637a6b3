import { useEffect, useState } from 'react';

export interface Countdown {
  /** Whole seconds left; 0 when not counting. */
  remaining: number;
  start(): void;
  reset(): void;
}

/**
 * A seconds countdown measured against the clock, so a throttled background tab does not
 * stretch it.
 */
export function useCountdown(seconds: number): Countdown {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [remaining]);

  return {
    remaining,
    start() {
      const startedAt = Date.now();
      setNow(startedAt);
      setEndsAt(startedAt + seconds * 1000);
    },
    reset() {
      setEndsAt(0);
    },
  };
}
