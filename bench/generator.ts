/** The orchestrator's handle on the load-generator worker processes (bench/worker.ts). */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { Command, CommandResults, Envelope, Reply } from './ipc';
import { REPO_ROOT } from './server-process';

export class Generator {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(readonly workers: ChildProcess[]) {
    for (const worker of workers) {
      worker.on('message', (reply: Reply) => {
        const w = this.waiting.get(reply.seq);
        if (!w) return;
        this.waiting.delete(reply.seq);
        if (reply.ok) w.resolve(reply.result);
        else w.reject(new Error(reply.error));
      });
      worker.on('exit', (code) => {
        for (const w of this.waiting.values()) w.reject(new Error(`load worker exited (${code})`));
        this.waiting.clear();
      });
    }
  }

  static start(count: number): Generator {
    const workers = Array.from({ length: count }, () =>
      fork(join(REPO_ROOT, 'bench', 'worker.ts'), [], {
        cwd: REPO_ROOT,
        execArgv: ['--conditions=@liaison/source', '--import', 'tsx', '--max-old-space-size=4096'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    return new Generator(workers);
  }

  get size(): number {
    return this.workers.length;
  }

  get pids(): number[] {
    return this.workers.map((w) => w.pid ?? 0);
  }

  /** Runs one command in worker i; rejects after timeoutMs so that nothing waits forever. */
  call<C extends Command>(i: number, command: C, timeoutMs: number): Promise<CommandResults[C['cmd']]> {
    const worker = this.workers[i];
    if (!worker) throw new Error(`no worker ${i}`);
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(seq);
        reject(new Error(`worker ${i}: ${command.cmd} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(seq, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as CommandResults[C['cmd']]);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      worker.send({ seq, command } satisfies Envelope);
    });
  }

  /** The same kind of command in every worker, built per worker index. */
  all<C extends Command>(build: (i: number) => C, timeoutMs: number): Promise<Array<CommandResults[C['cmd']]>> {
    return Promise.all(this.workers.map((_, i) => this.call(i, build(i), timeoutMs)));
  }

  stop(): void {
    for (const worker of this.workers) if (worker.connected) worker.disconnect();
    const timer = setTimeout(() => {
      for (const worker of this.workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    }, 5000);
    timer.unref();
  }
}

/** Splits items round-robin into n lists. */
export function split<T>(items: readonly T[], n: number): T[][] {
  const out: T[][] = Array.from({ length: n }, () => []);
  items.forEach((item, i) => {
    out[i % n]?.push(item);
  });
  return out;
}
