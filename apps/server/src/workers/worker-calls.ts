import type { TransferListItem } from 'node:worker_threads';

/** What our worker threads answer: `{id, result}` or `{id, error}`; messages without an id are ignored. */
type Reply =
  | { id: number; result: unknown }
  | { id: number; error: { message: string; code?: string } }
  | { id?: undefined };

/**
 * The thread that calls go to: a Worker, or what talks like one (db/pglite.ts sets a new database
 * up in a process of its own).
 */
export interface CallTarget {
  postMessage(message: unknown, transfer?: readonly TransferListItem[]): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'exit', listener: (code: number | null) => void): unknown;
  ref(): void;
  unref(): void;
}

export interface WorkerCalls {
  /**
   * Posts `{...message, id}` and resolves with the worker's `result` for that id; `transfer`
   * moves buffers to the thread instead of copying them (they are unusable here afterwards).
   */
  call(message: Record<string, unknown>, transfer?: readonly TransferListItem[]): Promise<unknown>;
  /** Set once the thread failed or exited; every call from then on rejects with it. */
  readonly failure: Error | null;
  /** Whether a call is waiting for its answer. */
  readonly busy: boolean;
}

/**
 * Request and answer over a worker thread. A thread that fails or exits fails every call waiting
 * and every later one. With `refWhileBusy` the thread keeps the process alive only while a call
 * is waiting.
 */
export function workerCalls(worker: CallTarget, what: string, options: { refWhileBusy?: boolean } = {}): WorkerCalls {
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (err: Error) => void }>();
  let nextID = 0;
  let failure: Error | null = null;
  if (options.refWhileBusy) worker.unref();

  worker.on('message', (message) => {
    const reply = message as Reply;
    if (reply.id === undefined) return;
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (options.refWhileBusy && pending.size === 0) worker.unref();
    if ('error' in reply) waiter.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else if ('result' in reply) waiter.resolve(reply.result);
  });
  const fail = (err: Error) => {
    failure = err;
    for (const waiter of pending.values()) waiter.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`${what} exited (code ${code})`)));

  return {
    call(message, transfer = []) {
      if (failure) return Promise.reject(failure);
      const id = ++nextID;
      return new Promise((resolve, reject) => {
        if (options.refWhileBusy && pending.size === 0) worker.ref();
        pending.set(id, { resolve, reject });
        worker.postMessage({ ...message, id }, transfer);
      });
    },
    get failure() {
      return failure;
    },
    get busy() {
      return pending.size > 0;
    },
  };
}
