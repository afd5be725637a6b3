import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** BENCH_CALLBACKS: which of Tencent's message callbacks the measured server posts, or none. */
export type BenchCallbacks = 'after' | 'before' | null;

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

  private constructor(
    private readonly server: Server,
    readonly kind: 'after' | 'before',
  ) {}

  static async start(kind: 'after' | 'before'): Promise<BenchCallbackEndpoint> {
    let endpoint: BenchCallbackEndpoint | null = null;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (endpoint) endpoint.received++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ActionStatus":"OK","ErrorCode":0,"ErrorInfo":""}');
      });
    });
    server.keepAliveTimeout = 60_000;
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
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
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
