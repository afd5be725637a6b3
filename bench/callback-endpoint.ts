import { createServer, type Server } from 'node:http';
import { type AddressInfo, type Server as NetServer, createServer as netServer, type Socket } from 'node:net';

/** BENCH_CALLBACKS: which of Tencent's message callbacks the measured server posts, or none. */
export type BenchCallbacks = 'after' | 'before' | null;

/**
 * BENCH_CALLBACK_ENDPOINT: `lean` (default) reads requests off the socket and answers all it read
 * at once, so the endpoint, which shares the cores with the measured server here but would not in
 * use, takes as little of them as an HTTP server can; `node` is node:http, a typical backend.
 */
export type BenchEndpointKind = 'lean' | 'node';

const ANSWER = '{"ActionStatus":"OK","ErrorCode":0,"ErrorInfo":""}';
const LEAN_ANSWER = Buffer.from(
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nkeep-alive: timeout=60\r\ncontent-length: ${ANSWER.length}\r\n\r\n${ANSWER}`,
);

const COMMANDS: Record<'after' | 'before', string> = {
  after: 'C2C.CallbackAfterSendMsg,Group.CallbackAfterSendMsg',
  before: 'C2C.CallbackBeforeSendMsg,Group.CallbackBeforeSendMsg',
};

/**
 * An app backend on loopback that answers every callback at once with Tencent's OK, so a run with
 * BENCH_CALLBACKS measures what callbacks cost the send path (the server's env points at it).
 */
export class BenchCallbackEndpoint {
  received = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server | NetServer,
    readonly kind: 'after' | 'before',
  ) {}

  static async start(kind: 'after' | 'before', endpointKind: BenchEndpointKind): Promise<BenchCallbackEndpoint> {
    let endpoint: BenchCallbackEndpoint | null = null;
    const count = (n: number) => {
      if (endpoint) endpoint.received += n;
    };
    const server = endpointKind === 'node' ? nodeServer(count) : leanServer(count);
    server.on('connection', (socket: Socket) => {
      endpoint?.sockets.add(socket);
      socket.on('close', () => endpoint?.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = new BenchCallbackEndpoint(server, kind);
    return endpoint;
  }

  /** What the measured server's environment needs to post this endpoint's callbacks. */
  get env(): Record<string, string> {
    const { port } = this.server.address() as AddressInfo;
    return { CALLBACK_URL: `http://127.0.0.1:${port}/bench-callback`, CALLBACK_COMMANDS: COMMANDS[this.kind] };
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function nodeServer(count: (n: number) => void): Server {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count(1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(ANSWER);
    });
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

/** HTTP/1.1 as the callbacks client speaks it (a Content-Length body); every request read is answered in one write. */
function leanServer(count: (n: number) => void): NetServer {
  return netServer((socket) => {
    socket.setNoDelay(true);
    let buffered: Buffer | null = null;
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered ? Buffer.concat([buffered, chunk]) : chunk;
      let requests = 0;
      while (buffered) {
        const headEnd: number = buffered.indexOf('\r\n\r\n');
        if (headEnd === -1) break;
        const length = /\r\ncontent-length: *(\d+)/i.exec(buffered.toString('latin1', 0, headEnd));
        const end: number = headEnd + 4 + Number(length?.[1] ?? 0);
        if (buffered.length < end) break;
        requests++;
        buffered = end === buffered.length ? null : buffered.subarray(end);
      }
      if (requests === 0) return;
      count(requests);
      socket.write(requests === 1 ? LEAN_ANSWER : Buffer.concat(Array(requests).fill(LEAN_ANSWER)));
    });
    socket.on('error', () => socket.destroy());
  });
}

export function benchEndpointFrom(value: string | undefined): BenchEndpointKind {
  if (!value || value === 'lean') return 'lean';
  if (value === 'node') return value;
  throw new Error(`BENCH_CALLBACK_ENDPOINT must be "lean" or "node", got "${value}"`);
}

export function benchCallbacksFrom(value: string | undefined): BenchCallbacks {
  if (!value) return null;
  if (value === 'after' || value === 'before') return value;
  throw new Error(`BENCH_CALLBACKS must be "after" or "before", got "${value}"`);
}

/**
 * The measured server's count of its callbacks by outcome (ok, retried, dropped …), from its
 * /metrics: a run whose server dropped callbacks to keep up says so beside its throughput.
 */
export async function callbackOutcomes(serverURL: string): Promise<Record<string, number>> {
  const exposition = await (await fetch(`${serverURL}/metrics`)).text();
  const outcomes: Record<string, number> = {};
  for (const line of exposition.split('\n')) {
    const match = /^liaison_callbacks_total\{[^}]*outcome="([a-z]+)"[^}]*\} (\d+)/.exec(line);
    if (match) outcomes[match[1] as string] = (outcomes[match[1] as string] ?? 0) + Number(match[2]);
  }
  return outcomes;
}
