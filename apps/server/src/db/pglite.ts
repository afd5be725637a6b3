import { Worker } from 'node:worker_threads';
import type { Database, Sql } from './database';

type Reply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/**
 * Embedded PostgreSQL (PGlite, WASM) on a worker thread, so SQL and the gateway's WebSocket work
 * run side by side. dataDir null keeps everything in memory (tests).
 * Messages: query, begin / txQuery / commit / rollback (one transaction at a time is run by
 * PGlite; others wait), close.
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let nextID = 0;
  let nextTx = 0;
  let failure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if ('error' in reply) waiter.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else waiter.resolve(reply.rows);
  });
  const fail = (err: Error) => {
    failure = err;
    for (const waiter of pending.values()) waiter.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the embedded database thread exited (code ${code})`)));

  const call = (message: Record<string, unknown>): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = ++nextID;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };

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
    async close() {
      await call({ kind: 'close' });
      await worker.terminate();
    },
  };
}
