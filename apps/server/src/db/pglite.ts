import { fork, type Serializable } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type CallTarget, workerCalls } from '../workers/worker-calls';
import { plainWorkerExecArgv } from '../workers/worker-exec-argv';
import type { Database, Sql } from './database';

/**
 * Embedded PostgreSQL (PGlite, WASM) on a worker thread, so SQL and the gateway's WebSocket work
 * run side by side. dataDir null keeps everything in memory (tests); `template`, a dump taken by
 * snapshot(), is what an in-memory database starts from. `ownProcess` runs it in a process of its
 * own instead, for work whose memory this process should not keep (setting a new cluster up).
 * Messages: query, begin / txQuery / commit / rollback (one transaction at a time is run by
 * PGlite; others wait), snapshot, close.
 */
export async function openPglite(
  dataDir: string | null,
  template: Uint8Array | null = null,
  options: { ownProcess?: boolean } = {},
): Promise<Database & Required<Pick<Database, 'snapshot'>>> {
  const what = options.ownProcess ? 'the embedded database process' : 'the embedded database thread';
  const peer = options.ownProcess && dataDir !== null ? databaseProcess(dataDir) : databaseThread(dataDir, template);
  await new Promise<void>((resolve, reject) => {
    peer.events.once('message', () => resolve());
    peer.events.once('error', reject);
    peer.events.once('exit', (code) => reject(new Error(`${what} exited (code ${code}) before it was ready`)));
  });
  let nextTx = 0;
  const calls = workerCalls(peer.target, what);
  const call = async (message: Record<string, unknown>) => (await calls.call(message)) as unknown[];

  return {
    engine: 'pglite',
    async query<Row>(text: string, params: unknown[] = []) {
      return (await call({ kind: 'query', text, params })) as Row[];
    },
    async transaction(fn) {
      const tx = ++nextTx;
      await call({ kind: 'begin', tx });
      const sql: Sql = {
        async query<Row>(text: string, params: unknown[] = []) {
          return (await call({ kind: 'txQuery', tx, text, params })) as Row[];
        },
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(sql);
      } catch (err) {
        await call({ kind: 'rollback', tx }).catch(() => undefined);
        throw err;
      }
      await call({ kind: 'commit', tx });
      return result;
    },
    async snapshot() {
      return (await calls.call({ kind: 'snapshot' })) as Uint8Array;
    },
    async close() {
      await call({ kind: 'close' });
      await peer.stop();
    },
  };
}

interface DatabasePeer {
  target: CallTarget;
  /** The Worker or ChildProcess itself, for its first message (PGlite is open). */
  events: EventEmitter;
  /** Ends the thread or process; after `close`, whose answer says PGlite has shut down. */
  stop(): Promise<unknown>;
}

function databaseThread(dataDir: string | null, template: Uint8Array | null): DatabasePeer {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, template },
    execArgv: plainWorkerExecArgv(),
  });
  return { target: worker, events: worker, stop: () => worker.terminate() };
}

/** pglite-worker.mjs as a child process, talking over IPC as the thread does over its port. */
function databaseProcess(dataDir: string): DatabasePeer {
  const child = fork(fileURLToPath(new URL('./pglite-worker.mjs', import.meta.url)), [dataDir], {
    execArgv: plainWorkerExecArgv(),
    serialization: 'advanced',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    target: {
      postMessage: (message) => child.send(message as Serializable),
      on(event: 'message' | 'error' | 'exit', listener: (value: never) => void) {
        child.on(event, listener as (...args: unknown[]) => void);
      },
      ref: () => child.ref(),
      unref: () => child.unref(),
    },
    events: child,
    stop() {
      if (child.connected) child.disconnect();
      return exited;
    },
  };
}
