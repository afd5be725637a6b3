import { ErrorCode, isOpName, LiaisonError } from '@liaison/protocol';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BusDelivery } from '../bus/bus';

/**
 * The server's Prometheus metrics, one set per process (every server in the process adds to them;
 * production runs one). Other modules record through the functions below and never touch prom-client.
 * `GET /metrics` (see access.ts) renders them.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Session counts of the gateways running in this process (one in production; several in tests). */
const sessionSources = new Set<() => number>();

new Gauge({
  name: 'liaison_sessions',
  help: 'Logged-in IM sessions on this process.',
  registers: [registry],
  collect() {
    let total = 0;
    for (const count of sessionSources) total += count();
    this.set(total);
  },
});

const ops = new Counter({
  name: 'liaison_ops_total',
  help: 'IM requests answered, by op and result ("ok" or the catalogue error code).',
  labelNames: ['op', 'result'] as const,
  registers: [registry],
});

const sendLatency = new Histogram({
  name: 'liaison_send_latency_seconds',
  help: 'sendMessage: from the request frame to its acknowledgement (after commit), successful sends.',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const batchSize = new Histogram({
  name: 'liaison_writer_batch_size',
  help: 'Messages committed per group-commit batch.',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
  registers: [registry],
});

const busLag = new Histogram({
  name: 'liaison_bus_lag_seconds',
  help: 'From publishing a push on the bus to its delivery in a process (across hosts it includes clock skew).',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const refusals = new Counter({
  name: 'liaison_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/**
 * Counts one refusal by a rate limit. `kind` names the limit (e.g. `sms_per_address`,
 * `im_send_per_user`); keep it to a fixed set of names, never user input, so the series stay few.
 */
export function countRefusal(kind: string): void {
  refusals.inc({ kind });
}

/** Resolves or rejects as `answer` does, counting the op by result and timing sends. */
export async function observeOp<T>(op: string, answer: Promise<T>): Promise<T> {
  const started = performance.now();
  // Only catalogue names become labels: a client choosing the op string must not create series.
  const label = isOpName(op) ? op : 'unknown';
  try {
    const result = await answer;
    ops.inc({ op: label, result: 'ok' });
    if (op === 'sendMessage') sendLatency.observe((performance.now() - started) / 1000);
    return result;
  } catch (err) {
    ops.inc({ op: label, result: String(err instanceof LiaisonError ? err.code : ErrorCode.INTERNAL) });
    throw err;
  }
}

/** One group-commit batch of `messages` committed. */
export function observeBatch(messages: number): void {
  batchSize.observe(messages);
}

/** A push arrived from the bus; `publishedAt` was stamped by the publishing process. */
export function observeDelivery(delivery: Pick<BusDelivery, 'publishedAt'>): void {
  if (delivery.publishedAt !== undefined) busLag.observe(Math.max(0, Date.now() - delivery.publishedAt) / 1000);
}

/** Adds a gateway's session count to `liaison_sessions`; returns the function that removes it. */
export function trackSessions(count: () => number): () => void {
  sessionSources.add(count);
  return () => sessionSources.delete(count);
}

/** The exposition text and its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

const callbacks = new Counter({
  name: 'liaison_callbacks_total',
  help:
    'Third-party callbacks posted, by command and outcome: ok, refused, rewritten, timeout and unreachable ' +
    "(a 'before' callback that let the send through), invalid (an answer not understood), retried, dropped.",
  labelNames: ['command', 'outcome'] as const,
  registers: [registry],
});

/** One callback outcome; `command` is one of Tencent's callback command names (a fixed set). */
export function countCallback(command: string, outcome: string, n = 1): void {
  callbacks.inc({ command, outcome }, n);
}
