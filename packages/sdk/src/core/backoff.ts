export interface BackoffOptions {
  /** Ceiling of the first retry delay. */
  initialMs: number;
  /** No delay exceeds this. */
  maxMs: number;
  /** Source of jitter in [0, 1); injectable for tests. */
  random: () => number;
}

export const defaultBackoff: BackoffOptions = { initialMs: 200, maxMs: 5_000, random: Math.random };

/**
 * Delay before reconnect attempt number `attempt` (0-based): exponential growth capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so that many clients dropped at once
 * do not all come back in the same millisecond.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = defaultBackoff): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (options.random() * ceiling) / 2);
}
