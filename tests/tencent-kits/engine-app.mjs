/**
 * The app around Tencent's UI engine, run in its own Node process by engine.test.ts. It is written
 * as Tencent's demo is, plus the one line a port adds (`setDefaultServer`), and does what the test
 * asks over IPC: call an engine service, read the engine's store, log in.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import LiaisonChat from '@tencentcloud/chat';
import * as engine from '@tencentcloud/chat-uikit-engine';

const { TUIChatEngine, TUIStore } = engine;
/** The engine's services the test may call, as Tencent's demo calls them. */
const SERVICES = new Map(
  Object.entries(engine).filter(([name]) => name === 'TUIChatEngine' || /^TUI\w+Service$/.test(name)),
);

const ACTIONS = {
  async login({ server, SDKAppID, userID, userSig }) {
    // The one line a port adds: Tencent's code names no server.
    LiaisonChat.setDefaultServer(server);
    return TUIChatEngine.login({ SDKAppID, userID, userSig, useUploadPlugin: true });
  },
  async call({ service, method, args }) {
    const target = SERVICES.get(service);
    if (typeof target?.[method] !== 'function') throw new Error(`no ${service}.${method}`);
    return target[method](...args.map(revive));
  },
  async store({ storeName, key }) {
    return TUIStore.getData(storeName, key);
  },
  async chatVersion() {
    return { VERSION: LiaisonChat.VERSION, isLiaison: typeof LiaisonChat.setDefaultServer === 'function' };
  },
};

/** Stands the test's references back up as the engine's own objects: its models and a File. */
function revive(value) {
  if (Array.isArray(value)) return value.map(revive);
  if (!value || typeof value !== 'object') return value;
  if ('$message' in value) return TUIStore.getMessageModel(value.$message);
  if ('$conversation' in value) return TUIStore.getConversationModel(value.$conversation);
  if ('$file' in value) {
    const { path, type } = value.$file;
    return new File([readFileSync(path)], basename(path), { type });
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
}

/** What the store holds, as plain data: functions dropped, cycles cut. */
function plain(value, seen = new WeakSet(), depth = 0) {
  if (value === undefined || typeof value === 'function') return undefined;
  if (!value || typeof value !== 'object') return value;
  if (seen.has(value) || depth > 8) return '[cycle]';
  seen.add(value);
  try {
    if (value instanceof Map) return plain(Object.fromEntries(value), seen, depth + 1);
    if (Array.isArray(value)) return value.map((v) => plain(v, seen, depth + 1) ?? null);
    const out = {};
    for (const key of Object.keys(value)) {
      const v = plain(value[key], seen, depth + 1);
      if (v !== undefined) out[key] = v;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

process.on('message', async ({ id, action, params }) => {
  try {
    const result = await ACTIONS[action](params);
    process.send({ id, ok: true, result: plain(result) });
  } catch (error) {
    const { code, message } = error ?? {};
    process.send({ id, ok: false, error: { code, message: String(message ?? error) } });
  }
});
// A browser logs a promise the engine leaves rejected and goes on; the test is told, and asserts none.
process.on('unhandledRejection', (reason) => {
  const { code, message } = reason ?? {};
  process.send({ type: 'unhandled', code, message: String(message ?? reason) });
});
process.send({ type: 'ready' });
