import { Worker } from 'node:worker_threads';
import { countCallback } from '../metrics/metrics';
import { type WorkerCalls, workerCalls } from '../workers/worker-calls';
import { plainWorkerExecArgv } from '../workers/worker-exec-argv';
import type { CallbackCommand, CallbackSettings } from './settings';

/** Who caused the event, for the query string Tencent adds to each callback. */
export interface CallbackOrigin {
  /** The client's address; '' when the event has none (a server-side change). */
  clientIP: string;
  /** Tencent's OptPlatform: RESTAPI, Web, Android, iOS …; ours are Web (SDK sessions) and RESTAPI. */
  platform: string;
}

/** An app backend's answer to a 'before' callback, as far as it was understood. */
export type BeforeAnswer =
  | { kind: 'allow'; body: Record<string, unknown> }
  | { kind: 'refuse'; code: number; info: string }
  /** No answer in time, no connection, or an answer not understood: the event goes ahead. */
  | { kind: 'none' };

/** 'After' callbacks posted at once (pipelined, 32 a connection); more wait in the queue. */
const AFTER_CONCURRENCY = 64;
/**
 * 'After' callbacks are handed to the thread at most this late, or at once when HAND_OVER_LINES
 * wait. Handed over every turn of the loop, they cost the main thread 12 µs each at saturation:
 * a turn carries few, and a postMessage has a fixed price.
 */
const HAND_OVER_MS = 10;
const HAND_OVER_LINES = 500;

/** What the callbacks' thread answers besides replies to 'before' callbacks. */
type ThreadNews = { kind: 'outcomes'; counts: Array<[CallbackCommand, string, number]> } | { kind: 'closed' };

/**
 * Posts callbacks to CALLBACK_URL from a thread of their own (callback-worker.mjs). A 'before'
 * callback is awaited up to the timeout; an 'after' one is handed to the thread's bounded queue
 * (bounded retries), so it never slows the event it reports. Every outcome is counted in
 * liaison_callbacks_total.
 */
export class CallbackSender {
  private thread: { worker: Worker; calls: WorkerCalls } | null = null;
  /** 'After' callbacks not yet handed over, as lines (callbackLine): one string to the thread. */
  private pending: string[] = [];
  private handOverTimer: NodeJS.Timeout | null = null;
  /** How many of the pending callbacks each command has. */
  private pendingCounts = new Map<CallbackCommand, number>();
  /** 'After' callbacks handed over and not yet posted or dropped, per command. */
  private readonly outstanding = new Map<CallbackCommand, number>();
  private isClosed = false;

  constructor(private readonly settings: CallbackSettings & { url: string }) {}

  isOn(command: CallbackCommand): boolean {
    return this.settings.commands.has(command);
  }

  async before(command: CallbackCommand, body: object, origin: CallbackOrigin): Promise<BeforeAnswer> {
    let response: { status: number; text: string };
    const { worker, calls } = this.ensureThread();
    worker.ref();
    try {
      const { clientIP, platform } = origin;
      response = (await calls.call({
        kind: 'before',
        command,
        payload: payload(command, body),
        clientIP,
        platform,
      })) as {
        status: number;
        text: string;
      };
    } catch (err) {
      countCallback(command, (err as { code?: string }).code === 'CALLBACK_TIMEOUT' ? 'timeout' : 'unreachable');
      return { kind: 'none' };
    } finally {
      this.unrefWhenIdle();
    }
    const answer = parseJson(response.text);
    if (!isOk(response.status) || !isRecord(answer) || typeof answer.ErrorCode !== 'number') {
      countCallback(command, 'invalid');
      return { kind: 'none' };
    }
    if (answer.ErrorCode === 0) return { kind: 'allow', body: answer };
    countCallback(command, 'refused');
    return {
      kind: 'refuse',
      code: answer.ErrorCode,
      info: typeof answer.ErrorInfo === 'string' ? answer.ErrorInfo : '',
    };
  }

