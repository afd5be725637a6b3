// The embedded database's own thread: PGlite runs SQL synchronously, so on the main thread every
// statement would stop WebSocket reads and writes. Plain JavaScript so that it starts under any
// runner (the server, tests) without a TypeScript loader. Protocol: see pglite.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, template } = workerData;
const db = await PGlite.create(dataDir ?? 'memory://', template ? { loadDataDir: new Blob([template]) } : {});
/** Open transactions: tx id → the function that hands it its next message. */
const transactions = new Map();

parentPort.on('message', (msg) => {
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
      void db.close().then(() => parentPort.postMessage({ id: msg.id, result: [] }));
      return;
  }
});
parentPort.postMessage({ ready: true });

async function reply(id, run) {
  try {
    const result = await run();
    parentPort.postMessage({ id, result: result.rows });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: err?.message ?? String(err), code: err?.code } });
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
    parentPort.postMessage({ id, result: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: { message: err?.message ?? String(err) } });
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
    parentPort.postMessage({ id: msg.id, result: [] });
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
      () => parentPort.postMessage({ id: finishID, result: [] }),
      (err) => parentPort.postMessage({ id: finishID ?? msg.id, error: { message: err?.message ?? String(err) } }),
    )
    .finally(() => transactions.delete(msg.tx));
}
