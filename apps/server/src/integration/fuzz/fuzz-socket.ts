import { pushFrameSchema, type ResponseFrame, responseFrameSchema } from '@liaison/protocol';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../../app';
import { userSigFor } from '../harness';
import type { WireFrame } from './mutations';

/**
 * One raw IM socket for fuzzing: sends a frame and resolves with the next response frame.
 * Every frame the server sends must be a well-formed response or push; anything else, and a
 * socket the server closes, fails the exchange.
 */
export class FuzzSocket {
  private waiting: { resolve: (frame: ResponseFrame) => void; reject: (err: Error) => void } | null = null;
  private fault: Error | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => this.handleFrame(raw.toString()));
    socket.on('close', (code) => this.fail(new Error(`the server closed the socket (${code})`)));
    socket.on('error', (err) => this.fail(err));
  }

  static async open(server: Pick<LiaisonServer, 'url'>): Promise<FuzzSocket> {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/im`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new FuzzSocket(socket);
  }

  exchange(frame: WireFrame, timeoutMs = 20_000): Promise<ResponseFrame> {
    if (this.fault) return Promise.reject(this.fault);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`no answer to "${frame.label}" within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      if ('binary' in frame) this.socket.send(frame.binary, { binary: true });
      else this.socket.send(frame.text);
    });
  }

  request(op: string, body: unknown): Promise<ResponseFrame> {
    return this.exchange({ label: op, text: JSON.stringify({ id: 1, op, body }) });
  }

  login(server: Pick<LiaisonServer, 'app'>, userID: string): Promise<ResponseFrame> {
    return this.request('login', { SDKAppID: server.app.sdkAppID, userID, userSig: userSigFor(server, userID) });
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.close();
  }

  private handleFrame(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.fail(new Error(`the server sent a frame that is not JSON: ${text.slice(0, 200)}`));
      return;
    }
    if (pushFrameSchema.safeParse(frame).success) return;
    const response = responseFrameSchema.safeParse(frame);
    if (!response.success) {
      this.fail(new Error(`the server sent a malformed frame: ${text.slice(0, 200)}`));
      return;
    }
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.resolve(response.data);
    else this.fail(new Error(`the server answered a frame nobody is waiting for: ${text.slice(0, 200)}`));
  }

  private fail(err: Error): void {
    this.fault ??= err;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(err);
  }
}
