/**
 * Paces sends while the server refuses them for rate limit. Normally every send goes out at once.
 * After a refusal, sends wait for the server's retry-after and then go out one at a time, oldest
 * first (by the ticket taken when the send started), so a burst that ran into the limit drains at
 * the rate the server allows and in the order it was sent; once the queue is empty, sends go out
 * at once again.
 */
export class SendGate {
  private nextTicket = 0;
  private throttled = false;
  private resumeAt = 0;
  /** The one send let out while throttled, until it is answered. */
  private current: number | null = null;
  private readonly waiting = new Map<number, (admitted: boolean) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly random: () => number = Math.random) {}

  /** Taken once per send, when it starts; retries keep it, so they keep their place. */
  ticket(): number {
    return this.nextTicket++;
  }

  /** Resolves true when the send may go out, or false if `deadline` (epoch ms) comes first. */
  enter(ticket: number, deadline: number): Promise<boolean> {
    if (!this.throttled) return Promise.resolve(true);
    return new Promise((resolve) => {
      const giveUp = setTimeout(() => {
        if (this.waiting.delete(ticket)) resolve(false);
      }, deadline - Date.now());
      this.waiting.set(ticket, (admitted) => {
        clearTimeout(giveUp);
        resolve(admitted);
      });
      this.pump();
    });
  }

  /** The send was refused for rate limit: hold everything for `retryAfterMs` (plus jitter). */
  refused(ticket: number, retryAfterMs: number): void {
    this.throttled = true;
    // Jitter, so that the clients refused together (a busy group) do not all come back together.
    this.resumeAt = Math.max(this.resumeAt, Date.now() + retryAfterMs * (1 + 0.5 * this.random()));
    if (this.current === ticket) this.current = null;
  }

  /** The send was answered otherwise (stored, or failed for another reason): let the next one out. */
  finished(ticket: number): void {
    if (this.current !== ticket) return;
    this.current = null;
    if (this.waiting.size === 0) this.throttled = false;
    this.pump();
  }

  private pump(): void {
    if (this.current !== null || this.waiting.size === 0) return;
    const wait = this.resumeAt - Date.now();
    if (wait > 0) {
      if (this.timer === null) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, wait);
      }
      return;
    }
    const oldest = Math.min(...this.waiting.keys());
    const admit = this.waiting.get(oldest);
    this.waiting.delete(oldest);
    this.current = oldest;
    admit?.(true);
  }
}
