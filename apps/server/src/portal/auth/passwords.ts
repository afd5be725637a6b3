import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. WASM, so no native build step. */
const ARGON2 = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** 8–20 printable characters with at least one letter and one digit. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const PASSWORD_RULE_TEXT = '密码长度为8-20位，且须同时包含字母和数字';

export function hashPassword(password: string): Promise<string> {
  return argon2('hash', { ...ARGON2, password, salt: randomBytes(16), outputType: 'encoded' }) as Promise<string>;
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return argon2('verify', { password, hash }) as Promise<boolean>;
}

type Reply = { id: number; result: string | boolean } | { id: number; error: string };

let worker: Worker | null = null;
let nextID = 0;
const pending = new Map<number, { resolve: (value: string | boolean) => void; reject: (err: Error) => void }>();

/** One hashing thread for the process, started on first use; it keeps the process alive only while busy. */
function argon2(op: 'hash' | 'verify', args: Record<string, unknown>): Promise<string | boolean> {
  if (!worker) {
    const thread = new Worker(new URL('./argon2-worker.mjs', import.meta.url));
    thread.unref();
    thread.on('message', (reply: Reply) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) thread.unref();
      if ('error' in reply) waiter?.reject(new Error(`argon2: ${reply.error}`));
      else waiter?.resolve(reply.result);
    });
    const fail = (err: Error) => {
      worker = null;
      for (const waiter of pending.values()) waiter.reject(err);
      pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the password hashing thread exited (code ${code})`)));
    worker = thread;
  }
  const id = ++nextID;
  const thread = worker;
  return new Promise((resolve, reject) => {
    if (pending.size === 0) thread.ref();
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, op, args });
  });
}