  /** Queues an 'after' callback; when the queue is full it is dropped and counted. */
  after(command: CallbackCommand, body: object, origin: CallbackOrigin): void {
    if (this.isClosed) {
      countCallback(command, 'dropped');
      return;
    }
    if (this.pending.length === 0) this.handOverTimer = setTimeout(() => this.handOver(), HAND_OVER_MS);
    this.pending.push(callbackLine(command, origin, payload(command, body)));
    this.pendingCounts.set(command, (this.pendingCounts.get(command) ?? 0) + 1);
    if (this.pending.length >= HAND_OVER_LINES) this.handOver();
  }

  /** Resolves once every queued 'after' callback was posted or dropped, or after `graceMs`; then drops the rest. */
  async close(graceMs: number): Promise<void> {
    this.isClosed = true;
    this.handOver();
    const thread = this.thread;
    if (!thread) return;
    this.thread = null;
    if (!thread.calls.failure) {
      const closed = new Promise<void>((resolve) => {
        thread.worker.on('message', (news: ThreadNews) => news.kind === 'closed' && resolve());
        thread.worker.once('exit', () => resolve());
      });
      thread.worker.postMessage({ kind: 'close', graceMs });
      await closed;
    }
    await thread.worker.terminate();
    this.dropOutstanding();
  }

  private handOver(): void {
    if (this.handOverTimer) clearTimeout(this.handOverTimer);
    this.handOverTimer = null;
    if (this.pending.length === 0) return;
    const lines = this.pending.join('\n');
    const counts = this.pendingCounts;
    this.pending = [];
    this.pendingCounts = new Map();
    const { worker } = this.ensureThread();
    for (const [command, n] of counts) this.outstanding.set(command, (this.outstanding.get(command) ?? 0) + n);
    worker.ref();
    worker.postMessage({ kind: 'after', lines });
  }

  /**
   * The posting thread, started on first use and again after a failure. It keeps the process
   * alive only while a callback is out, so an exit does not cut one off.
   */
  private ensureThread(): { worker: Worker; calls: WorkerCalls } {
    if (!this.thread || this.thread.calls.failure) {
      // Callbacks the failed thread held are lost with it: counted, never silently.
      this.dropOutstanding();
      const worker = new Worker(new URL('./callback-worker.mjs', import.meta.url), {
        execArgv: plainWorkerExecArgv(),
        workerData: {
          url: this.settings.url,
          sdkAppID: this.settings.sdkAppID,
          token: this.settings.token,
          timeoutMs: this.settings.timeoutMs,
          queueLimit: this.settings.queueLimit,
          attempts: this.settings.attempts,
          retryDelayMs: this.settings.retryDelayMs,
          concurrency: AFTER_CONCURRENCY,
        },
      });
      worker.on('message', (news: ThreadNews) => {
        if (news.kind === 'outcomes') this.counted(news.counts);
      });
      worker.unref();
      this.thread = { worker, calls: workerCalls(worker, 'the callbacks thread') };
    }
    return this.thread;
  }

  private counted(counts: Array<[CallbackCommand, string, number]>): void {
    for (const [command, outcome, n] of counts) {
      countCallback(command, outcome, n);
      if (outcome !== 'retried') this.outstanding.set(command, (this.outstanding.get(command) ?? 0) - n);
    }
    this.unrefWhenIdle();
  }

  private unrefWhenIdle(): void {
    if (!this.thread || this.thread.calls.busy) return;
    for (const n of this.outstanding.values()) if (n > 0) return;
    this.thread.worker.unref();
  }

  private dropOutstanding(): void {
    for (const [command, n] of this.outstanding) if (n > 0) countCallback(command, 'dropped', n);
    this.outstanding.clear();
  }
}

/** Tencent's callback body: CallbackCommand first, then the event's fields. */
function payload(command: CallbackCommand, body: object): string {
  const fields = JSON.stringify(body);
  // Concatenated rather than spread into a new object: this runs for every message sent.
  return fields === '{}' ? `{"CallbackCommand":"${command}"}` : `{"CallbackCommand":"${command}",${fields.slice(1)}`;
}

/**
 * One 'after' callback as the thread reads it: command, client IP, platform and body, separated by
 * tabs. None holds a tab or a line break: JSON escapes both, and the others are ours.
 */
function callbackLine(command: CallbackCommand, origin: CallbackOrigin, body: string): string {
  return `${command}\t${origin.clientIP}\t${origin.platform}\t${body}`;
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
