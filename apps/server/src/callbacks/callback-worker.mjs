// Callbacks are posted from this thread, not the send path's: a POST costs 0.1–0.2 ms of CPU,
// which at a group's ~1,000 messages/s took a third of the main thread. The 'after' queue lives
// here too, so its concurrency does not wait on the threads' round trips.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { CallbackHttp } from './callback-http.mjs';

/** @type {{url: string, sdkAppID: number, token: string | null, timeoutMs: number, queueLimit: number, attempts: number, retryDelayMs: number, concurrency: number}} */
const settings = workerData;
const base = new URL(settings.url);
// Callbacks reuse connections, as Tencent's do ("persistent connection mode").
const http = new CallbackHttp(base, { timeoutMs: settings.timeoutMs });

const queue = [];
const timers = new Set();
let running = 0;
let isClosing = false;
let whenIdle = null;

parentPort.on('message', (message) => {
  if (message.kind === 'before') before(message);
  else if (message.kind === 'after') for (const line of message.lines.split('\n')) enqueue(afterItem(line));
  else if (message.kind === 'close') close(message.graceMs);
});

function before({ id, command, payload, clientIP, platform }) {
  http.post(pathFor(command, clientIP, platform), payload).then(
    (result) => parentPort.postMessage({ id, result }),
    (err) => parentPort.postMessage({ id, error: { message: err.message, code: err.code } }),
  );
}

/** An 'after' callback from its line: command, client IP, platform and body, separated by tabs (sender.ts). */
function afterItem(line) {
  const ip = line.indexOf('\t');
  const platform = line.indexOf('\t', ip + 1);
  const payload = line.indexOf('\t', platform + 1);
  return {
    command: line.slice(0, ip),
    clientIP: line.slice(ip + 1, platform),
    platform: line.slice(platform + 1, payload),
    payload: line.slice(payload + 1),
    attempt: 1,
  };
}

function enqueue(item) {
  if (isClosing || queue.length >= settings.queueLimit) count(item.command, 'dropped');
  else {
    queue.push(item);
    pump();
  }
}

function pump() {
  while (running < settings.concurrency && queue.length > 0) {
    const item = queue.shift();
    running++;
    deliver(item).finally(() => {
      running--;
      pump();
      if (running === 0 && queue.length === 0 && timers.size === 0) whenIdle?.();
    });
  }
}

async function deliver(item) {
  const ok = await http.postInLine(pathFor(item.command, item.clientIP, item.platform), item.payload).then(
    (response) => response.status >= 200 && response.status < 300,
    () => false,
  );
  if (ok) return count(item.command, 'ok');
  if (item.attempt >= settings.attempts || isClosing) return count(item.command, 'dropped');
  count(item.command, 'retried');
  const timer = setTimeout(
    () => {
      timers.delete(timer);
      enqueue({ ...item, attempt: item.attempt + 1 });
    },
    settings.retryDelayMs * 2 ** (item.attempt - 1),
  );
  timers.add(timer);
}

/** Waits for the queue to empty, up to graceMs, then drops what is left and says so. */
async function close(graceMs) {
  if (running > 0 || queue.length > 0 || timers.size > 0) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      whenIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  isClosing = true;
  http.close();
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  for (const item of queue.splice(0)) count(item.command, 'dropped');
  flushCounts();
  parentPort.postMessage({ kind: 'closed' });
}

// Outcomes go to the main thread's metrics at most every COUNTS_EVERY_MS: a message after every
// turn of this thread's loop took an eighth of its time in a profile, and each woke the main thread.
const COUNTS_EVERY_MS = 100;
let counts = new Map();
function count(command, outcome) {
  const key = `${command}\n${outcome}`;
  if (counts.size === 0) setTimeout(flushCounts, COUNTS_EVERY_MS);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
function flushCounts() {
  if (counts.size === 0) return;
  const list = [...counts].map(([key, n]) => [...key.split('\n'), n]);
  counts = new Map();
  parentPort.postMessage({ kind: 'outcomes', counts: list });
}

/**
 * Paths with Tencent's query string but the signature, by command, client IP and platform: a URL
 * built per POST cost the thread twice what parsing the answer's headers did.
 */
const paths = new Map();
/** Distinct paths kept (commands × platforms × client IPs): a bound, not a size reached in use. */
const PATHS_KEPT = 10_000;
let signed = { second: '', query: '' };

/**
 * Tencent's path and query string; with a token, its callback authentication:
 * Sign = hex sha256(token + RequestTime), computed once a second.
 */
function pathFor(command, clientIP, platform) {
  const key = `${command}\t${clientIP}\t${platform}`;
  let path = paths.get(key);
  if (path === undefined) {
    const url = new URL(base);
    url.searchParams.set('SdkAppid', String(settings.sdkAppID));
    url.searchParams.set('CallbackCommand', command);
    url.searchParams.set('contenttype', 'json');
    url.searchParams.set('ClientIP', clientIP);
    url.searchParams.set('OptPlatform', platform);
    path = url.pathname + url.search;
    if (paths.size >= PATHS_KEPT) paths.clear();
    paths.set(key, path);
  }
  if (!settings.token) return path;
  const requestTime = String(Math.floor(Date.now() / 1000));
  if (signed.second !== requestTime) {
    const sign = createHash('sha256')
      .update(settings.token + requestTime)
      .digest('hex');
    signed = { second: requestTime, query: `&RequestTime=${requestTime}&Sign=${sign}` };
  }
  return path + signed.query;
}
