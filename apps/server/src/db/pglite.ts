import { Worker } from 'node:worker_threads';
import { workerCalls } from '../workers/worker-calls';
import type { Database, Sql } from './database';

/**
 * Embedded PostgreSQL (PGlite, WASM) on a worker thread, so SQL and the gateway's WebSocket work
 * run side by side. dataDir null keeps everything in memory (tests); `template`, a dump taken by
 * snapshot(), is what an in-memory database starts from.
 * Messages: query, begin / txQuery / commit / rollback (one transaction at a time is run by
 * PGlite; others wait), snapshot, close.
 */
export async function openPglite(
  dataDir: string | null,
  template: Uint8Array | null = null,
): Promise<Database & Required<Pick<Database, 'snapshot'>>> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, template } });
  let nextTx = 0;

  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const calls = workerCalls(worker, 'the embedded database thread');
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
      await worker.terminate();
    },
  };
}
