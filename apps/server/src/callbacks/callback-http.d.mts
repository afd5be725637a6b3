import type { ConnectionOptions } from 'node:tls';

/** The callbacks thread's HTTP/1.1 client (callback-http.mjs): kept-alive connections, 'after' POSTs pipelined. */
export class CallbackHttp {
  constructor(origin: URL, options: { timeoutMs: number; tls?: ConnectionOptions });
  /** Rejects with code CALLBACK_TIMEOUT, CALLBACK_CLOSED, CALLBACK_BAD_ANSWER or the socket's error. */
  post(path: string, body: string): Promise<{ status: number; text: string }>;
  /** As `post`, pipelined behind other posts on a connection the endpoint kept alive before. */
  postInLine(path: string, body: string): Promise<{ status: number; text: string }>;
  close(): void;
}
