import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One callback as the app backend received it. */
export interface ReceivedCallback {
  command: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** What the endpoint answers one callback: a JSON body (Tencent's OK by default), after an optional delay. */
export type CallbackReply = { status?: number; json?: unknown; delayMs?: number };

/**
 * A real app backend for tests: a node:http server that records every callback and answers as
 * `reply` says (by default ActionStatus OK, ErrorCode 0).
 */
export class CallbackEndpoint {
  readonly received: ReceivedCallback[] = [];
  reply: (callback: ReceivedCallback) => CallbackReply = () => ({});
  private readonly server: Server;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const query = new URL(req.url ?? '/', 'http://endpoint').searchParams;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const callback = { command: query.get('CallbackCommand') ?? '', query, body };
        this.received.push(callback);
        const answer = this.reply(callback);
        const send = () => {
          res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.json ?? { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' }));
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
  }

  static async start(): Promise<CallbackEndpoint> {
    const endpoint = new CallbackEndpoint();
    await new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve));
    return endpoint;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/im-callback`;
  }

  /** The callbacks of one command received so far. */
  of(command: string): ReceivedCallback[] {
    return this.received.filter((callback) => callback.command === command);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
