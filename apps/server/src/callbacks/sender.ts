import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { countCallback } from '../metrics/metrics';
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

/** 'After' callbacks posted at once; more wait in the queue. */
const AFTER_CONCURRENCY = 16;

/**
 * Posts callbacks to CALLBACK_URL. A 'before' callback is awaited up to the timeout; an 'after'
 * one is queued and posted in the background (bounded queue, bounded retries), so it never slows
 * the event it reports. Every outcome is counted in liaison_callbacks_total.
 */
export class CallbackSender {
  private readonly queue: Array<{ command: CallbackCommand; body: object; origin: CallbackOrigin; attempt: number }> =
    [];
  private running = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idle: (() => void) | null = null;

  constructor(private readonly settings: CallbackSettings & { url: string }) {}

  isOn(command: CallbackCommand): boolean {
    return this.settings.commands.has(command);
  }

  async before(command: CallbackCommand, body: object, origin: CallbackOrigin): Promise<BeforeAnswer> {
    let response: { status: number; text: string };
    try {
      response = await this.post(command, body, origin);
    } catch (err) {
      countCallback(command, err instanceof CallbackTimeout ? 'timeout' : 'unreachable');
      return { kind: 'none' };
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
    if (this.queue.length >= this.settings.queueLimit) {
      countCallback(command, 'dropped');
      return;
    }
    this.queue.push({ command, body, origin, attempt: 1 });
    this.pump();
  }

  /** Resolves once every queued 'after' callback was posted or dropped, or after `graceMs`; then drops the rest. */
  async close(graceMs: number): Promise<void> {
    if (this.running > 0 || this.queue.length > 0 || this.timers.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        this.idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const item of this.queue.splice(0)) countCallback(item.command, 'dropped');
  }

  private pump(): void {
    while (this.running < AFTER_CONCURRENCY && this.queue.length > 0) {
      const item = this.queue.shift();
      if (!item) return;
      this.running++;
      void this.deliver(item).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && this.queue.length === 0 && this.timers.size === 0) this.idle?.();
      });
    }
  }

  private async deliver(item: (typeof this.queue)[number]): Promise<void> {
    const ok = await this.post(item.command, item.body, item.origin).then(
      (response) => isOk(response.status),
      () => false,
    );
    if (ok) {
      countCallback(item.command, 'ok');
      return;
    }
    if (item.attempt >= this.settings.attempts) {
      countCallback(item.command, 'dropped');
      return;
    }
    countCallback(item.command, 'retried');
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.queue.push({ ...item, attempt: item.attempt + 1 });
        this.pump();
      },
      this.settings.retryDelayMs * 2 ** (item.attempt - 1),
    );
    this.timers.add(timer);
  }

  /** One POST on a kept-alive connection; rejects with CallbackTimeout when no full answer came in time. */
  private post(
    command: CallbackCommand,
    body: object,
    origin: CallbackOrigin,
  ): Promise<{ status: number; text: string }> {
    const url = this.urlFor(command, origin);
    const payload = JSON.stringify({ CallbackCommand: command, ...body });
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) },
      });
      const timer = setTimeout(() => request.destroy(new CallbackTimeout()), this.settings.timeoutMs);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      });
      request.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      request.end(payload);
    });
  }

  /** Tencent's query string; with a token, its callback authentication: Sign = sha256(token + RequestTime). */
  private urlFor(command: CallbackCommand, origin: CallbackOrigin): URL {
    const url = new URL(this.settings.url);
    url.searchParams.set('SdkAppid', String(this.settings.sdkAppID));
    url.searchParams.set('CallbackCommand', command);
    url.searchParams.set('contenttype', 'json');
    url.searchParams.set('ClientIP', origin.clientIP);
    url.searchParams.set('OptPlatform', origin.platform);
    if (this.settings.token) {
      const requestTime = String(Math.floor(Date.now() / 1000));
      url.searchParams.set('RequestTime', requestTime);
      url.searchParams.set('Sign', callbackSign(this.settings.token, requestTime));
    }
    return url;
  }
}

/** Tencent's callback signature: hex sha256 of the token followed by RequestTime (seconds). */
export function callbackSign(token: string, requestTime: string): string {
  return createHash('sha256')
    .update(token + requestTime)
    .digest('hex');
}

/** Callbacks reuse connections, as Tencent's do ("persistent connection mode"). */
const httpAgent = new http.Agent({ keepAlive: true });
const httpsAgent = new https.Agent({ keepAlive: true });

class CallbackTimeout extends Error {
  constructor() {
    super('callback timed out');
  }
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
