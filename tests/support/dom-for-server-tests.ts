/**
 * jsdom globals for component tests that talk to the real server started in-process.
 *
 * Such a file runs in vitest's `node` environment and imports this module FIRST. In the plain
 * `jsdom` environment vitest transforms modules for the browser, which rewrites the server's
 * `new URL('./migrations/', import.meta.url)` into an http URL and breaks it; and a custom
 * environment cannot be named by path in the per-file comment. So: node transforms, jsdom globals.
 *
 * jsdom's window brings typed arrays from its own realm; the server (jose's `instanceof
 * Uint8Array` on a Buffer, for one) needs Node's, so those stay Node's, as in the browser where
 * there is one realm.
 */
import { builtinEnvironments } from 'vitest/runtime';

const NODE_BINARY = {
  ArrayBuffer,
  Uint8Array,
  Uint8ClampedArray,
  Uint16Array,
  Uint32Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Float32Array,
  Float64Array,
};
/** Node's own, for handing what the page built with jsdom's to Node's fetch. */
export const nodeForms = { FormData, File };
await builtinEnvironments.jsdom.setup(globalThis, {});
Object.assign(globalThis, NODE_BINARY);
// These pages load from a real server on two shared cores: a find that succeeds returns at once,
// one that waits only the default 1 s fails on a loaded machine.
// Imported only now: testing-library and React look for the DOM when they load.
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 10_000 });
// React's act() warnings are off unless the environment says it is a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// No teardown: each test file runs in a worker of its own (vitest's default isolation), and the
// globals go with it. Taking `window` away in an afterAll made React work scheduled after the last
// test (a commit in a root the tests did not render, such as antd's static toast that a request
// failing as the server closes shows) throw "window is not defined" and fail the whole run.
