/**
 * Loaded with `--import` before the engine: aliases `@tencentcloud/chat` to Liaison's built SDK and
 * refuses (and reports to the test) every connection to anything but this machine's loopback, so
 * a call home by the engine, its plugins or the SDK fails the test.
 */
import { register } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import { pathToFileURL } from 'node:url';

const LOOPBACK = new Set(['127.0.0.1', '::1']);
const sdk = process.env.LIAISON_SDK_ENTRY;
if (!sdk) throw new Error('LIAISON_SDK_ENTRY names the built SDK the engine must load');
register('./engine-hooks.mjs', import.meta.url, { data: { sdkURL: pathToFileURL(sdk).href } });

/** Reports a refused connection to the test, which asserts it saw none. */
function refuse(kind, target) {
  process.send?.({ type: 'refused', kind, target: String(target) });
  return new Error(`${kind} to ${target} refused: only 127.0.0.1 and ::1 are reachable from the engine`);
}

function targetOf(args) {
  const [first, second] = Array.isArray(args[0]) ? args[0] : args;
  if (first && typeof first === 'object') {
    if (first.path) return { host: null, label: first.path };
    return { host: first.host ?? 'localhost', label: `${first.host ?? 'localhost'}:${first.port}` };
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { host: null, label: first };
  return { host: typeof second === 'string' ? second : 'localhost', label: `${second ?? 'localhost'}:${first}` };
}

// Every TCP and TLS client socket (net.connect, tls.connect, http's agents, undici) ends here.
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const { host, label } = targetOf(args);
  if (host !== null && !LOOPBACK.has(host)) {
    const error = refuse('connect', label);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};
for (const [module, name] of [
  [net, 'connect'],
  [net, 'createConnection'],
  [tls, 'connect'],
]) {
  const original = module[name];
  module[name] = function guarded(...args) {
    const { host, label } = targetOf(args);
    if (host !== null && !LOOPBACK.has(host)) throw refuse(`${name}`, label);
    return original.apply(this, args);
  };
}
const originalFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!LOOPBACK.has(host)) return Promise.reject(refuse('fetch', url.href));
  return originalFetch(input, init);
};
