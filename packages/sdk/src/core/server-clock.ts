/**
 * The server's clock as this client reads it: the offset from the local clock, learned from the
 * server time (whole seconds) that login and every heartbeat answer with. Tencent's
 * `getServerTime()` answers the same way, in seconds; before any answer it is the local time.
 */
export class ServerClock {
  private offsetMs = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** `serverTime` in whole seconds, read now: taken as the middle of that second. */
  observe(serverTime: number): void {
    this.offsetMs = (serverTime + 0.5) * 1000 - this.now();
  }

  /** The server's time now, in whole seconds. */
  seconds(): number {
    return Math.floor((this.now() + this.offsetMs) / 1000);
  }
}
