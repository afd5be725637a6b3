import type { FastifyBaseLogger } from 'fastify';

/** Default log lines one client address may cause per minute (`LOG_LINES_PER_ADDRESS`). */
export const DEFAULT_LINES_PER_ADDRESS = 60;

const WINDOW_MS = 60_000;
/** Past this many tracked addresses, windows that have ended are dropped. */
const SWEEP_AT = 10_000;

interface Window {
  start: number;
  lines: number;
  suppressed: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Log lines a client causes (requests, refusals, faults in its requests), budgeted per client
 * address so that no client can fill the disk: past `linesPerMinute` lines in a minute, its lines
 * are dropped and counted, and one warning at the end of that minute says how many. Refusals of
 * bad input are one line at info, never a stack; stacks are for our own faults.
 */
export class ClientLog {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly linesPerMinute = DEFAULT_LINES_PER_ADDRESS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request answered, or refused for bad input: one line, no stack. */
  info(address: string, fields: Record<string, unknown>, message: string): void {
    if (this.admit(address)) this.log.info({ addr: address, ...fields }, message);
  }

  /** Something failed on our side while serving this client: the error with its stack. */
  fault(address: string, err: unknown, context: string): void {
    if (this.admit(address)) this.log.error({ addr: address, err }, context);
  }

  /** Writes the pending "suppressed" lines now (at shutdown). */
  close(): void {
    for (const [address, window] of this.windows) this.end(address, window);
  }

  private admit(address: string): boolean {
    const now = this.now();
    let window = this.windows.get(address);
    if (window && now - window.start >= WINDOW_MS) {
      this.end(address, window);
      window = undefined;
    }
    if (!window) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { start: now, lines: 0, suppressed: 0, timer: null };
      this.windows.set(address, window);
    }
    if (window.lines < this.linesPerMinute) {
      window.lines++;
      return true;
    }
    if (window.suppressed++ === 0) {
      const ending = window;
      ending.timer = setTimeout(() => this.end(address, ending), ending.start + WINDOW_MS - now);
      ending.timer.unref();
    }
    return false;
  }

  private end(address: string, window: Window): void {
    if (window.timer) clearTimeout(window.timer);
    if (this.windows.get(address) === window) this.windows.delete(address);
    if (window.suppressed > 0) {
      this.log.warn(
        { addr: address, suppressed: window.suppressed },
        `suppressed ${window.suppressed} log lines from this address (over ${this.linesPerMinute} a minute)`,
      );
      window.suppressed = 0;
    }
  }

  private sweep(now: number): void {
    for (const [address, window] of this.windows) {
      if (now - window.start >= WINDOW_MS) this.end(address, window);
    }
  }
}
