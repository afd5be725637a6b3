/**
 * jsdom globals for component tests that also start the real server in-process.
 *
 * Such a file runs in vitest's `node` environment and imports this module FIRST. In the plain
 * `jsdom` environment vitest transforms modules for the browser, which rewrites the server's
 * `new URL('./migrations/', import.meta.url)` into an http URL and breaks it; and a custom
 * environment cannot be named by path in the per-file comment. So: node transforms, jsdom globals.
 */
import { afterAll } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';

const dom = await builtinEnvironments.jsdom.setup(globalThis, {});
// React's act() warnings are off unless the environment says it is a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterAll(async () => {
  await dom.teardown(globalThis);
});
