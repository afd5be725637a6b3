/**
 * Admission control: at most `limit` tasks run at once, the rest wait in arrival order. Used for
 * logins, so that thousands of clients coming back at once (a reconnect storm) queue here rather
 * than in front of the database, where every send would wait behind them.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
