import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { type WorkerCalls, workerCalls } from '../../workers/worker-calls';

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

let thread: WorkerCalls | null = null;

/** One hashing thread for the process, started on first use (again after a failure); it keeps the process alive only while busy. */
function argon2(op: 'hash' | 'verify', args: Record<string, unknown>): Promise<string | boolean> {
  if (!thread || thread.failure) {
    const worker = new Worker(new URL('./argon2-worker.mjs', import.meta.url));
    thread = workerCalls(worker, 'the password hashing thread', { refWhileBusy: true });
  }
  return thread.call({ op, args }) as Promise<string | boolean>;
}
