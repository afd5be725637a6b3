import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { type WorkerCalls, workerCalls } from '../../workers/worker-calls';
import { plainWorkerExecArgv } from '../../workers/worker-exec-argv';

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

/**
 * Ends the hashing thread unless a hash is running, giving back its memory (argon2's 19 MiB of
 * WASM memory and a V8 heap: ~40 MB of RSS); the next hash starts a new one. For after a burst
 * that does not come back soon, such as seeding the demo data.
 */
export async function stopHashingThread(): Promise<void> {
  if (!thread || thread.calls.busy) return;
  const { worker } = thread;
  thread = null;
  await worker.terminate();
}

let thread: { worker: Worker; calls: WorkerCalls } | null = null;

/** One hashing thread for the process, started on first use (again after a failure or a stop); it keeps the process alive only while busy. */
function argon2(op: 'hash' | 'verify', args: Record<string, unknown>): Promise<string | boolean> {
  if (!thread || thread.calls.failure) {
    const worker = new Worker(new URL('./argon2-worker.mjs', import.meta.url), { execArgv: plainWorkerExecArgv() });
    thread = { worker, calls: workerCalls(worker, 'the password hashing thread', { refWhileBusy: true }) };
  }
  return thread.calls.call({ op, args }) as Promise<string | boolean>;
}
