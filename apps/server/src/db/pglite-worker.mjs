// The embedded database's own thread: PGlite runs SQL synchronously, so on the main thread every
// statement would stop WebSocket reads and writes. Plain JavaScript so that it starts under any
// runner (the server, tests) without a TypeScript loader. Protocol: see pglite.ts.
// It also runs as a process of its own (`node pglite-worker.mjs <dataDir>`), which sets a new
// cluster up: see open.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's defaults with a smaller buffer pool. PGlite keeps PostgreSQL's shared memory in its
 * WASM memory and never returns it, so shared_buffers stays resident: initdb's 128 MB was a
 * quarter of the idle server. 64 MB cost the send path nothing measurable; 32 MB cost it 5–8 %
 * (docs/performance.md, issue 26).
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

/** The thread's port or, in a process of its own, its IPC channel (which has no transfer list). */
const port = parentPort ?? {
  postMessage: (message) => process.send(message),
  on: (event, listener) => process.on(event, listener),
};
const { dataDir, template } = parentPort ? workerData : { dataDir: process.argv[2], template: null };
const db = await PGlite.create(dataDir ?? 'memory://', {
  ...(template ? { loadDataDir: new Blob([template]) } : {}),
  startParams,
});
/** Open transactions: tx id → the function that hands it its next message. */
const transactions = new Map();

port.on('message', (msg) => {
  switch (msg.kind) {
    case 'query':
      void reply(msg.id, () => db.query(msg.text, msg.params));
      return;
    case 'begin':
      begin(msg);
      return;
    case 'txQuery':
    case 'commit':
    case 'rollback':
      // The main thread sends these only after `begin` was answered, so the transaction is open.
      transactions.get(msg.tx)?.(msg);
      return;
    case 'snapshot':
      void snapshot(msg.id);
      return;
    case 'close':
      void db.close().then(() => port.postMessage({ id: msg.id, result: [] }));
      return;
  }
});
port.postMessage({ ready: true });

async function reply(id, run) {
  try {
    const result = await run();
    port.postMessage({ id, result: result.rows });
  } catch (err) {
    port.postMessage({ id, error: { message: err?.message ?? String(err), code: err?.code } });
  }
}

/**
 * The data directory as a gzipped tarball (PGlite's dumpDataDir). It is taken inside a
 * transaction of its own, so no other transaction interleaves, and between statements (the dump
 * holds PGlite's query lock): a crash-consistent copy that holds every committed transaction.
 */
async function snapshot(id) {
  try {
    const bytes = await db.transaction(async () => new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer()));
    port.postMessage({ id, result: bytes }, [bytes.buffer]);
  } catch (err) {
    port.postMessage({ id, error: { message: err?.message ?? String(err) } });
  }
}

function begin(msg) {
  let finishID = null;
  db.transaction(async (tx) => {
    const inbox = [];
    let wake = null;
    transactions.set(msg.tx, (next) => {
      inbox.push(next);
      wake?.();
    });
    port.postMessage({ id: msg.id, result: [] });
    for (;;) {
      while (inbox.length === 0) await new Promise((resolve) => (wake = resolve));
      const next = inbox.shift();
      if (next.kind === 'txQuery') {
        await reply(next.id, () => tx.query(next.text, next.params));
        continue;
      }
      finishID = next.id;
      if (next.kind === 'rollback') await tx.rollback();
      return;
    }
  })
    .then(
      () => port.postMessage({ id: finishID, result: [] }),
      (err) => port.postMessage({ id: finishID ?? msg.id, error: { message: err?.message ?? String(err) } }),
    )
    .finally(() => transactions.delete(msg.tx));
}
