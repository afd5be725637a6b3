/**
 * The lean raw-protocol client the load generator uses: one `ws` socket, a request-id counter and
 * a pending-reply map, nothing else.
 *
 * Why not @liaison/sdk: the SDK keeps per-session state (conversation models, message caches, sync
 * cursors, zod validation of every frame, reconnect timers). Ten thousand such sessions, or
 * hundreds of thousands of validated pushes a second, would make the generator, not the server,
 * the bottleneck on this 2-core machine, where the generator and the server share the CPU.
 *
 * The hot path avoids JSON.parse: replies are matched by reading `{"id":N,"ok":true|false` at the
 * start of the frame, and a message push is recognised by its `{"event":"message"` prefix and
 * timed by a `~t<epoch ms>~` stamp inside the message text. Anything else (or anything in another
 * key order) falls back to JSON.parse, so the shortcut is an optimisation, never a dependency.
 */
import WebSocket from 'ws';
import { now } from './proc';

export type ReplyHandler = (ok: boolean, frame: string) => void;

export interface Push {
  event: string;
  data: unknown;
}

const REPLY_PREFIX = '{"id":';
const MESSAGE_PUSH_PREFIX = '{"event":"message"';
const TYPING_PUSH_PREFIX = '{"event":"typing"';
export const STAMP = '~t';

export class LeanClient {
  private nextID = 1;
  private readonly pending = new Map<number, ReplyHandler>();
  /** Called for every message push with the send stamp found in its text (NaN if none) and the frame. */
  onMessage: (stampMs: number, frame: string) => void = () => undefined;
  /** Called for every typing push, unparsed (the typing bench counts them). */
  onTyping: () => void = () => undefined;
  /** Called for every other push, parsed. */
  onPush: (push: Push) => void = () => undefined;
  closed = false;

  private constructor(
    readonly userID: string,
    private readonly ws: WebSocket,
  ) {
    ws.on('message', (data: Buffer) => this.receive(data.toString('latin1'), data));
    ws.on('close', () => {
      this.closed = true;
      for (const handler of this.pending.values()) handler(false, '{"error":{"code":-1,"message":"socket closed"}}');
      this.pending.clear();
    });
    ws.on('error', () => undefined);
  }

  /**
   * Opens a socket and logs in; rejects with the server's error or a timeout. `localAddress` binds
   * the socket to that source address (ws hands it to http.request, then net.connect).
   */
  static async connect(
    url: string,
    userID: string,
    login: { SDKAppID: number; userSig: string },
    timeoutMs = 30_000,
    localAddress?: string,
  ): Promise<LeanClient> {
    const ws = new WebSocket(url, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      handshakeTimeout: timeoutMs,
      ...(localAddress ? { localAddress } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode} on upgrade`)));
    });
    const client = new LeanClient(userID, ws);
    try {
      await client.request('login', { SDKAppID: login.SDKAppID, userID, userSig: login.userSig }, timeoutMs);
    } catch (err) {
      ws.terminate();
      throw err;
    }
    return client;
  }

  get inflight(): number {
    return this.pending.size;
  }

  /** Hot path: the body is serialised by the caller; the handler gets the raw reply frame. */
  sendRaw(op: string, bodyJson: string, onReply: ReplyHandler): boolean {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return false;
    const id = this.nextID++;
    this.pending.set(id, onReply);
    this.ws.send(`{"id":${id},"op":"${op}","body":${bodyJson}}`);
    return true;
  }

  /** Slow path for setup operations: parsed reply data, or a rejection with the error body. */
  request(op: string, body: unknown, timeoutMs = 30_000): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${op} timed out after ${timeoutMs} ms`)), timeoutMs);
      const sent = this.sendRaw(op, JSON.stringify(body), (ok, frame) => {
        clearTimeout(timer);
        const parsed = JSON.parse(frame) as { data?: unknown; error?: { code: number; message: string } };
        if (ok) resolve(parsed.data);
        else reject(new Error(`${op} failed: ${parsed.error?.code} ${parsed.error?.message}`));
      });
      if (!sent) {
        clearTimeout(timer);
        reject(new Error(`${op}: socket not open`));
      }
    });
  }

  close(): void {
    this.closed = true;
    this.ws.terminate();
  }

  private receive(text: string, raw: Buffer): void {
    if (text.startsWith(REPLY_PREFIX)) {
      const comma = text.indexOf(',', REPLY_PREFIX.length);
      const id = Number(text.slice(REPLY_PREFIX.length, comma));
      const handler = this.pending.get(id);
      if (handler) {
        this.pending.delete(id);
        handler(text.startsWith('"ok":true', comma + 1), text);
        return;
      }
    } else if (text.startsWith(MESSAGE_PUSH_PREFIX)) {
      this.onMessage(readStamp(text), text);
      return;
    } else if (text.startsWith(TYPING_PUSH_PREFIX)) {
      this.onTyping();
      return;
    }
    this.receiveParsed(raw);
  }

  private receiveParsed(raw: Buffer): void {
    let frame: { id?: number | null; ok?: boolean; event?: string; data?: unknown };
    try {
      frame = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    if (typeof frame.event === 'string') {
      if (frame.event === 'message') this.onMessage(readStamp(raw.toString('latin1')), raw.toString('utf8'));
      else this.onPush({ event: frame.event, data: frame.data });
      return;
    }
    if (typeof frame.id === 'number') {
      const handler = this.pending.get(frame.id);
      if (handler) {
        this.pending.delete(frame.id);
        handler(frame.ok === true, raw.toString('utf8'));
      }
    }
  }
}

function readStamp(text: string): number {
  const at = text.indexOf(STAMP);
  return at < 0 ? Number.NaN : Number.parseFloat(text.slice(at + STAMP.length, at + STAMP.length + 20));
}

/** Message text of about `bytes` characters carrying the send stamp. */
export function stampedText(stampMs: number, padding: string): string {
  return `${STAMP}${stampMs.toFixed(3)}~${padding}`;
}

export { now };
