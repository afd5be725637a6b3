// Argon2 runs here, off the main thread: one hash holds a core for ~65 ms, which would stall
// every WebSocket on the gateway meanwhile.
import { parentPort } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';

parentPort.on('message', async ({ id, op, args }) => {
  try {
    const result = op === 'hash' ? await argon2id(args) : await argon2Verify(args);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: `argon2: ${err instanceof Error ? err.message : String(err)}` } });
  }
});
